import fs from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

/**
 * The certificate of translation accuracy as a PDF (pdf-lib), always in English: USCIS asks for
 * the translator's certification in English (8 CFR 103.2(b)(3)). Set in IBM Plex Sans, the
 * site's face (the @fontsource WOFF files, which fontkit reads; its WOFF2 files need a Brotli
 * decoder fontkit lacks), with the hashes in Courier so each character is as wide as the next.
 * The Latin file has no Arabic glyphs and pdf-lib does not shape Arabic: text printed on the
 * certificate must pass `printableOnCertificate` (the issuing rule checks it).
 */
export type CertificateForPdf = {
  certificateNo: string;
  documentTitle: string;
  sourceLanguage: string;
  targetLanguage: string;
  pageCount: number;
  translatorName: string;
  issuedAt: string;
  sourceSha256: string;
  translatedSha256: string;
};

export type CertificatePdfOptions = {
  /** `${APP_URL}/verify/{certificateNo}`. */
  verifyUrl: string;
  /** Printed above the title, when given (the firm's name from its content). */
  firmName?: string;
  /** The zone the date of issue is read in (the office's); UTC by default. */
  timeZone?: string;
};

const require = createRequire(import.meta.url);

function fontFile(weight: 400 | 600): Buffer {
  return fs.readFileSync(require.resolve(`@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-${weight}-normal.woff`));
}

let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
function fonts() {
  fontBytes ??= { regular: fontFile(400), bold: fontFile(600) };
  return fontBytes;
}

let glyphCheck: { hasGlyphForCodePoint(codePoint: number): boolean } | undefined;

/** True when every character of `text` has a glyph in the certificate's face (Latin script). */
export function printableOnCertificate(text: string): boolean {
  glyphCheck ??= fontkit.create(fonts().regular);
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint < 0x20 || !glyphCheck.hasGlyphForCodePoint(codePoint)) return false;
  }
  return true;
}

/** A language's English name ("ar" → "Arabic"); the code itself when Intl does not know it. */
export function englishLanguageName(code: string): string {
  try {
    return new Intl.DisplayNames("en", { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function certificateStatement(certificate: Pick<CertificateForPdf, "translatorName" | "sourceLanguage" | "targetLanguage">): string {
  return (
    `I, ${certificate.translatorName}, certify that I am competent to translate from ${englishLanguageName(certificate.sourceLanguage)} ` +
    `into ${englishLanguageName(certificate.targetLanguage)}, and that the attached translation of the document described below ` +
    "is complete and accurate to the best of my knowledge and ability."
  );
}

const PAGE = { width: 612, height: 792 }; // US Letter
const MARGIN = 64;
const INK = rgb(0.09, 0.13, 0.22);
const MUTED = rgb(0.36, 0.4, 0.47);
const RULE = rgb(0.75, 0.78, 0.83);

/** Splits text into lines no wider than `width` at the given size (words kept whole). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderCertificatePdf(certificate: CertificateForPdf, options: CertificatePdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts().regular, { subset: true });
  const bold = await doc.embedFont(fonts().bold, { subset: true });
  const mono = await doc.embedFont(StandardFonts.Courier);
  const issued = new Date(certificate.issuedAt);
  const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: options.timeZone ?? "UTC" }).format(issued);
  const title = "Certificate of Translation Accuracy";

  doc.setTitle(`${title} ${certificate.certificateNo}`);
  doc.setSubject(`Certificate of translation accuracy ${certificate.certificateNo}`);
  doc.setAuthor(certificate.translatorName);
  doc.setCreator(options.firmName ?? "Certificate of Translation Accuracy");
  doc.setProducer("pdf-lib");
  doc.setLanguage("en-US");
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  const page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - MARGIN;

  const text = (value: string, x: number, size: number, font: PDFFont = regular, color = INK) => page.drawText(value, { x, y, size, font, color });
  const rule = () => page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.75, color: RULE });

  if (options.firmName) {
    text(options.firmName.toUpperCase(), MARGIN, 9, bold, MUTED);
    y -= 26;
  }
  text(title, MARGIN, 22, bold);
  y -= 22;
  text(`Certificate No. ${certificate.certificateNo}`, MARGIN, 11, bold, MUTED);
  y -= 18;
  rule();
  y -= 28;

  for (const line of wrap(certificateStatement(certificate), regular, 11.5, width)) {
    text(line, MARGIN, 11.5);
    y -= 17;
  }
  y -= 6;
  for (const line of wrap("This certification is made in accordance with 8 CFR 103.2(b)(3).", regular, 10, width)) {
    text(line, MARGIN, 10, regular, MUTED);
    y -= 15;
  }
  y -= 18;

  const labelWidth = 150;
  const rows: Array<[string, string]> = [
    ["Document title", certificate.documentTitle],
    ["Source language", englishLanguageName(certificate.sourceLanguage)],
    ["Target language", englishLanguageName(certificate.targetLanguage)],
    ["Number of pages", String(certificate.pageCount)],
    ["Date of issue", date],
    ["Certificate number", certificate.certificateNo],
  ];
  for (const [label, value] of rows) {
    text(label, MARGIN, 10, bold, MUTED);
    const lines = wrap(value, regular, 11, width - labelWidth);
    for (const [index, line] of lines.entries()) {
      if (index > 0) y -= 15;
      text(line, MARGIN + labelWidth, 11);
    }
    y -= 22;
  }
  y -= 4;
  rule();
  y -= 24;

  text("Document fingerprints (SHA-256)", MARGIN, 10, bold, MUTED);
  y -= 18;
  for (const [label, hash] of [
    ["Source file", certificate.sourceSha256],
    ["Translated file", certificate.translatedSha256],
  ] as const) {
    text(label, MARGIN, 9.5, regular, MUTED);
    y -= 13;
    text(hash, MARGIN, 9, mono);
    y -= 20;
  }
  y -= 4;
  text("Verify this certificate and check a file against it at:", MARGIN, 10, regular, MUTED);
  y -= 15;
  text(options.verifyUrl, MARGIN, 10.5, bold);

  // The signature block sits at the foot of the page, where a translator signs by hand.
  y = MARGIN + 70;
  const lineWidth = 240;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + lineWidth, y }, thickness: 0.75, color: INK });
  page.drawLine({ start: { x: PAGE.width - MARGIN - 150, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.75, color: INK });
  y -= 14;
  text(`Signature: ${certificate.translatorName}, Translator`, MARGIN, 10);
  text(`Date: ${date}`, PAGE.width - MARGIN - 150, 10);
  y -= 30;
  text(`Certificate No. ${certificate.certificateNo} · ${options.verifyUrl}`, MARGIN, 8, regular, MUTED);

  return doc.save();
}
