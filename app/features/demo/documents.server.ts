import { strToU8, zipSync } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { CheckedUpload } from "~/lib/storage.server";

/**
 * The demo's documents: small real files made on the spot (no binaries in the repository), so
 * that they open, download, hash and count words like a client's upload. A PDF by pdf-lib (its
 * standard fonts write Latin text only), a DOCX zipped by fflate (any script).
 */
export type DemoDocument = { name: string; kind: "pdf" | "docx"; lines: readonly string[] };

const PDF_TYPE = { ext: "pdf", mime: "application/pdf" } as const;
const DOCX_TYPE = { ext: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" } as const;

async function pdfBytes(lines: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  // A fixed date: the same document gives the same bytes (and hash) on every run.
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 720 - index * 22, size: index === 0 ? 16 : 11, font }));
  return Buffer.from(await pdf.save());
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function docxBytes(lines: readonly string[]): Buffer {
  const paragraphs = lines.map((line) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`).join("");
  return Buffer.from(
    zipSync({
      "[Content_Types].xml": strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      "_rels/.rels": strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      "word/document.xml": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
      ),
    }),
  );
}

/** Each distinct document is made once: the same lines give the same bytes, on every run. */
const made = new Map<string, Promise<Buffer>>();

function documentBytes(document: DemoDocument): Promise<Buffer> {
  const key = JSON.stringify([document.kind, document.lines]);
  let bytes = made.get(key);
  if (!bytes) {
    bytes = document.kind === "pdf" ? pdfBytes(document.lines) : Promise.resolve(docxBytes(document.lines));
    made.set(key, bytes);
  }
  return bytes;
}

/** The document as an upload the storage module accepts (its checks passed: the bytes are made here). */
export async function demoUpload(document: DemoDocument): Promise<CheckedUpload & { kind: "pdf" | "docx" }> {
  const buffer = await documentBytes(document);
  return { buffer, originalName: document.name, type: document.kind === "pdf" ? PDF_TYPE : DOCX_TYPE, kind: document.kind };
}
