import { sql } from "kysely";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, expect, it } from "vitest";
import { PaymentApiSchema, PaymentFormSchema, QuoteApiSchema, QuoteFormSchema } from "~/features/billing/billing.schema";
import { renderInvoicePdf } from "~/features/billing/invoice-pdf.server";
import { getFirm } from "~/core/office/firm.server";
import type { Language } from "~/lib/i18n/config";
import {
  createInvoiceFromOrder,
  getInvoice,
  issueInvoice,
  listInvoices,
  updateDraftInvoice,
  voidInvoice,
  type Actor,
} from "~/features/billing/invoices.server";
import { monthPeriods, parseStatsRange } from "~/features/statistics/range.server";
import {
  eachPaymentCsvRow,
  latestPaymentOfClient,
  listPayments,
  outstandingTotals,
  recordManualPayment,
  revenueByMonth,
} from "~/features/billing/payments.server";
import { acceptQuote, createQuote, declineQuote, getQuote, listOrderQuotes, listQuotesAwaitingClient, sendQuote } from "~/features/billing/quotes.server";
import { parseMoneyToCents, totalsOf, lineOf } from "~/features/billing/status";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder, updateOrder } from "~/features/service-orders/service-orders.server";
import { createDatabase, type DB } from "~/lib/db/connection.server";
import { describeEachDialect } from "../setup/database";
import { latestMailTo } from "../support/mail";
import { makeCast, type Cast } from "../support/factories";

const actor = (user: { id: string; role: string }): Actor => ({ id: user.id, role: user.role });

describeEachDialect("billing: quotes, invoices, payments", (db, dialect) => {
  let cast: Cast;
  let admin: Actor;
  let clientA: Actor;
  let clientB: Actor;
  let orderId: string;

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    admin = actor(cast.admin);
    clientA = actor(cast.clientA);
    clientB = actor(cast.clientB);
    ({ id: orderId } = await createOrder(cast.clientA, { service: "translation", details: "Translate my diploma into English." }, [], "en"));
    await updateOrder(admin, orderId, { priceCents: 12_500 });
  });

  const draft = async (cents = 10_000) =>
    (await createInvoiceFromOrder(admin, orderId, { lines: [{ kind: "item", description: "Work", quantity: 1, unitCents: cents }] })).id;

  it("computes totals in integer cents: items, a discount taken off, a tax added", () => {
    const lines = [
      lineOf({ kind: "item", description: "Pages", quantity: 3, unitCents: 2_999 }),
      lineOf({ kind: "discount", description: "Returning client", unitCents: 500 }),
      lineOf({ kind: "tax", description: "Sales tax", unitCents: 713 }),
    ];
    expect(totalsOf(lines)).toEqual({ subtotalCents: 8_997, discountCents: 500, taxCents: 713, totalCents: 9_210 });
    expect(parseMoneyToCents("12.5")).toBe(1_250);
    expect(parseMoneyToCents("$1,200.07")).toBe(120_007);
    expect(parseMoneyToCents("0.1")).toBe(10);
    expect(parseMoneyToCents("10.505")).toBeNull();
    expect(parseMoneyToCents("1e3")).toBeNull();
  });

  it("refuses amounts that are not whole cents, in the API and in forms", () => {
    expect(PaymentApiSchema.safeParse({ amountCents: 10.5, method: "cash" }).success).toBe(false);
    expect(PaymentApiSchema.safeParse({ amountCents: "1050", method: "cash" }).success).toBe(false);
    expect(PaymentApiSchema.safeParse({ amountCents: 1050, method: "cash" }).success).toBe(true);
    expect(QuoteApiSchema.safeParse({ lines: [{ description: "x", unitCents: 99.99 }] }).success).toBe(false);
    const form = PaymentFormSchema.safeParse({ amount: "10.50", method: "zelle" });
    expect(form.success && form.data.amountCents).toBe(1_050);
    expect(PaymentFormSchema.safeParse({ amount: "10.505", method: "zelle" }).success).toBe(false);
    const quote = QuoteFormSchema.safeParse({
      lines: [
        { description: "Pages", quantity: "3", unitPrice: "29.99" },
        { kind: "tax", description: "Tax", unitPrice: "7.13" },
      ],
      validUntil: "2099-01-31",
    });
    expect(quote.success && quote.data.lines).toEqual([
      { kind: "item", description: "Pages", quantity: 3, unitCents: 2_999 },
      { kind: "tax", description: "Tax", quantity: 1, unitCents: 713 },
    ]);
    expect(QuoteFormSchema.safeParse({ lines: [{ description: "Pages", quantity: "1.5", unitPrice: "1" }] }).success).toBe(false);
  });

  it("makes an invoice from the order's price, numbers it when issued and tells the client in their language", async () => {
    const { id } = await createInvoiceFromOrder(admin, orderId);
    const created = await getInvoice(admin, id);
    expect(created).toMatchObject({ status: "draft", number: null, totalCents: 12_500, balanceCents: 12_500 });
    expect(created.lines).toHaveLength(1);
    // A client never sees a draft.
    await expect(getInvoice(clientA, id)).rejects.toMatchObject({ status: 404 });
    const { number } = await issueInvoice(admin, id);
    expect(number).toMatch(/^\d{4}-\d{4}$/);
    const issued = await getInvoice(clientA, id);
    expect(issued).toMatchObject({ status: "open", number });
    expect(issued.history).toEqual([]);
    const history = (await getInvoice(admin, id)).history.map((event) => event.type);
    expect(history).toEqual(["created", "issued"]);
    const mail = latestMailTo(process.env.DATA_DIR!, cast.clientA.email);
    // clientA reads French.
    expect(mail?.subject).toBe(`Facture ${number} de notre cabinet`);
    expect(mail?.text).toContain(`/client/invoices/${id}`);
    const notification = await db()
      .selectFrom("notifications")
      .select(["titleKey", "params"])
      .where("userId", "=", cast.clientA.id)
      .where("type", "=", "invoice.issued")
      .executeTakeFirst();
    expect(notification?.titleKey).toBe("billing:notifications.invoiceIssued.title");
    // Issued invoices do not change, and are not issued twice.
    await expect(updateDraftInvoice(admin, id, { note: "x" })).rejects.toMatchObject({ status: 409 });
    await expect(issueInvoice(admin, id)).rejects.toMatchObject({ status: 409 });
  });

  it("issues with the due date staff chose, never one before today, and none for due on receipt", async () => {
    const id = await draft(10_000);
    await expect(issueInvoice(admin, id, { notify: false, dueDate: "2020-01-31" })).rejects.toMatchObject({
      status: 400,
      key: "billing:errors.dueBeforeToday",
      field: "dueDate",
    });
    await expect(issueInvoice(admin, id, { notify: false, dueDate: "31/01/2099" })).rejects.toMatchObject({ status: 400, field: "dueDate" });
    expect((await getInvoice(admin, id)).status).toBe("draft");
    await issueInvoice(admin, id, { notify: false, dueDate: "2099-01-31" });
    expect(await getInvoice(admin, id)).toMatchObject({ status: "open", dueDate: "2099-01-31" });
    const onReceipt = await draft(10_000);
    await issueInvoice(admin, onReceipt, { notify: false, dueDate: null });
    expect((await getInvoice(admin, onReceipt)).dueDate).toBeNull();
  });

  it("derives balance and state from payments and refunds", async () => {
    const id = await draft(10_000);
    await expect(recordManualPayment(admin, id, { kind: "payment", amountCents: 100, method: "cash" })).rejects.toMatchObject({ status: 409 });
    await issueInvoice(admin, id, { notify: false });
    expect(await recordManualPayment(admin, id, { kind: "payment", amountCents: 4_000, method: "check", reference: "#1042" })).toMatchObject({
      status: "open",
      balanceCents: 6_000,
    });
    await expect(recordManualPayment(admin, id, { kind: "payment", amountCents: 6_001, method: "cash" })).rejects.toMatchObject({ status: 400 });
    await expect(recordManualPayment(admin, id, { kind: "refund", amountCents: 4_001, method: "cash" })).rejects.toMatchObject({ status: 400 });
    expect(await recordManualPayment(admin, id, { kind: "payment", amountCents: 6_000, method: "zelle", reference: "ZL-9" })).toMatchObject({
      status: "paid",
      balanceCents: 0,
    });
    expect((await getInvoice(admin, id)).paidAt).not.toBeNull();
    expect(await recordManualPayment(admin, id, { kind: "refund", amountCents: 2_500, method: "check" })).toMatchObject({
      status: "open",
      balanceCents: 2_500,
    });
    const invoice = await getInvoice(admin, id);
    expect(invoice).toMatchObject({ status: "open", paidCents: 7_500, refundedCents: 2_500, balanceCents: 2_500, paidAt: null });
    expect(invoice.payments.map((payment) => [payment.kind, payment.amountCents])).toEqual([
      ["payment", 4_000],
      ["payment", 6_000],
      ["refund", 2_500],
    ]);
    expect(invoice.history.map((event) => event.type)).toEqual(["created", "issued", "payment", "payment", "paid", "refund", "reopened"]);
    // Something was paid: refund first, then void.
    await expect(voidInvoice(admin, id)).rejects.toMatchObject({ status: 409 });
    await recordManualPayment(admin, id, { kind: "refund", amountCents: 7_500, method: "check" });
    await voidInvoice(admin, id, "Client moved away");
    expect(await getInvoice(admin, id)).toMatchObject({ status: "void", balanceCents: 0, voidReason: "Client moved away" });
    await expect(recordManualPayment(admin, id, { kind: "payment", amountCents: 100, method: "cash" })).rejects.toMatchObject({ status: 409 });
    const receipt = latestMailTo(process.env.DATA_DIR!, cast.clientA.email);
    expect(receipt?.subject).toContain("Reçu pour la facture");
  });

  it("numbers issued invoices without gaps under concurrent issue, from two connections", async () => {
    let second: DB | null = null;
    if (dialect === "postgres") {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db());
      second = createDatabase({ url: process.env.TEST_DATABASE_URL!, schema: rows[0]!.schema, poolSize: 4 });
    }
    // On SQLite one process has one connection (better-sqlite3 is synchronous: a second
    // connection waiting for the lock would block the thread holding it), so both halves use
    // it and its transactions queue; billing-processes.test.ts issues from three processes on one file.
    try {
      const ids = await Promise.all(Array.from({ length: 12 }, () => draft(1_000)));
      const same = ids[0]!;
      const results = await Promise.allSettled([
        ...ids.map((id, index) => issueInvoice(admin, id, { db: index % 2 === 0 || !second ? undefined : second, notify: false })),
        // The same invoice issued twice at once: one wins, the other is refused and takes no number.
        issueInvoice(admin, same, { db: second ?? undefined, notify: false }),
      ]);
      expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
      const issued = await db().selectFrom("invoices").select(["number", "year", "sequence"]).where("number", "is not", null).orderBy("sequence").execute();
      const sequences = issued.map((row) => row.sequence);
      expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
      expect(new Set(issued.map((row) => row.number)).size).toBe(issued.length);
      const counter = await db().selectFrom("invoiceCounters").selectAll().execute();
      expect(counter).toEqual([{ year: issued[0]!.year, lastNumber: issued.length }]);
    } finally {
      await second?.destroy();
    }
  });

  it("quotes: staff write and send, the client accepts its own (the invoice is issued) or declines", async () => {
    const { id } = await createQuote(admin, orderId, {
      lines: [
        { kind: "item", description: "Certified translation, 4 pages", quantity: 4, unitCents: 3_000 },
        { kind: "discount", description: "Student", unitCents: 1_000 },
        { kind: "tax", description: "Tax", unitCents: 880 },
      ],
      validUntil: "2099-12-31",
    });
    expect(await getQuote(admin, id)).toMatchObject({ status: "draft", totalCents: 11_880, subtotalCents: 12_000, discountCents: 1_000, taxCents: 880 });
    await expect(getQuote(clientA, id)).rejects.toMatchObject({ status: 404 });
    await sendQuote(admin, id);
    expect((await listOrderQuotes(clientA, orderId)).map((quote) => quote.id)).toContain(id);
    await expect(listOrderQuotes(clientB, orderId)).rejects.toMatchObject({ status: 404 });
    await expect(acceptQuote(clientB, id)).rejects.toMatchObject({ status: 404 });
    await expect(acceptQuote(admin, id)).rejects.toMatchObject({ status: 403 });
    const { invoiceId } = await acceptQuote(clientA, id);
    expect(await getInvoice(clientA, invoiceId)).toMatchObject({ status: "open", totalCents: 11_880, quoteId: id });
    await expect(acceptQuote(clientA, id)).rejects.toMatchObject({ status: 409 });
    await expect(declineQuote(clientA, id)).rejects.toMatchObject({ status: 409 });

    const second = await createQuote(admin, orderId, { lines: [{ kind: "item", description: "Notary", unitCents: 2_500 }], validUntil: "2000-01-01" });
    await expect(sendQuote(admin, second.id)).rejects.toMatchObject({ status: 409 });
    const third = await createQuote(admin, orderId, { lines: [{ kind: "item", description: "Notary", unitCents: 2_500 }] });
    await sendQuote(admin, third.id);
    expect((await listQuotesAwaitingClient(cast.clientA.id)).map((quote) => quote.id)).toEqual([third.id]);
    await declineQuote(clientA, third.id, "Too expensive");
    expect(await getQuote(clientA, third.id)).toMatchObject({ status: "declined", declineReason: "Too expensive" });
  });

  it("renders a stored invoice as a PDF in English, French and Arabic", async () => {
    const { id } = await createInvoiceFromOrder(admin, orderId, {
      lines: [
        { kind: "item", description: "Traduction certifiée", quantity: 2, unitCents: 4_500 },
        { kind: "item", description: "ترجمة معتمدة", quantity: 1, unitCents: 1_000 },
        { kind: "discount", description: "Fidélité", unitCents: 500 },
      ],
      dueDate: "2099-03-15",
      note: "Merci !",
    });
    await issueInvoice(admin, id, { notify: false });
    await recordManualPayment(admin, id, { kind: "payment", amountCents: 2_000, method: "zelle", reference: "ZL-1" });
    const invoice = await getInvoice(admin, id);
    const firm = await getFirm();
    const read = async (language: Language) =>
      (await extractText(await getDocumentProxy(await renderInvoicePdf(invoice, { language, timeZone: "America/Detroit", firm })), { mergePages: true })).text;
    const fr = await read("fr");
    expect(fr).toContain(`Facture ${invoice.number}`);
    expect(fr).toContain("Traduction certifiée");
    expect(fr).toContain("Total 95,00 $US");
    expect(fr).toContain("Reste à payer 75,00 $US");
    const en = await read("en");
    expect(en).toContain(`Invoice ${invoice.number}`);
    expect(en).toContain("$95.00");
    expect(en).toContain("Balance due");
    expect(en).toContain("$75.00");
    // Arabic text in a line is printed, shaped, in an English invoice too.
    expect(en).toContain("ترجمة معتمدة");
    const ar = await read("ar");
    expect(ar).toContain(invoice.number!);
    expect(ar).toContain("75.00");
  });

  it("lists invoices by state, client and date (a client its own only), payments, the CSV rows, revenue by month", async () => {
    const open = await listInvoices(admin, { status: "open" });
    expect(open.items.every((item) => item.status === "open")).toBe(true);
    const mine = await listInvoices(clientA, {});
    expect(mine.items.every((item) => item.clientId === cast.clientA.id && item.status !== "draft")).toBe(true);
    expect((await listInvoices(clientB, {})).total).toBe(0);
    expect((await listInvoices(admin, { clientId: cast.clientB.id })).total).toBe(0);
    expect((await listInvoices(admin, { from: "2000-01-01", to: "2000-12-31" })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listInvoices(admin, { from: today, to: today, perPage: 2 })).items).toHaveLength(2);

    const payments = await listPayments(admin, {});
    expect(payments.total).toBeGreaterThanOrEqual(4);
    await expect(listPayments(clientA, {})).rejects.toMatchObject({ status: 403 });
    const rows: string[][] = [];
    for await (const row of eachPaymentCsvRow(admin, {}, 2)) rows.push(row);
    expect(rows).toHaveLength(payments.total);
    const net = rows.reduce((sum, row) => sum + parseMoneyToCents(row[2]!.replace("-", ""))! * (row[2]!.startsWith("-") ? -1 : 1), 0);
    const month = today.slice(0, 7);
    const monthsOf = (from: string, to: string) => monthPeriods(parseStatsRange(new URLSearchParams({ from, to }), "UTC"));
    const revenue = await revenueByMonth(admin, monthsOf(`${month}-01`, today));
    expect(revenue).toHaveLength(1);
    expect(revenue[0]!.netCents).toBe(net);
    expect(revenue[0]!.receivedCents - revenue[0]!.refundedCents).toBe(net);
    const year = await revenueByMonth(admin, monthsOf("2025-11-01", "2026-02-28"));
    expect(year.map((entry) => entry.month)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);

    expect(await latestPaymentOfClient(cast.clientA.id)).toMatchObject({ method: "zelle" });
    expect(await latestPaymentOfClient(cast.clientB.id)).toBeNull();
    const outstanding = await outstandingTotals(admin);
    expect(outstanding.openInvoices).toBeGreaterThan(0);
    expect(Number.isInteger(outstanding.outstandingCents)).toBe(true);
  });
});
