import { getOrder } from "~/features/service-orders/index.server";
import { officeToday } from "~/core/office/today.server";
import { conflict, forbidden, notFound } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { newReference } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { newId } from "~/lib/ids.server";
import type { QuoteInput } from "./billing.schema";
import { billToOf, insertDraftInvoice, isBillingStaff, issueInvoice, nextStamp, readLines, writeLines, type Actor, type InvoiceLine } from "./invoices.server";
import { tellQuoteSent } from "./messages.server";
import { CURRENCY, quoteDisplayStatus, type QuoteDisplayStatus, type QuoteStatus } from "./status";

/**
 * Quotes on an order (table quotes and the quote lines of billing_lines: the only code
 * touching them). Staff write a quote (lines, validity date, note) as a draft, change it
 * while it is a draft or sent, and send it (the client is told); the client accepts or
 * declines its own sent quote while it is valid. Accepting makes the invoice at once
 * (issued, so the client can pay it); a declined quote stays as it was.
 */
export type QuoteSummary = {
  id: string;
  reference: string;
  orderId: string;
  clientId: string;
  status: QuoteStatus;
  /** The status as shown today: "expired" for a sent quote past its validity date. */
  displayStatus: QuoteDisplayStatus;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  validUntil: string | null;
  note: string | null;
  sentAt: string | null;
  decidedAt: string | null;
  declineReason: string | null;
  /** The invoice made from it (accepted quotes). */
  invoiceId: string | null;
  createdAt: string;
  updatedAt: string;
};

export type QuoteDetail = QuoteSummary & { lines: InvoiceLine[] };

export const QUOTE_RECORD_TYPE = "quote";
const notFoundQuote = () => notFound("billing:errors.quoteNotFound");

function quoteColumns() {
  return db()
    .selectFrom("quotes as q")
    .leftJoin("invoices as i", "i.quoteId", "q.id")
    .select([
      "q.id",
      "q.reference",
      "q.orderId",
      "q.clientId",
      "q.status",
      "q.currency",
      "q.subtotalCents",
      "q.discountCents",
      "q.taxCents",
      "q.totalCents",
      "q.validUntil",
      "q.note",
      "q.sentAt",
      "q.decidedAt",
      "q.declineReason",
      "i.id as invoiceId",
      "q.createdAt",
      "q.updatedAt",
    ]);
}

type QuoteRow = Awaited<ReturnType<ReturnType<typeof quoteColumns>["execute"]>>[number];

function toSummary(row: QuoteRow, today: string): QuoteSummary {
  return { ...row, status: row.status as QuoteStatus, displayStatus: quoteDisplayStatus(row, today), invoiceId: row.invoiceId ?? null };
}

/**
 * The quotes of an order, newest first (at most 50): staff see all, the order's client its
 * sent and decided ones (never a draft); someone else's order is "not found".
 */
export async function listOrderQuotes(actor: Actor, orderId: string): Promise<QuoteSummary[]> {
  await getOrder(actor, orderId, "en");
  let query = quoteColumns().where("q.orderId", "=", orderId);
  if (!isBillingStaff(actor)) query = query.where("q.clientId", "=", actor.id).where("q.status", "!=", "draft");
  const rows = await query.orderBy("q.createdAt", "desc").orderBy("q.id", "desc").limit(50).execute();
  const today = await officeToday();
  return rows.map((row) => toSummary(row, today));
}

/** One quote with its lines; a client's own sent or decided quote only. */
export async function getQuote(actor: Actor, id: string): Promise<QuoteDetail> {
  let query = quoteColumns().where("q.id", "=", id);
  if (!isBillingStaff(actor)) query = query.where("q.clientId", "=", actor.id).where("q.status", "!=", "draft");
  const row = await query.executeTakeFirst();
  if (!row) throw notFoundQuote();
  return { ...toSummary(row, await officeToday()), lines: await readLines("quoteId", id) };
}

/** A new draft quote on an order (staff). */
export async function createQuote(actor: Actor, orderId: string, input: QuoteInput): Promise<{ id: string; reference: string }> {
  if (!isBillingStaff(actor)) throw forbidden();
  const order = await getOrder(actor, orderId, "en");
  const id = newId();
  const reference = newReference("QT");
  await db()
    .transaction()
    .execute(async (trx) => {
      const now = nextStamp();
      await trx
        .insertInto("quotes")
        .values({
          id,
          reference,
          orderId: order.id,
          clientId: order.clientId,
          status: "draft",
          currency: CURRENCY,
          validUntil: input.validUntil ?? null,
          note: input.note ?? null,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      const totals = await writeLines(trx, "quoteId", id, input.lines);
      await trx.updateTable("quotes").set(totals).where("id", "=", id).execute();
    });
  await audit({ actorId: actor.id, action: "quote.created", targetType: QUOTE_RECORD_TYPE, targetId: id, ip: actor.ip ?? null, meta: { orderId, reference } });
  return { id, reference };
}

/** Changes a draft or sent quote's lines, validity and note (staff). An accepted or declined quote stays. */
export async function updateQuote(actor: Actor, id: string, input: QuoteInput): Promise<void> {
  if (!isBillingStaff(actor)) throw forbidden();
  await db()
    .transaction()
    .execute(async (trx) => {
      const moved = await trx
        .updateTable("quotes")
        .set({ validUntil: input.validUntil ?? null, note: input.note ?? null, updatedAt: nextStamp() })
        .where("id", "=", id)
        .where("status", "in", ["draft", "sent"])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) {
        const exists = await trx.selectFrom("quotes").select("id").where("id", "=", id).executeTakeFirst();
        throw exists ? conflict("billing:errors.quoteDecided") : notFoundQuote();
      }
      const totals = await writeLines(trx, "quoteId", id, input.lines);
      await trx.updateTable("quotes").set(totals).where("id", "=", id).execute();
    });
}

/** Sends a draft (or sends a changed quote again) to the client: a notification with a link to the order. */
export async function sendQuote(actor: Actor, id: string): Promise<void> {
  if (!isBillingStaff(actor)) throw forbidden();
  const quote = await getQuote(actor, id);
  if (quote.status !== "draft" && quote.status !== "sent") throw conflict("billing:errors.quoteDecided");
  if (quote.totalCents <= 0) throw conflict("billing:errors.totalNotPositive");
  if (quote.validUntil && quote.validUntil < (await officeToday())) throw conflict("billing:errors.quoteExpired");
  const now = nextStamp();
  await db().updateTable("quotes").set({ status: "sent", sentAt: now, updatedAt: now }).where("id", "=", id).where("status", "in", ["draft", "sent"]).execute();
  await audit({
    actorId: actor.id,
    action: "quote.sent",
    targetType: QUOTE_RECORD_TYPE,
    targetId: id,
    ip: actor.ip ?? null,
    meta: { reference: quote.reference },
  });
  try {
    await tellQuoteSent(quote);
  } catch (error) {
    logger.error({ err: error, quoteId: id }, "quote sent notification failed");
  }
}

/**
 * The client accepts its own sent, still valid quote: the quote is accepted and its invoice is
 * made and issued (numbered, the client told) at once. Returns the invoice's id.
 */
export async function acceptQuote(actor: Actor, id: string): Promise<{ invoiceId: string }> {
  const quote = await getQuote(actor, id);
  if (quote.clientId !== actor.id) throw forbidden();
  if (quote.status !== "sent") throw conflict("billing:errors.quoteNotOpen");
  if (quote.validUntil && quote.validUntil < (await officeToday())) throw conflict("billing:errors.quoteExpired");
  const client = await billToOf(quote.clientId);
  const invoiceId = await db()
    .transaction()
    .execute(async (trx) => {
      const now = nextStamp();
      const moved = await trx
        .updateTable("quotes")
        .set({ status: "accepted", decidedAt: now, updatedAt: now })
        .where("id", "=", id)
        .where("status", "=", "sent")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw conflict("billing:errors.quoteNotOpen");
      return insertDraftInvoice(trx, null, { client, orderId: quote.orderId, quoteId: quote.id, lines: quote.lines, note: quote.note });
    });
  await audit({
    actorId: actor.id,
    action: "quote.accepted",
    targetType: QUOTE_RECORD_TYPE,
    targetId: id,
    ip: actor.ip ?? null,
    meta: { reference: quote.reference, invoiceId },
  });
  // The office issues it on the client's word: the accepted quote is the order to invoice.
  await issueInvoice({ id: actor.id, role: "owner", ip: actor.ip }, invoiceId);
  return { invoiceId };
}

/** The client declines its own sent quote, with an optional reason. */
export async function declineQuote(actor: Actor, id: string, reason?: string | null): Promise<void> {
  const quote = await getQuote(actor, id);
  if (quote.clientId !== actor.id) throw forbidden();
  if (quote.status !== "sent") throw conflict("billing:errors.quoteNotOpen");
  const now = nextStamp();
  const moved = await db()
    .updateTable("quotes")
    .set({ status: "declined", decidedAt: now, declineReason: reason?.trim() || null, updatedAt: now })
    .where("id", "=", id)
    .where("status", "=", "sent")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw conflict("billing:errors.quoteNotOpen");
  await audit({
    actorId: actor.id,
    action: "quote.declined",
    targetType: QUOTE_RECORD_TYPE,
    targetId: id,
    ip: actor.ip ?? null,
    meta: { reference: quote.reference },
  });
}

/** Staff make the invoice of an accepted quote that has none (e.g. its issue failed); a draft to issue. */
export async function createInvoiceFromQuote(actor: Actor, quoteId: string): Promise<{ id: string }> {
  if (!isBillingStaff(actor)) throw forbidden();
  const quote = await getQuote(actor, quoteId);
  if (quote.status !== "accepted" && quote.status !== "sent") throw conflict("billing:errors.quoteNotOpen");
  if (quote.invoiceId) throw conflict("billing:errors.quoteHasInvoice");
  const client = await billToOf(quote.clientId);
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      if (quote.status === "sent") {
        const now = nextStamp();
        await trx.updateTable("quotes").set({ status: "accepted", decidedAt: now, updatedAt: now }).where("id", "=", quoteId).execute();
      }
      return insertDraftInvoice(trx, actor.id, { client, orderId: quote.orderId, quoteId, lines: quote.lines, note: quote.note });
    });
  await audit({ actorId: actor.id, action: "invoice.created", targetType: "invoice", targetId: id, ip: actor.ip ?? null, meta: { quoteId } });
  return { id };
}

/** A client's sent quotes still waiting for an answer (their overview), newest first, at most `limit`. */
export async function listQuotesAwaitingClient(clientId: string, limit = 10): Promise<QuoteSummary[]> {
  const today = await officeToday();
  const rows = await quoteColumns()
    .where("q.clientId", "=", clientId)
    .where("q.status", "=", "sent")
    .where((eb) => eb.or([eb("q.validUntil", "is", null), eb("q.validUntil", ">=", today)]))
    .orderBy("q.createdAt", "desc")
    .orderBy("q.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toSummary(row, today));
}
