import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { zipSync, strToU8 } from "fflate";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";

/**
 * Documents for the extractor's tests, made on the spot (no binary fixtures in the
 * repository): text drawn in IBM Plex Sans / IBM Plex Sans Arabic (the @fontsource
 * WOFF2 files; @napi-rs/canvas reads them and shapes Arabic), PDFs by pdf-lib, a DOCX
 * zipped by fflate, a password-protected PDF written by hand (pdf-lib cannot encrypt).
 */
const FONTS = path.resolve("node_modules/@fontsource");
let fontsReady = false;

function registerFonts(): void {
  if (fontsReady) return;
  GlobalFonts.registerFromPath(path.join(FONTS, "ibm-plex-sans/files/ibm-plex-sans-latin-400-normal.woff2"), "Test Plex");
  GlobalFonts.registerFromPath(path.join(FONTS, "ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2"), "Test Plex Arabic");
  fontsReady = true;
}

export const ENGLISH_LINES = ["The quick brown fox jumps over the lazy dog.", "Invoice number 12345 dated March 3, 2024."];
export const ARABIC_LINES = ["مرحبا بكم في مكتبنا", "شهادة الميلاد الرسمية"];

/** Lines of text on a white image (PNG by default), 40 px type: like a scan at 300 dpi of 10 pt text. */
export function textImage(lines: string[], options: { arabic?: boolean; format?: "png" | "jpeg" } = {}): Buffer {
  registerFonts();
  const canvas = createCanvas(1600, 120 + lines.length * 70);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  context.font = `40px '${options.arabic ? "Test Plex Arabic" : "Test Plex"}'`;
  if (options.arabic) {
    context.direction = "rtl";
    context.textAlign = "right";
  }
  lines.forEach((line, index) => context.fillText(line, options.arabic ? canvas.width - 50 : 50, 90 + index * 70));
  return options.format === "jpeg" ? canvas.toBuffer("image/jpeg", 95) : canvas.toBuffer("image/png");
}

/** The same picture as an uncompressed 8-bit grayscale TIFF (no TIFF encoder is installed: written here). */
export function textTiff(lines: string[]): Buffer {
  registerFonts();
  const width = 1600;
  const height = 120 + lines.length * 70;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#000";
  context.font = "40px 'Test Plex'";
  lines.forEach((line, index) => context.fillText(line, 50, 90 + index * 70));
  const rgba = context.getImageData(0, 0, width, height).data;
  const entries: Array<[tag: number, type: 3 | 4, value: number]> = [
    [256, 3, width],
    [257, 3, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 0],
    [277, 3, 1],
    [278, 3, height],
    [279, 4, width * height],
  ];
  const dataOffset = 8 + 2 + entries.length * 12 + 4;
  const out = Buffer.alloc(dataOffset + width * height);
  out.write("II", 0, "latin1");
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  out.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], index) => {
    const at = 10 + index * 12;
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(1, at + 4);
    const actual = tag === 273 ? dataOffset : value;
    if (type === 3) out.writeUInt16LE(actual, at + 8);
    else out.writeUInt32LE(actual, at + 8);
  });
  for (let pixel = 0; pixel < width * height; pixel += 1) out[dataOffset + pixel] = rgba[pixel * 4]!;
  return out;
}

/** A PDF with a text layer: one page per entry, each a few lines in Helvetica. */
export async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595.28, 841.89]);
    lines.forEach((line, index) => page.drawText(line, { x: 72, y: 760 - index * 18, size: 12, font }));
  }
  return pdf.save();
}

/** A "scanned" PDF: each page one image and no text layer. */
export async function scannedPdf(images: Buffer[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const png of images) {
    const image = await pdf.embedPng(png);
    const width = 595.28;
    const height = (image.height / image.width) * width;
    const page = pdf.addPage([width, height]);
    page.drawImage(image, { x: 0, y: 0, width, height });
  }
  return pdf.save();
}

const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A minimal Word document (DOCX): one paragraph per entry. */
export function docx(paragraphs: string[]): Uint8Array {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`).join("");
  return zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    "word/document.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

/**
 * A one-page PDF protected by a password: the standard security handler (RC4, revision 2)
 * with an owner and a user entry that no empty password opens, as a PDF writer leaves them.
 */
export function encryptedPdf(): Uint8Array {
  const hex = (seed: number) => Array.from({ length: 32 }, (_, index) => ((index * 37 + seed) % 256).toString(16).padStart(2, "0")).join("");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>",
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(11)}> /U <${hex(97)}> /P -44 >>`,
    "<< /Length 8 >>\nstream\nxxxxxxxx\nendstream",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return strToU8(out);
}

/** Starts like a PDF, then nothing a reader can use. */
export function corruptPdf(): Uint8Array {
  return strToU8("%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R\ngarbage garbage garbage\n");
}
