import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ClientLogos } from "./client-logos";

describe("client logos", () => {
  it("draws a logo's image sized and lazy, linked to the client's site; a logo without an image is its name", () => {
    const html = renderToString(
      <ClientLogos
        logos={[
          { id: "a", name: "Cedar Bakery", websiteUrl: "https://cedar.example", fileId: "f1", width: 120, height: 40 },
          { id: "b", name: "Rouge Auto", websiteUrl: null, fileId: null, width: null, height: null },
        ]}
      />,
    );
    expect(html).toMatch(
      /<a href="https:\/\/cedar.example" target="_blank" rel="noopener noreferrer"[^>]*><img src="\/resources\/logos\/f1" alt="Cedar Bakery" width="120" height="40" loading="lazy"/,
    );
    expect(html).toContain(">Rouge Auto</li>");
  });
});
