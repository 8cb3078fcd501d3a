import { sql } from "kysely";
import { conflict, forbidden, invalid, isUniqueViolation } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { newId } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { DEFAULT_PER_PAGE, type Page, type PageRequest } from "~/lib/pagination";
import { countCapped, keysetPage } from "~/lib/pagination.server";
import type { PaymentInput, PaymentListQuery } from "./billing.schema";
import { addInvoiceEvent, INVOICE_RECORD_TYPE, isBillingStaff, lockInvoice, nextStamp, paidOf, settleInvoiceStatus, type Actor } from "./invoices.server";
import { tellPaymentReceived } from "./messages.server";
import type { InvoiceStatus, PaymentKind, PaymentMethod } from "./status";

/**
 * Payments and refunds (table payments: the only code touching it). Amounts are positive
 * integer cents; `kind` says payment or refund. Staff record what the office received
 * (`manual`); the payment module (app/features/payments) records what Stripe reports,
 * once per PaymentIntent or refund (`external_id` is unique). Each record settles the
 * invoice's status in the same transaction (invoices.server.ts settleInvoiceStatus).
 */
export type PaymentRow = {
  id: string;
  invoiceId: string;
  invoiceNumber: string | null;
  clientId: string | null;
  clientName: string;
  kind: PaymentKind;
  amountCents: number;
  method: PaymentMethod;
  provider: string;
  reference: string | null;
  note: string | null;
  receivedAt: string;
  createdAt: string;
};

export type RecordResult = { paymentId: string; status: InvoiceStatus; balanceCents: number; duplicate: boolean };

function assertStaff(actor: Actor): void {
  if (!isBillingStaff(actor)) throw forbidden();
}

/**
 * Staff record a payment received (cash, check, Zelle, card terminal, other) or a refund
 * given, with a reference. A payment goes on an open invoice and at most its balance; a
 * refund at most what was paid (an open or paid invoice).
 */
export async function recordManualPayment(actor: Actor, invoiceId: string, input: PaymentInput): Promise<RecordResult> {
  assertStaff(actor);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw invalid("billing:errors.amountNotWholeCents", { field: "amountCents" });
  const receivedAt = input.receivedOn ? `${input.receivedOn}T12:00:00.000Z` : nextStamp();
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const invoice = await lockInvoice(trx, invoiceId);
      const { paidCents } = await paidOf(trx, invoiceId);
      if (input.kind === "payment") {
        if (invoice.status !== "open") throw conflict("billing:errors.notPayable");
        if (input.amountCents > invoice.totalCents - paidCents) throw invalid("billing:errors.moreThanBalance", { field: "amountCents" });
      } else {
        if (invoice.status !== "open" && invoice.status !== "paid") throw conflict("billing:errors.notRefundable");
        if (input.amountCents > paidCents) throw invalid("billing:errors.moreThanPaid", { field: "amountCents" });
      }
      const paymentId = newId();
      await trx
        .insertInto("payments")
        .values({
          id: paymentId,
          invoiceId,
          clientId: invoice.clientId,
          kind: input.kind,
          amountCents: input.amountCents,
          method: input.method,
          provider: "manual",
          reference: input.reference?.trim() || null,
          note: input.note?.trim() || null,
          recordedBy: actor.id,
          receivedAt,
          createdAt: nextStamp(),
        })
        .execute();
      await addInvoiceEvent(trx, {
        invoiceId,
        type: input.kind,
        actorId: actor.id,
        amountCents: input.amountCents,
        meta: { method: input.method, reference: input.reference ?? null },
      });
      const settled = await settleInvoiceStatus(trx, invoiceId, actor.id);
      return { paymentId, ...settled };
    });
  await audit({
    actorId: actor.id,
    action: input.kind === "payment" ? "invoice.payment_recorded" : "invoice.refund_recorded",
    targetType: INVOICE_RECORD_TYPE,
    targetId: invoiceId,
    ip: actor.ip ?? null,
    meta: { amountCents: input.amountCents, method: input.method, reference: input.reference ?? null },
  });
  if (input.kind === "payment") await tellSafely(result.paymentId);
  return { paymentId: result.paymentId, status: result.status, balanceCents: result.balanceCents, duplicate: false };
}

async function tellSafely(paymentId: string): Promise<void> {
  try {
    await tellPaymentReceived(paymentId);
  } catch (error) {
    logger.error({ err: error, paymentId }, "payment receipt message failed");
  }
}

/**
 * What an online provider reports (a webhook or the success page's server read), applied once:
 * `externalId` (a PaymentIntent or session id for a payment, a refund id for a refund) is
 * unique, so a second report of the same money does nothing (`duplicate: true`). A payment is
 * recorded whatever the invoice's state (the money was received); a refund may arrive before
 * its payment (events out of order): it is recorded, and the balance is right once both are.
 */
export async function recordProviderTransaction(input: {
  invoiceId: string;
  kind: PaymentKind;
  amountCents: number;
  provider: "stripe";
  externalId: string;
  reference?: string | null;
  receivedAt?: string;
}): Promise<RecordResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw invalid("billing:errors.amountNotWholeCents");
  const existing = await db().selectFrom("payments").select("id").where("externalId", "=", input.externalId).executeTakeFirst();
  if (existing) return duplicateOf(existing.id, input.invoiceId);
  let result: { paymentId: string; status: InvoiceStatus; balanceCents: number };
  try {
    result = await db()
      .transaction()
      .execute(async (trx) => {
        const invoice = await lockInvoice(trx, input.invoiceId);
        // Re-checked under the invoice's lock: a webhook and the success page racing record it once.
        const again = await trx.selectFrom("payments").select("id").where("externalId", "=", input.externalId).executeTakeFirst();
        if (again) throw new DuplicateSignal(again.id);
        const paymentId = newId();
        await trx
          .insertInto("payments")
          .values({
            id: paymentId,
            invoiceId: input.invoiceId,
            clientId: invoice.clientId,
            kind: input.kind,
            amountCents: input.amountCents,
            method: "stripe",
            provider: input.provider,
            reference: input.reference ?? input.externalId,
            externalId: input.externalId,
            note: null,
            recordedBy: null,
            receivedAt: input.receivedAt ?? nextStamp(),
            createdAt: nextStamp(),
          })
          .execute();
        await addInvoiceEvent(trx, {
          invoiceId: input.invoiceId,
          type: input.kind,
          amountCents: input.amountCents,
          meta: { method: "stripe", reference: input.externalId },
        });
        const settled = await settleInvoiceStatus(trx, input.invoiceId, null);
        return { paymentId, ...settled };
      });
  } catch (error) {
    if (error instanceof DuplicateSignal) return duplicateOf(error.paymentId, input.invoiceId);
    // Another instance inserted it between our check and our insert (PostgreSQL).
    if (isUniqueViolation(error)) {
      const row = await db().selectFrom("payments").select("id").where("externalId", "=", input.externalId).executeTakeFirstOrThrow();
      return duplicateOf(row.id, input.invoiceId);
    }
    throw error;
  }
  if (input.kind === "payment") await tellSafely(result.paymentId);
  return { ...result, duplicate: false };
}

class DuplicateSignal extends Error {
  constructor(readonly paymentId: string) {
    super("duplicate provider transaction");
  }
}

async function duplicateOf(paymentId: string, invoiceId: string): Promise<RecordResult> {
  const invoice = await db().selectFrom("invoices").select(["status", "totalCents"]).where("id", "=", invoiceId).executeTakeFirstOrThrow();
  const { paidCents } = await paidOf(db(), invoiceId);
  return { paymentId, status: invoice.status as InvoiceStatus, balanceCents: invoice.totalCents - paidCents, duplicate: true };
}

/** True when a provider transaction with this id is already recorded. */
export async function isRecorded(externalId: string): Promise<boolean> {
  return Boolean(await db().selectFrom("payments").select("id").where("externalId", "=", externalId).executeTakeFirst());
}

// ---------------------------------------------------------------------------
// Reading: lists, the bookkeeping export, the client's latest payment, revenue

function paymentsTable() {
  return db().selectFrom("payments as p");
}

function filtered(query: Partial<PaymentListQuery>) {
  let base = paymentsTable();
  if (query.kind) base = base.where("p.kind", "=", query.kind);
  if (query.method) base = base.where("p.method", "=", query.method);
  if (query.clientId) base = base.where("p.clientId", "=", query.clientId);
  if (query.invoiceId) base = base.where("p.invoiceId", "=", query.invoiceId);
  if (query.from) base = base.where("p.receivedAt", ">=", `${query.from}T00:00:00.000Z`);
  if (query.to) base = base.where("p.receivedAt", "<=", `${query.to}T23:59:59.999Z`);
  return base;
}

function withPaymentColumns(base: ReturnType<typeof paymentsTable>) {
  return base
    .innerJoin("invoices as i", "i.id", "p.invoiceId")
    .select([
      "p.id",
      "p.invoiceId",
      "i.number as invoiceNumber",
      "p.clientId",
      "i.billToName as clientName",
      "p.kind",
      "p.amountCents",
      "p.method",
      "p.provider",
      "p.reference",
      "p.note",
      "p.receivedAt",
      "p.createdAt",
    ]);
}

type PaymentListRow = Awaited<ReturnType<ReturnType<typeof withPaymentColumns>["execute"]>>[number];
const toPayment = (row: PaymentListRow): PaymentRow => ({ ...row, kind: row.kind as PaymentKind, method: row.method as PaymentMethod });

const PAYMENT_KEYS = {
  keys: [
    { ref: "p.receivedAt", value: (row: PaymentListRow) => row.receivedAt },
    { ref: "p.id", value: (row: PaymentListRow) => row.id },
  ],
  direction: "desc" as const,
};

/** Payments and refunds (staff), newest received first, one page at a time. */
export async function listPayments(actor: Actor, query: Partial<PaymentListQuery> = {}): Promise<Page<PaymentRow>> {
  assertStaff(actor);
  const request: PageRequest = { page: query.page ?? 1, perPage: query.perPage ?? DEFAULT_PER_PAGE, after: query.after, before: query.before };
  const base = filtered(query);
  const page = await keysetPage(withPaymentColumns(base), request, { ...PAYMENT_KEYS, count: () => countCapped(base), base });
  return { ...page, items: page.items.map(toPayment) };
}

/** The payments of one invoice (staff), for GET /api/invoices/{id}/payments. */
export function listInvoicePayments(actor: Actor, invoiceId: string, request: Partial<PageRequest> = {}): Promise<Page<PaymentRow>> {
  return listPayments(actor, { page: request.page, perPage: request.perPage, after: request.after, before: request.before, invoiceId });
}

export const PAYMENT_CSV_HEADER = [
  "received_at",
  "kind",
  "amount",
  "currency",
  "method",
  "reference",
  "invoice_number",
  "client",
  "provider",
  "payment_id",
] as const;

/**
 * The bookkeeping export (staff): every payment and refund matching the filters, oldest first,
 * read in keyset batches (never the whole table in memory), as CSV rows of text. A refund's
 * amount is negative, so a column sum is the net received. Amounts are decimal text from cents.
 */
export async function* eachPaymentCsvRow(actor: Actor, query: Partial<PaymentListQuery> = {}, batch = 500): AsyncGenerator<string[]> {
  assertStaff(actor);
  let after: [string, string] | null = null;
  for (;;) {
    let page = withPaymentColumns(filtered(query));
    if (after) {
      const [receivedAt, id] = after;
      page = page.where((eb) => eb.or([eb("p.receivedAt", ">", receivedAt), eb.and([eb("p.receivedAt", "=", receivedAt), eb("p.id", ">", id)])]));
    }
    const rows = await page.orderBy("p.receivedAt", "asc").orderBy("p.id", "asc").limit(batch).execute();
    for (const row of rows) {
      const signed = row.kind === "refund" ? -row.amountCents : row.amountCents;
      yield [
        row.receivedAt,
        row.kind,
        centsText(signed),
        "USD",
        row.method,
        row.reference ?? "",
        row.invoiceNumber ?? "",
        row.clientName,
        row.provider,
        row.id,
      ];
    }
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = [last.receivedAt, last.id];
  }
}

function centsText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export type LatestPayment = {
  id: string;
  invoiceId: string;
  invoiceNumber: string | null;
  amountCents: number;
  method: PaymentMethod;
  receivedAt: string;
  invoiceStatus: InvoiceStatus;
};

/** A client's latest payment (not refund), for /client/payment-success without a session id. */
export async function latestPaymentOfClient(clientId: string): Promise<LatestPayment | null> {
  const row = await db()
    .selectFrom("payments as p")
    .innerJoin("invoices as i", "i.id", "p.invoiceId")
    .select(["p.id", "p.invoiceId", "i.number as invoiceNumber", "p.amountCents", "p.method", "p.receivedAt", "i.status as invoiceStatus"])
    .where("p.clientId", "=", clientId)
    .where("p.kind", "=", "payment")
    .orderBy("p.receivedAt", "desc")
    .orderBy("p.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, method: row.method as PaymentMethod, invoiceStatus: row.invoiceStatus as InvoiceStatus } : null;
}

export type RevenueMonth = { month: string; receivedCents: number; refundedCents: number; netCents: number; payments: number };

/**
 * Money received in each period (the dashboard's months: `from` its first day, [start, end) its
 * UTC instants, cut in the office's zone by the caller), by one SQL aggregate over
 * payments_received_amount_idx (which holds the kind and amount: the table is not read); a
 * period without payments is listed with zeros. `month` is the period's YYYY-MM.
 */
export async function revenueByMonth(actor: Actor, periods: ReadonlyArray<{ from: string; start: string; end: string }>): Promise<RevenueMonth[]> {
  assertStaff(actor);
  if (periods.length === 0) return [];
  // The periods follow each other: a payment's period is the first whose end is after it.
  const period = sql<number>`case ${sql.join(
    periods.map((entry, index) => sql`when p.received_at < ${entry.end} then ${sql.lit(index)}`),
    sql` `,
  )} end`;
  const rows = await db()
    .selectFrom("payments as p")
    .select([
      period.as("period"),
      sql<number>`coalesce(sum(case when p.kind = 'payment' then p.amount_cents else 0 end), 0)`.as("received"),
      sql<number>`coalesce(sum(case when p.kind = 'refund' then p.amount_cents else 0 end), 0)`.as("refunded"),
      sql<number>`sum(case when p.kind = 'payment' then 1 else 0 end)`.as("count"),
    ])
    .where("p.receivedAt", ">=", periods[0]!.start)
    .where("p.receivedAt", "<", periods.at(-1)!.end)
    // By position: the expression carries parameters, which PostgreSQL would not match to the selected one.
    .groupBy(sql`1`)
    .execute();
  const byPeriod = new Map(rows.map((row) => [Number(row.period), row]));
  return periods.map((entry, index) => {
    const row = byPeriod.get(index);
    const receivedCents = Number(row?.received ?? 0);
    const refundedCents = Number(row?.refunded ?? 0);
    return { month: entry.from.slice(0, 7), receivedCents, refundedCents, netCents: receivedCents - refundedCents, payments: Number(row?.count ?? 0) };
  });
}

/** Open invoices' outstanding balance and count (the dashboard statistics), by SQL aggregates. */
export async function outstandingTotals(actor: Actor): Promise<{ openInvoices: number; outstandingCents: number }> {
  assertStaff(actor);
  const row = await db()
    .selectFrom("invoices as i")
    .select([
      sql<number>`count(*)`.as("count"),
      sql<number>`coalesce(sum(i.total_cents), 0)`.as("total"),
      sql<number>`coalesce(sum((select coalesce(sum(case when p.kind = 'payment' then p.amount_cents else -p.amount_cents end), 0) from payments p where p.invoice_id = i.id)), 0)`.as(
        "paid",
      ),
    ])
    .where("i.status", "=", "open")
    .executeTakeFirstOrThrow();
  return { openInvoices: Number(row.count), outstandingCents: Number(row.total) - Number(row.paid) };
}
