import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * The one Markdown renderer: Markdown written by the firm's people (the site's texts and legal
 * pages, reports) becomes HTML on the server, then sanitised by one rule so the page can show it
 * as HTML. Only the markup Markdown makes is kept (headings, paragraphs, emphasis, code, quotes,
 * lists, tables, links): no scripts, frames, pictures, forms, styles or event handlers. Links keep
 * http(s), mailto and tel addresses only; a web link opens in a new tab without the opener or the
 * referrer, and asks search engines not to follow it.
 *
 * `topHeading` is the level a `#` heading becomes, the deeper ones following down to <h6>: 2 by
 * default, as a page's header holds its only <h1> (a report); 1 where the Markdown's own first
 * heading is the page's title (a legal page).
 */
export type MarkdownOptions = { topHeading?: 1 | 2 };

const MARKDOWN_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];
const WEB_LINK = /^https?:/i;

/** A link's rel and target are the renderer's to set, whatever the Markdown's raw HTML said. */
const openWebLinksApart: sanitizeHtml.Transformer = (tagName, { href, title }) => {
  const attribs: sanitizeHtml.Attributes = {};
  if (href !== undefined) attribs.href = href;
  if (title !== undefined) attribs.title = title;
  if (href !== undefined && WEB_LINK.test(href.trim())) Object.assign(attribs, { rel: "noopener noreferrer nofollow", target: "_blank" });
  return { tagName, attribs };
};

function headingsFrom(topHeading: 1 | 2): Record<string, string> {
  const shift = topHeading - 1;
  const headings: Record<string, string> = {};
  for (let level = 1; level <= 6; level++) headings[`h${level}`] = `h${Math.min(level + shift, 6)}`;
  return headings;
}

export function renderMarkdown(markdown: string, { topHeading = 2 }: MarkdownOptions = {}): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return sanitizeHtml(html, {
    allowedTags: MARKDOWN_TAGS,
    allowedAttributes: { a: ["href", "title", "rel", "target"], th: ["align"], td: ["align"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: { ...headingsFrom(topHeading), a: openWebLinksApart },
  });
}
