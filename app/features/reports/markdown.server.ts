import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Report bodies are Markdown written by staff; rendered to HTML on the server
 * and sanitised (no scripts, no event handlers, no inline styles; links only
 * http(s)/mailto and opened safely), so the page can show it as HTML.
 *
 * Headings move one level down (# is an <h2>, ## an <h3>, …; ###### stays <h6>):
 * the page's own title is its only <h1>.
 */
const SHIFTED_HEADINGS = { h1: "h2", h2: "h3", h3: "h4", h4: "h5", h5: "h6" } as const;

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return sanitizeHtml(html, {
    allowedTags: ["h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "strong", "em", "del", "code", "pre", "blockquote", "ul", "ol", "li", "a", "table", "thead", "tbody", "tr", "th", "td"],
    allowedAttributes: { a: ["href", "title", "rel", "target"], th: ["align"], td: ["align"] },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: {
      ...SHIFTED_HEADINGS,
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
    },
  });
}
