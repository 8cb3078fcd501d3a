import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkPdf, inlineImageHeads, UnpackRefused } from "./unpack-limits.server";

/** The expression inlineImageHeads replaced (its cost grew with the text times 4,096): what it found is what the scan must find. */
const FORMER = /(?<![^\s])BI\s((?:(?!\sID\s)[\s\S]){0,4096}?)\sID\s/g;
const formerHeads = (text: string) =>
  [...text.matchAll(FORMER)].map((match) => ({ index: match.index, dictionary: match[1]!, dataStart: match.index + match[0].length }));

/** A PDF with one content stream, Flate-encoded, as checkPdf reads it (it looks for streams in the bytes). */
function pdfWithContent(content: string): Buffer {
  const stream = zlib.deflateSync(Buffer.from(content, "latin1"));
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`),
    stream,
    Buffer.from("\nendstream\nendobj\n%%EOF\n"),
  ]);
}

/**
 * About 2 MB of "BI" each followed by one white space (of five, so that the stream compresses no more
 * than a real page and is not refused for its ratio), none with an ID within 4,096 characters, then one
 * inline picture.
 */
const ADVERSARIAL_BIS = 700_000;
function adversarial(width: number, height: number): string {
  let text = "";
  for (let index = 0, seed = 7; index < ADVERSARIAL_BIS; index += 1) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    text += `BI${" \n\t\r\f"[(seed >>> 0) % 5]}`;
  }
  return `${text}BI /W ${width} /H ${height} /BPC 8 /CS /G ID ${"\u0000".repeat(64)} EI Q\n`;
}

describe("inline pictures in a content stream", () => {
  it("are found as the former expression found them: after white space, up to the first ID, at most 4,096 characters of dictionary", () => {
    const cases = [
      "",
      "BI /W 1 /H 1 ID data EI",
      "q BI /W 1 ID x EI Q BI /H 2 ID y EI",
      "xBI /W 1 ID x",
      "BI\n/W 1\nID\nx",
      "BI\u00a0/W 1\u00a0ID\u00a0x",
      "BI\u0085/W 1 ID x",
      "BI ID x",
      "BI  ID x",
      "BI /W 1 IDx ID y",
      "BI /W 1 xID ID y",
      "BI BI BI /W 3 ID z",
      "BI /W 1 ID BI /W 2 ID z",
      "BI /W 1 ID ID ID ",
      `BI ${"x".repeat(4096)} ID data`,
      `BI ${"x".repeat(4097)} ID data BI /W 5 ID more`,
      `${"BI ".repeat(2000)}/W 7 ID data`,
    ];
    for (const text of cases) expect([...inlineImageHeads(text)], JSON.stringify(text.slice(0, 40))).toEqual(formerHeads(text));

    // And on many texts made of the pieces that matter, with a generator seeded for repeatability.
    const pieces = ["BI", "ID", " ", "\n", "\t", "\u00a0", "\u0085", "\u0000", "x", "/W 3", "EI", "B", "I", "D"];
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * pieces.length;
    for (let round = 0; round < 3_000; round += 1) {
      const text = Array.from({ length: 1 + (round % 40) }, () => pieces[Math.floor(random())]).join("");
      expect([...inlineImageHeads(text)], JSON.stringify(text)).toEqual(formerHeads(text));
    }
  });

  it("are found in one pass over 2 MB of BIs without an ID (the input the former expression took seconds a megabyte on)", () => {
    const text = adversarial(10, 10);
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024);
    const heads = [...inlineImageHeads(text)];
    // One picture, beginning at the first BI at most 4,096 characters before its ID: the BIs before it are part of its dictionary.
    const id = text.indexOf(" ID ");
    const first = 3 * Math.ceil((id - 3 - 4096) / 3);
    expect(heads).toEqual([{ index: first, dictionary: text.slice(first + 3, id), dataStart: id + 4 }]);
    expect(heads[0]!.dictionary).toMatch(/BI \/W 10 \/H 10 \/BPC 8 \/CS \/G$/);
  });

  it("are bounded by their pixels behind 2 MB of BIs, and a small one passes", async () => {
    const refused = checkPdf(pdfWithContent(adversarial(10_000, 10_000)));
    await expect(refused).rejects.toThrow(UnpackRefused);
    await expect(refused).rejects.toThrow("an inline picture of 10000 × 10000 pixels");
    await expect(checkPdf(pdfWithContent(adversarial(10, 10)))).resolves.toBeUndefined();
  });

  it("have their Flate data decoded with the stream's cap, and data without an inflating filter counted as the stream's own", async () => {
    const bomb = zlib.deflateSync(Buffer.alloc(4 * 1024 * 1024)).toString("latin1");
    const limits = { maxParts: 10, maxPartBytes: 1024 * 1024, maxTotalBytes: 8 * 1024 * 1024, maxRatio: 100 };
    await expect(checkPdf(pdfWithContent(`q BI /W 10 /H 10 /BPC 8 /CS /G /F /Fl ID ${bomb} EI Q\n`), limits)).rejects.toThrow(UnpackRefused);
    // The same bytes declared as DCT (no filter that inflates): what the stream made is all that counts.
    await expect(checkPdf(pdfWithContent(`q BI /W 10 /H 10 /BPC 8 /CS /G /F /DCT ID ${bomb} EI Q\n`), limits)).resolves.toBeUndefined();
  });
});
