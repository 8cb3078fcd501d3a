import fs from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { InvoiceDetail } from "~/features/billing/invoices.server";
import { otherWaysToPay, type PaymentWaysFirm } from "~/features/billing/payment-ways";
import type { Firm } from "~/core/office/firm";
import { createFormatter } from "~/lib/format";
import { directionOf, type Language } from "~/lib/i18n/config";
import { getFixedT } from "~/lib/i18n/i18n.server";

/**
 * An invoice as a PDF (pdf-lib), in the client's language, Arabic included.
 *
 * pdf-lib lays text out through fontkit, which shapes Arabic (initial, medial, final and
 * isolated forms, lam-alef) and puts a right-to-left run in visual order; it does not split a
 * line into directional runs. So each line is cut here into runs of Arabic script and runs of
 * anything else (digits, Latin, amounts), each drawn with its face (IBM Plex Sans Arabic, IBM
 * Plex Sans) and placed right to left on an Arabic page: "الفاتورة 2026-0007" keeps its number
 * readable. Bidirectional marks that Intl puts around amounts have no glyph and are dropped.
 */
const require = createRequire(import.meta.url);
const fontFile = (name: string) => fs.readFileSync(require.resolve(name));

let fontBytes: Record<"latin" | "latinBold" | "arabic" | "arabicBold", Buffer> | undefined;
function fonts() {
  fontBytes ??= {
    latin: fontFile("@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-400-normal.woff"),
    latinBold: fontFile("@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-600-normal.woff"),
    arabic: fontFile("@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff"),
    arabicBold: fontFile("@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff"),
  };
  return fontBytes;
}

const ARABIC = "\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF";
const RUNS = new RegExp(`([${ARABIC}][${ARABIC}\\s]*)|([^${ARABIC}]+)`, "g");
const INVISIBLE = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/** Text as pdf-lib can draw it: no bidi controls, ordinary spaces. */
export function cleanText(text: string): string {
  return text.replace(INVISIBLE, "").replace(/[\u00A0\u202F\u2009]/g, " ");
}

/** Runs of Arabic script and of anything else, in logical order. */
export function scriptRuns(text: string): Array<{ text: string; arabic: boolean }> {
  const runs: Array<{ text: string; arabic: boolean }> = [];
  for (const match of cleanText(text).matchAll(RUNS)) runs.push({ text: match[0], arabic: Boolean(match[1]) });
  return runs;
}

type Faces = { latin: PDFFont; latinBold: PDFFont; arabic: PDFFont; arabicBold: PDFFont };

const PAGE = { width: 612, height: 792 }; // US Letter
const MARGIN = 56;
const INK = rgb(0.09, 0.13, 0.22);
const MUTED = rgb(0.36, 0.4, 0.47);
const RULE = rgb(0.75, 0.78, 0.83);

class Writer {
  page: PDFPage;
  y = PAGE.height - MARGIN;
  constructor(
    private doc: PDFDocument,
    private faces: Faces,
    private rtl: boolean,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }

  private runsOf(text: string, bold: boolean) {
    const runs = scriptRuns(text).map((run) => {
      const font = run.arabic ? (bold ? this.faces.arabicBold : this.faces.arabic) : bold ? this.faces.latinBold : this.faces.latin;
      return { ...run, font };
    });
    return this.rtl ? runs.reverse() : runs;
  }

  width(text: string, size: number, bold = false): number {
    return this.runsOf(text, bold).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  /**
   * Draws one line at `inset` from the page's start edge (the right on an Arabic page);
   * `align: "end"` puts its end there instead (numbers in a column).
   */
  text(value: string, inset: number, size: number, options: { bold?: boolean; muted?: boolean; align?: "start" | "end" } = {}) {
    const bold = options.bold ?? false;
    const total = this.width(value, size, bold);
    const anchor = this.rtl ? PAGE.width - inset : inset;
    const startsAtStartEdge = (options.align ?? "start") === "start";
    // The x of the run drawn leftmost.
    let x = this.rtl ? (startsAtStartEdge ? anchor - total : anchor) : startsAtStartEdge ? anchor : anchor - total;
    for (const run of this.runsOf(value, bold)) {
      this.page.drawText(run.text, { x, y: this.y, size, font: run.font, color: options.muted ? MUTED : INK });
      x += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 0.75, color: RULE });
  }

  down(points: number) {
    this.y -= points;
    if (this.y < MARGIN + 40) {
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - MARGIN;
    }
  }

  /** Words of `text` on lines no wider than `width`. */
  wrap(text: string, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of cleanText(text).split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && this.width(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    return lines.length > 0 ? lines : [""];
  }
}

export async function renderInvoicePdf(
  invoice: InvoiceDetail,
  options: { language: Language; timeZone: string; firm: PaymentWaysFirm & Pick<Firm, "legalName" | "phone" | "email"> },
): Promise<Uint8Array> {
  const { language } = options;
  const t = await getFixedT(language, "billing");
  const format = createFormatter(language, options.timeZone);
  const money = (cents: number) => format.money(cents, invoice.currency);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = fonts();
  const faces: Faces = {
    latin: await doc.embedFont(bytes.latin, { subset: true }),
    latinBold: await doc.embedFont(bytes.latinBold, { subset: true }),
    arabic: await doc.embedFont(bytes.arabic, { subset: true }),
    arabicBold: await doc.embedFont(bytes.arabicBold, { subset: true }),
  };
  const title = `${t("print.invoice")} ${invoice.number ?? ""}`.trim();
  doc.setTitle(title);
  doc.setAuthor(options.firm.legalName ?? options.firm.name);
  doc.setCreator(options.firm.name);
  doc.setProducer("pdf-lib");
  doc.setLanguage(language === "ar" ? "ar" : language === "fr" ? "fr-FR" : "en-US");
  if (invoice.issuedAt) doc.setCreationDate(new Date(invoice.issuedAt));

  const w = new Writer(doc, faces, directionOf(language) === "rtl");
  const end = PAGE.width - MARGIN; // an inset measured from the start edge: the far end of the text block
  const firm = options.firm;

  w.text((firm.legalName ?? firm.name).toUpperCase(), MARGIN, 10, { bold: true, muted: true });
  w.down(14);
  w.text(`${firm.address.street}, ${firm.address.city}, ${firm.address.region} ${firm.address.postalCode}`, MARGIN, 9, { muted: true });
  w.down(12);
  w.text(`${firm.phone} · ${firm.email}`, MARGIN, 9, { muted: true });
  w.down(30);
  w.text(t("print.invoice"), MARGIN, 22, { bold: true });
  w.text(invoice.number ?? "", end, 14, { bold: true, align: "end" });
  w.down(16);
  w.text(t(`state.${invoice.status}`), end, 10, { muted: true, align: "end" });
  w.down(16);
  w.rule();
  w.down(22);

  const facts: Array<[string, string]> = [];
  if (invoice.issuedAt) facts.push([t("print.date"), format.date(invoice.issuedAt)]);
  facts.push([t("print.due"), invoice.dueDate ? format.day(invoice.dueDate) : t("print.dueOnReceipt")]);
  if (invoice.orderReference) facts.push([t("admin.order"), invoice.orderReference]);
  w.text(t("print.billTo"), MARGIN, 9, { bold: true, muted: true });
  let factY = w.y;
  w.down(14);
  w.text(invoice.clientName, MARGIN, 11, { bold: true });
  w.down(14);
  w.text(invoice.clientEmail, MARGIN, 10);
  const afterBillTo = w.y;
  for (const [label, value] of facts) {
    w.y = factY;
    w.text(label, 340, 9, { bold: true, muted: true });
    w.text(value, end, 10, { align: "end" });
    factY -= 14;
  }
  w.y = Math.min(afterBillTo, factY);
  w.down(28);

  // Lines: description | qty | unit | amount
  const columns = { description: MARGIN, quantity: 370, unit: 460, amount: end };
  const header = () => {
    w.text(t("lines.description"), columns.description, 9, { bold: true, muted: true });
    w.text(t("lines.quantity"), columns.quantity, 9, { bold: true, muted: true, align: "end" });
    w.text(t("lines.unitPrice"), columns.unit, 9, { bold: true, muted: true, align: "end" });
    w.text(t("lines.amount"), columns.amount, 9, { bold: true, muted: true, align: "end" });
    w.down(8);
    w.rule();
    w.down(16);
  };
  header();
  for (const line of invoice.lines.filter((item) => item.kind === "item")) {
    const wrapped = w.wrap(line.description, 10, columns.quantity - columns.description - 50);
    w.text(wrapped[0]!, columns.description, 10);
    w.text(format.number(line.quantity), columns.quantity, 10, { align: "end" });
    w.text(money(line.unitCents), columns.unit, 10, { align: "end" });
    w.text(money(line.amountCents), columns.amount, 10, { align: "end" });
    for (const more of wrapped.slice(1)) {
      w.down(13);
      w.text(more, columns.description, 10);
    }
    w.down(18);
  }
  w.rule();
  w.down(18);
  const total = (label: string, value: string, bold = false) => {
    w.text(label, columns.unit - 10, bold ? 11 : 10, { bold, align: "end" });
    w.text(value, columns.amount, bold ? 11 : 10, { bold, align: "end" });
    w.down(16);
  };
  total(t("lines.subtotal"), money(invoice.subtotalCents));
  for (const line of invoice.lines.filter((item) => item.kind !== "item")) {
    total(`${t(`lineKind.${line.kind}`)}: ${line.description}`, line.amountCents < 0 ? `-${money(-line.amountCents)}` : money(line.amountCents));
  }
  total(t("lines.total"), money(invoice.totalCents), true);
  total(t("lines.paid"), money(invoice.paidCents + invoice.refundedCents));
  if (invoice.refundedCents > 0) total(t("lines.refunded"), money(invoice.refundedCents));
  total(t("lines.balance"), money(invoice.balanceCents), true);

  const payments = invoice.payments.filter((payment) => payment.kind === "payment");
  if (payments.length > 0) {
    w.down(14);
    w.text(t("invoice.payments"), MARGIN, 10, { bold: true });
    w.down(16);
    for (const payment of payments) {
      w.text(`${format.date(payment.receivedAt)} · ${t(`method.${payment.method}`)}${payment.reference ? ` · ${payment.reference}` : ""}`, MARGIN, 9.5);
      w.text(money(payment.amountCents), columns.amount, 9.5, { align: "end" });
      w.down(14);
    }
  }
  const otherWays = otherWaysToPay(t, firm, invoice);
  if (otherWays.length > 0) {
    w.down(14);
    w.text(t("print.otherWays"), MARGIN, 10, { bold: true });
    w.down(16);
    for (const way of otherWays) {
      for (const line of w.wrap(way, 9.5, end - MARGIN)) {
        w.text(line, MARGIN, 9.5);
        w.down(13);
      }
    }
  }
  if (invoice.note) {
    w.down(14);
    for (const line of w.wrap(invoice.note, 9.5, end - MARGIN)) {
      w.text(line, MARGIN, 9.5, { muted: true });
      w.down(13);
    }
  }
  w.down(20);
  w.text(t("print.thanks"), MARGIN, 10, { muted: true });
  return doc.save();
}
