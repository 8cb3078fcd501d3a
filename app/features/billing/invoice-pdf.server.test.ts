import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { InvoiceDetail } from "~/features/billing/invoices.server";
import { cleanText, renderInvoicePdf, scriptRuns } from "./invoice-pdf.server";

const invoice: InvoiceDetail = {
  id: "inv-1",
  number: "2026-0007",
  status: "open",
  clientId: "client-1",
  clientName: "Maria Lopez",
  clientEmail: "maria@example.com",
  orderId: "order-1",
  orderReference: "SO-AB12-CD34",
  quoteId: null,
  currency: "USD",
  totalCents: 23_000,
  paidCents: 5_000,
  balanceCents: 18_000,
  dueDate: "2026-12-15",
  issuedAt: "2026-11-24T15:00:00.000Z",
  paidAt: null,
  createdAt: "2026-11-24T15:00:00.000Z",
  subtotalCents: 25_000,
  discountCents: 2_000,
  taxCents: 0,
  refundedCents: 0,
  note: null,
  voidedAt: null,
  voidReason: null,
  lines: [
    { id: "l1", position: 0, kind: "item", description: "Certified translation, 2 pages", quantity: 2, unitCents: 12_500, amountCents: 25_000 },
    { id: "l2", position: 1, kind: "discount", description: "Returning client", quantity: 1, unitCents: 2_000, amountCents: -2_000 },
  ],
  payments: [
    {
      id: "p1",
      kind: "payment",
      amountCents: 5_000,
      method: "zelle",
      provider: "manual",
      reference: "ZL-889",
      note: null,
      recordedByName: "Admin",
      receivedAt: "2026-11-24T16:00:00.000Z",
    },
  ],
  history: [],
};
const firm = {
  name: "Sample Tax & Translation",
  address: { street: "1 Main St", city: "Dearborn", region: "MI", postalCode: "48126", country: "US" },
  phone: "+1 313 555 0100",
  email: "office@example.com",
};

async function textOf(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  return (text as string).normalize("NFKC");
}

describe("the invoice PDF", () => {
  it("cuts a line into Arabic and other runs, and drops the bidi marks Intl adds", () => {
    expect(scriptRuns("الفاتورة 2026-0007")).toEqual([
      { text: "الفاتورة ", arabic: true },
      { text: "2026-0007", arabic: false },
    ]);
    expect(cleanText("\u200F250.00\u00A0US$")).toBe("250.00 US$");
  });

  it("prints the number, the lines, the totals and the payments in English", async () => {
    const text = await textOf(await renderInvoicePdf(invoice, { language: "en", timeZone: "America/Detroit", firm }));
    expect(text).toContain("2026-0007");
    expect(text).toContain("Certified translation, 2 pages");
    expect(text).toContain("$230.00");
    expect(text).toContain("$180.00");
    expect(text).toContain("Zelle");
  });

  it("prints in Arabic with shaped letters, the amounts still readable", async () => {
    const pdf = await renderInvoicePdf(invoice, { language: "ar", timeZone: "America/Detroit", firm });
    const text = await textOf(pdf);
    expect(text).toContain("2026-0007");
    expect(text).toContain("230.00");
    // Shaped Arabic is written with presentation forms, which NFKC folds back to the letters
    // (each run is in visual order, right to left, so the word reads reversed in the text layer).
    expect(text.includes("فاتورة") || text.includes([..."فاتورة"].reverse().join(""))).toBe(true);
  });

  it("prints in French", async () => {
    const text = await textOf(await renderInvoicePdf(invoice, { language: "fr", timeZone: "America/Detroit", firm }));
    expect(text).toContain("Facture");
    expect(text).toContain("2026-0007");
  });
});

describe("the invoice PDF's due date and other ways to pay", () => {
  it("prints the due date, or due on receipt without one", async () => {
    expect(await textOf(await renderInvoicePdf(invoice, { language: "en", timeZone: "America/Detroit", firm }))).toContain("Dec 15, 2026");
    expect(await textOf(await renderInvoicePdf({ ...invoice, dueDate: null }, { language: "en", timeZone: "America/Detroit", firm }))).toContain("On receipt");
  });

  it("offers Zelle and check only when the firm has set them, and only while something is owed", async () => {
    const withWays = { ...firm, zelleRecipient: "pay@example.com", checkPayee: "Sample LLC" };
    const offered = await textOf(await renderInvoicePdf(invoice, { language: "en", timeZone: "America/Detroit", firm: withWays }));
    expect(offered).toContain("Other ways to pay");
    expect(offered).toContain("pay@example.com");
    expect(offered).toContain("Sample LLC");
    const notSet = await textOf(await renderInvoicePdf(invoice, { language: "en", timeZone: "America/Detroit", firm }));
    expect(notSet).not.toContain("Other ways to pay");
    const paid = await textOf(
      await renderInvoicePdf({ ...invoice, status: "paid", balanceCents: 0 }, { language: "en", timeZone: "America/Detroit", firm: withWays }),
    );
    expect(paid).not.toContain("pay@example.com");
  });
});
