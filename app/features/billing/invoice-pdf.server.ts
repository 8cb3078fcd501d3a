import fs from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { createFormatter } from "~/lib/format";
import { getFixedT } from "~/lib/i18n/i18n.server";
import type { InvoiceDetail } from "./invoices.server";

/**
 * An invoice as a PDF (pdf-lib, US Letter, IBM Plex Sans as on the site and the certificates).
 *
 * Languages: English and French as asked. pdf-lib does not shape Arabic (no joining, no right to
 * left: STACK-NOTES 22, docs/decisions/013) and the Latin face has no Arabic glyphs, so an
 * **Arabic invoice PDF is rendered in English**; the printable page (HTML, print stylesheet) is
 * the Arabic copy. Any character the face cannot print (an Arabic name or description) is left
 * out; a name left empty by that is replaced by the bill-to e-mail, a description by "—".
 */
export type InvoicePdfOptions = {
  /** Printed at the top (the firm's name). */
  firmName?: string;
  /** Lines under the firm's name (its address, phone). */
  firmLines?: string[];
  /** The zone dates are read in (the client's or the office's); UTC by default. */
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

let glyphs: { hasGlyphForCodePoint(codePoint: number): boolean } | undefined;

/** `text` with the characters the face cannot print left out (and spaces of any kind made plain). */
export function printable(text: string): string {
  glyphs ??= fontkit.create(fonts().regular);
  let result = "";
  for (const character of text.replace(/[\u00a0\u202f\u2009]/g, " ")) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint >= 0x20 && glyphs.hasGlyphForCodePoint(codePoint)) result += character;
  }
  return result.replace(/\s+/g, " ").trim();
}

/** The language an invoice PDF is written in: French or English (Arabic falls back to English). */
export function pdfLanguage(language: string): "en" | "fr" {
  return language === "fr" ? "fr" : "en";
}

const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const INK = rgb(0.09, 0.13, 0.22);
const MUTED = rgb(0.36, 0.4, 0.47);
const RULE = rgb(0.75, 0.78, 0.83);

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
  return lines.length > 0 ? lines : [""];
}

export async function renderInvoicePdf(invoice: InvoiceDetail, language: string, options: InvoicePdfOptions = {}): Promise<Uint8Array> {
  const lng = pdfLanguage(language);
  const t = await getFixedT(lng, "billing");
  const format = createFormatter(lng, options.timeZone ?? "UTC");
  const money = (cents: number) => printable(format.money(cents, invoice.currency));
  const label = (key: string, params?: Record<string, string | number>) => printable(String(t(key, params)));

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts().regular, { subset: true });
  const bold = await doc.embedFont(fonts().bold, { subset: true });
  const title = invoice.number ? `${label("pdf.invoice")} ${invoice.number}` : `${label("pdf.invoice")} (${label("pdf.draft")})`;
  const stamp = new Date(invoice.issuedAt ?? invoice.createdAt);
  doc.setTitle(title);
  doc.setSubject(title);
  if (options.firmName) doc.setAuthor(printable(options.firmName));
  doc.setCreator(printable(options.firmName ?? "Invoice"));
  doc.setProducer("pdf-lib");
  doc.setLanguage(lng === "fr" ? "fr-FR" : "en-US");
  doc.setCreationDate(stamp);
  doc.setModificationDate(stamp);

  const width = PAGE.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const text = (value: string, x: number, size: number, font: PDFFont = regular, color = INK) => page.drawText(value, { x, y, size, font, color });
  const right = (value: string, xRight: number, size: number, font: PDFFont = regular, color = INK) =>
    page.drawText(value, { x: xRight - font.widthOfTextAtSize(value, size), y, size, font, color });
  const rule = () => page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.75, color: RULE });
  const ensure = (height: number) => {
    if (y - height >= MARGIN + 24) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };

  // Header: the firm, then the title and the invoice's facts.
  if (options.firmName) {
    text(printable(options.firmName), MARGIN, 12, bold);
    y -= 15;
    for (const line of options.firmLines ?? []) {
      text(printable(line), MARGIN, 9, regular, MUTED);
      y -= 12;
    }
    y -= 10;
  }
  text(title, MARGIN, 20, bold);
  y -= 26;
  const facts: Array<[string, string]> = [
    [label("pdf.issued"), invoice.issuedAt ? printable(format.date(invoice.issuedAt)) : "—"],
    [label("pdf.due"), invoice.dueDate ? printable(format.day(invoice.dueDate)) : label("pdf.onReceipt")],
    [label("pdf.status"), label(`status.${invoice.status}`)],
  ];
  if (invoice.orderReference) facts.push([label("pdf.order"), printable(invoice.orderReference)]);
  const factsTop = y;
  for (const [name, value] of facts) {
    text(name, MARGIN, 9, bold, MUTED);
    text(value, MARGIN + 95, 10);
    y -= 15;
  }
  const factsBottom = y;
  y = factsTop;
  const billX = MARGIN + width / 2 + 20;
  text(label("pdf.billTo"), billX, 9, bold, MUTED);
  y -= 15;
  text(printable(invoice.clientName) || printable(invoice.clientEmail), billX, 11, bold);
  y -= 14;
  text(printable(invoice.clientEmail), billX, 10, regular, MUTED);
  y = Math.min(factsBottom, y - 15) - 10;
  rule();
  y -= 20;

  // Lines.
  const columns = { qty: MARGIN + width - 200, unit: MARGIN + width - 90, amount: MARGIN + width };
  text(label("pdf.description"), MARGIN, 9, bold, MUTED);
  right(label("pdf.quantity"), columns.qty, 9, bold, MUTED);
  right(label("pdf.unit"), columns.unit, 9, bold, MUTED);
  right(label("pdf.amount"), columns.amount, 9, bold, MUTED);
  y -= 8;
  rule();
  y -= 16;
  for (const line of invoice.lines) {
    const description = printable(line.description) || "—";
    const wrapped = wrap(line.kind === "item" ? description : `${label(`lineKind.${line.kind}`)}: ${description}`, regular, 10, columns.qty - MARGIN - 50);
    ensure(wrapped.length * 13 + 6);
    wrapped.forEach((part, index) => {
      text(part, MARGIN, 10);
      if (index === 0) {
        if (line.kind === "item") {
          right(String(line.quantity), columns.qty, 10);
          right(money(line.unitCents), columns.unit, 10);
        }
        right(money(line.amountCents), columns.amount, 10);
      }
      y -= 13;
    });
    y -= 5;
  }
  y += 5;
  rule();
  y -= 18;

  // Totals.
  const totals: Array<[string, number, boolean]> = [[label("pdf.subtotal"), invoice.subtotalCents, false]];
  if (invoice.discountCents) totals.push([label("pdf.discount"), -invoice.discountCents, false]);
  if (invoice.taxCents) totals.push([label("pdf.tax"), invoice.taxCents, false]);
  totals.push([label("pdf.total"), invoice.totalCents, true]);
  if (invoice.paidCents || invoice.refundedCents) totals.push([label("pdf.paid"), invoice.paidCents, false]);
  if (invoice.status !== "void" && invoice.status !== "draft") totals.push([label("pdf.balance"), invoice.balanceCents, true]);
  ensure(totals.length * 16);
  for (const [name, cents, strong] of totals) {
    right(name, columns.unit, strong ? 11 : 10, strong ? bold : regular, strong ? INK : MUTED);
    right(money(cents), columns.amount, strong ? 11 : 10, strong ? bold : regular);
    y -= 16;
  }
  y -= 8;

  // Payments and refunds.
  if (invoice.payments.length > 0) {
    ensure(40);
    text(label("pdf.payments"), MARGIN, 10, bold, MUTED);
    y -= 16;
    for (const payment of invoice.payments) {
      ensure(14);
      const what = `${label(`kind.${payment.kind}`)} · ${label(`method.${payment.method}`)}${payment.reference ? ` · ${printable(payment.reference)}` : ""}`;
      text(printable(format.date(payment.receivedAt)), MARGIN, 9.5);
      text(what.slice(0, 80), MARGIN + 110, 9.5, regular, MUTED);
      right(money(payment.kind === "refund" ? -payment.amountCents : payment.amountCents), columns.amount, 9.5);
      y -= 14;
    }
    y -= 8;
  }

  if (invoice.note) {
    const noteLines = wrap(printable(invoice.note), regular, 10, width);
    ensure(noteLines.length * 13 + 20);
    text(label("pdf.note"), MARGIN, 10, bold, MUTED);
    y -= 15;
    for (const line of noteLines) {
      text(line, MARGIN, 10);
      y -= 13;
    }
  }

  // Foot of every page: the currency and the page number.
  const pages = doc.getPages();
  pages.forEach((each, index) => {
    each.drawText(label("pdf.currency"), { x: MARGIN, y: MARGIN - 10, size: 8, font: regular, color: MUTED });
    const number = label("pdf.page", { page: index + 1, pages: pages.length });
    each.drawText(number, { x: PAGE.width - MARGIN - regular.widthOfTextAtSize(number, 8), y: MARGIN - 10, size: 8, font: regular, color: MUTED });
  });

  return doc.save();
}
