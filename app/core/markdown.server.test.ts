import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("the Markdown renderer", () => {
  it("removes scripts, frames, pictures, styles and event handlers", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n![x](https://example.com/x.png) <img src=x onerror="alert(1)"> <iframe src="https://evil"></iframe> <p onclick="x()" style="color:red">p</p> <form><input name="a"></form> <style>body{}</style>',
    );
    expect(html).not.toMatch(/<script|alert\(1\)<|<img|onerror|<iframe|onclick|style|<form|<input/);
    expect(html).toContain("<p>p</p>");
  });

  it("keeps web, mail and phone links only; a web link opens apart, without opener, referrer or follow", () => {
    const html = renderMarkdown(
      '[web](https://www.irs.gov "IRS") [js](javascript:alert(1)) <a href="JaVaScRiPt:alert(1)">raw</a> [data](data:text/html,x) [mail](mailto:office@example.com) [call](tel:+15550100) [here](/services) [other](//evil.example) <a href="https://x.example" target="_top" rel="opener" onclick="x()">raw web</a> <a href="/contact" target="_blank">raw here</a>',
    );
    expect(html).toContain('<a href="https://www.irs.gov" title="IRS" rel="noopener noreferrer nofollow" target="_blank">web</a>');
    expect(html).not.toMatch(/javascript|data:/i);
    expect(html).toContain("<a>js</a>");
    expect(html).toContain('<a href="mailto:office@example.com">mail</a>');
    expect(html).toContain('<a href="tel:+15550100">call</a>');
    expect(html).toContain('<a href="/services">here</a>');
    expect(html).toContain("<a>other</a>");
    expect(html).toContain('<a href="https://x.example" rel="noopener noreferrer nofollow" target="_blank">raw web</a>');
    expect(html).toContain('<a href="/contact">raw here</a>');
  });

  it("starts headings at <h2> under the page's own <h1>, or at <h1> where the Markdown holds the page's title", () => {
    const markdown = "# One\n\n## Two\n\n###### Six\n\n<h1>Raw</h1>";
    const levels = (html: string) => [...html.matchAll(/<(h[1-6])>([A-Za-z]+)</g)].map((match) => `${match[1]} ${match[2]}`);
    expect(levels(renderMarkdown(markdown))).toEqual(["h2 One", "h3 Two", "h6 Six", "h2 Raw"]);
    expect(levels(renderMarkdown(markdown, { topHeading: 1 }))).toEqual(["h1 One", "h2 Two", "h6 Six", "h1 Raw"]);
  });

  it("renders lists, emphasis, code, quotes and tables", () => {
    const html = renderMarkdown(
      "- one\n- **two**\n\n1. ~~first~~\n2. `second`\n\n> quoted\n\n| Form | Fee |\n| :--- | ---: |\n| 1040 | 120 |\n\n```\ncode <b>\n```",
    );
    expect(html).toContain("<ul>\n<li>one</li>\n<li><strong>two</strong></li>\n</ul>");
    expect(html).toContain("<ol>\n<li><del>first</del></li>\n<li><code>second</code></li>\n</ol>");
    expect(html).toContain("<blockquote>\n<p>quoted</p>\n</blockquote>");
    expect(html).toContain('<th align="left">Form</th>');
    expect(html).toContain('<td align="right">120</td>');
    expect(html).toContain("<pre><code>code &lt;b&gt;\n</code></pre>");
  });
});
