import { sql, type Transaction } from "kysely";
import { getOrder } from "~/features/service-orders/index.server";
import { officeToday } from "~/core/office/today.server";
import { findClientById, userColumnSql } from "~/core/identity/directory.server";
import { conflict, forbidden, invalid, notFound } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { toJson, type DB } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import type { Database } from "~/lib/db/schema";
import { isAdminRole } from "~/lib/features";
import { newId } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { DEFAULT_PER_PAGE, toPage, type Page, type PageRequest } from "~/lib/pagination";
import { countCapped, keysetPage, type SortKey } from "~/lib/pagination.server";
import type { INVOICE_SORTS, InvoiceDraftInput, InvoiceListQuery } from "./billing.schema";
import { tellInvoiceIssued } from "./messages.server";
import {
  CURRENCY,
  formatInvoiceNumber,
  isInvoiceStatus,
  lineOf,
  totalsOf,
  type InvoiceEventType,
  type InvoiceStatus,
  type Line,
  type LineInput,
  type PaymentKind,
  type PaymentMethod,
} from "./status";

/**
 * Invoices (tables invoices, invoice_counters, invoice_events and the invoice lines of
 * billing_lines: the only code touching them; docs/decisions/016).
 *
 * Who: the owner and admins make, issue, void and record; a client reads only its own
 * invoices (someone else's is "not found"). Rules:
 * - a draft's lines may change; issuing numbers it ("2026-0007", sequential per year in the
 *   office's zone) in the transaction that bumps that year's counter row, so a failed issue
 *   gives its number back and two instances never share or skip one;
 * - the balance is total − payments + refunds, summed from `payments` when read (never stored);
 *   the status follows it (open ↔ paid) in the transaction that records a payment or refund;
 * - void: a draft, or an open invoice with nothing paid (refund first).
 */
export type Actor = { id: string; role: string; ip?: string | null };
type Executor = DB | Transaction<Database>;

export const INVOICE_RECORD_TYPE = "invoice";

export type InvoiceListItem = {
  id: string;
  number: string | null;
  status: InvoiceStatus;
  clientId: string | null;
  clientName: string;
  clientEmail: string;
  orderId: string | null;
  orderReference: string | null;
  quoteId: string | null;
  currency: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  dueDate: string | null;
  issuedAt: string | null;
  paidAt: string | null;
  createdAt: string;
};

export type InvoiceLine = Line & { id: string; position: number };

export type InvoicePayment = {
  id: string;
  kind: PaymentKind;
  amountCents: number;
  method: PaymentMethod;
  provider: string;
  reference: string | null;
  note: string | null;
  recordedByName: string | null;
  receivedAt: string;
};

export type InvoiceEvent = {
  id: string;
  type: InvoiceEventType;
  actorName: string | null;
  amountCents: number | null;
  meta: Record<string, unknown>;
  createdAt: string;
};

export type InvoiceDetail = InvoiceListItem & {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  refundedCents: number;
  note: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  lines: InvoiceLine[];
  payments: InvoicePayment[];
  /** Staff only (a client gets an empty list). */
  history: InvoiceEvent[];
};

export const isBillingStaff = (actor: { role: string }) => isAdminRole(actor.role);
const notFoundInvoice = () => notFound("billing:errors.invoiceNotFound");

function assertStaff(actor: Actor): void {
  if (!isBillingStaff(actor)) throw forbidden();
}

let lastStamp = 0;
/** Strictly increasing within the process, so events of one invoice made in one millisecond keep their order. */
export function nextStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

// ---------------------------------------------------------------------------
// Money of an invoice, from its payments

/** Payments and refunds of an invoice, summed by SQL: `paid` (net of refunds) and `refunded`. */
export async function paidOf(executor: Executor, invoiceId: string): Promise<{ paymentsCents: number; refundedCents: number; paidCents: number }> {
  const row = await executor
    .selectFrom("payments")
    .select([
      sql<number>`coalesce(sum(case when kind = 'payment' then amount_cents else 0 end), 0)`.as("payments"),
      sql<number>`coalesce(sum(case when kind = 'refund' then amount_cents else 0 end), 0)`.as("refunds"),
    ])
    .where("invoiceId", "=", invoiceId)
    .executeTakeFirstOrThrow();
  const paymentsCents = Number(row.payments);
  const refundedCents = Number(row.refunds);
  return { paymentsCents, refundedCents, paidCents: paymentsCents - refundedCents };
}

/** The net paid (payments − refunds) of each invoice of a list, by one aggregate. */
const netPaidSql = sql<number>`(select coalesce(sum(case when p.kind = 'payment' then p.amount_cents else -p.amount_cents end), 0) from payments p where p.invoice_id = i.id)`;

// ---------------------------------------------------------------------------
// History

export async function addInvoiceEvent(
  executor: Executor,
  event: { invoiceId: string; type: InvoiceEventType; actorId?: string | null; amountCents?: number | null; meta?: Record<string, unknown> },
): Promise<void> {
  await executor
    .insertInto("invoiceEvents")
    .values({
      id: newId(),
      invoiceId: event.invoiceId,
      type: event.type,
      actorId: event.actorId ?? null,
      amountCents: event.amountCents ?? null,
      meta: toJson(event.meta ?? {}),
      createdAt: nextStamp(),
    })
    .execute();
}

// ---------------------------------------------------------------------------
// Reading

function invoicesTable() {
  return db().selectFrom("invoices as i");
}

function withColumns(base: ReturnType<typeof invoicesTable>) {
  return base.select([
    "i.id",
    "i.number",
    "i.status",
    "i.clientId",
    "i.billToName as clientName",
    "i.billToEmail as clientEmail",
    "i.orderId",
    sql<string | null>`(select o.reference from service_orders o where o.id = i.order_id)`.as("orderReference"),
    "i.quoteId",
    "i.currency",
    "i.totalCents",
    netPaidSql.as("paidCents"),
    "i.dueDate",
    "i.issuedAt",
    "i.paidAt",
    "i.createdAt",
  ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof withColumns>["execute"]>>[number];

function toItem(row: ListRow): InvoiceListItem {
  const paidCents = Number(row.paidCents);
  return {
    ...row,
    status: isInvoiceStatus(row.status) ? row.status : "draft",
    paidCents,
    balanceCents: row.status === "void" ? 0 : Number(row.totalCents) - paidCents,
  };
}

const INVOICE_SORT_KEYS: Record<(typeof INVOICE_SORTS)[number], { keys: Array<SortKey<ListRow>>; direction: "asc" | "desc" }> = {
  newest: {
    keys: [
      { ref: "i.createdAt", value: (row) => row.createdAt },
      { ref: "i.id", value: (row) => row.id },
    ],
    direction: "desc",
  },
  oldest: {
    keys: [
      { ref: "i.createdAt", value: (row) => row.createdAt },
      { ref: "i.id", value: (row) => row.id },
    ],
    direction: "asc",
  },
};

/** The day after `day` (YYYY-MM-DD), for an inclusive "to" on timestamps. */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Invoices one page at a time: staff see all (filters: status, client, order, created from/to,
 * an exact number), a client its own (drafts never: a draft is not sent yet). Indexed on
 * (status|client_id|order_id, created_at, id) (db/migrations/0015_billing.ts).
 */
export async function listInvoices(actor: Actor, query: Partial<InvoiceListQuery> = {}): Promise<Page<InvoiceListItem>> {
  const request: PageRequest = { page: query.page ?? 1, perPage: query.perPage ?? DEFAULT_PER_PAGE, after: query.after, before: query.before };
  let base = invoicesTable();
  if (!isBillingStaff(actor)) base = base.where("i.clientId", "=", actor.id).where("i.status", "!=", "draft");
  else if (query.clientId) base = base.where("i.clientId", "=", query.clientId);
  if (query.status) base = base.where("i.status", "=", query.status);
  if (query.orderId) base = base.where("i.orderId", "=", query.orderId);
  if (query.from) base = base.where("i.createdAt", ">=", `${query.from}T00:00:00.000Z`);
  if (query.to) base = base.where("i.createdAt", "<", `${dayAfter(query.to)}T00:00:00.000Z`);
  const q = query.q?.trim();
  if (q) base = base.where("i.number", "=", q);
  const page = await keysetPage(withColumns(base), request, { ...INVOICE_SORT_KEYS[query.sort ?? "newest"], count: () => countCapped(base), base });
  return { ...page, items: page.items.map(toItem) };
}

/** A client's invoices (their overview and the staff's client page), newest first. */
export function listClientInvoices(actor: Actor, clientId: string, request: Partial<PageRequest> = {}): Promise<Page<InvoiceListItem>> {
  if (!isBillingStaff(actor) && actor.id !== clientId) return Promise.resolve(toPage([], 0, { page: 1, perPage: request.perPage ?? DEFAULT_PER_PAGE }));
  return listInvoices(actor, { page: request.page, perPage: request.perPage, after: request.after, before: request.before, clientId });
}

/** The invoices of an order (its page), at most `limit`, newest first; a client's own order only. */
export async function listOrderInvoices(actor: Actor, orderId: string, limit = 20): Promise<InvoiceListItem[]> {
  const page = await listInvoices(actor, { orderId, perPage: limit });
  return page.items;
}

async function findVisibleInvoice(actor: Actor, id: string, executor: Executor = db()) {
  let query = executor.selectFrom("invoices").selectAll().where("id", "=", id);
  if (!isBillingStaff(actor)) query = query.where("clientId", "=", actor.id).where("status", "!=", "draft");
  const row = await query.executeTakeFirst();
  if (!row) throw notFoundInvoice();
  return row;
}

/** One invoice with its lines, payments and (staff) history; someone else's is "not found". */
export async function getInvoice(actor: Actor, id: string): Promise<InvoiceDetail> {
  await findVisibleInvoice(actor, id);
  const row = await withColumns(invoicesTable().where("i.id", "=", id))
    .select(["i.subtotalCents", "i.discountCents", "i.taxCents", "i.note", "i.voidedAt", "i.voidReason"])
    .executeTakeFirstOrThrow();
  const [lines, payments, history, money] = await Promise.all([
    readLines("invoiceId", id),
    db()
      .selectFrom("payments as p")
      .select([
        "p.id",
        "p.kind",
        "p.amountCents",
        "p.method",
        "p.provider",
        "p.reference",
        "p.note",
        userColumnSql("p.recordedBy", "fullName").as("recordedByName"),
        "p.receivedAt",
      ])
      .where("p.invoiceId", "=", id)
      .orderBy("p.receivedAt", "asc")
      .orderBy("p.id")
      .limit(500)
      .execute(),
    isBillingStaff(actor)
      ? db()
          .selectFrom("invoiceEvents as e")
          .select(["e.id", "e.type", userColumnSql("e.actorId", "fullName").as("actorName"), "e.amountCents", "e.meta", "e.createdAt"])
          .where("e.invoiceId", "=", id)
          .orderBy("e.createdAt", "asc")
          .orderBy("e.id")
          .limit(500)
          .execute()
      : Promise.resolve([]),
    paidOf(db(), id),
  ]);
  return {
    ...toItem(row),
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    refundedCents: money.refundedCents,
    note: row.note,
    voidedAt: row.voidedAt,
    voidReason: row.voidReason,
    lines,
    payments: payments.map((payment) => ({
      ...payment,
      kind: payment.kind as PaymentKind,
      method: payment.method as PaymentMethod,
      reference: isBillingStaff(actor) || payment.provider !== "stripe" ? payment.reference : null,
    })),
    history: history.map((event) => ({ ...event, type: event.type as InvoiceEventType, meta: event.meta ?? {} })),
  };
}

/** For the payment module: an invoice the caller may pay (a client's own, open, with a balance). */
export async function getPayableInvoice(
  actor: Actor,
  id: string,
): Promise<{ id: string; number: string; clientId: string; billToEmail: string; balanceCents: number; currency: string }> {
  const invoice = await findVisibleInvoice(actor, id);
  if (invoice.clientId !== actor.id) throw isBillingStaff(actor) ? forbidden("billing:errors.notYourInvoice") : notFoundInvoice();
  if (invoice.status !== "open" || !invoice.number) throw conflict("billing:errors.notPayable");
  const { paidCents } = await paidOf(db(), id);
  const balanceCents = invoice.totalCents - paidCents;
  if (balanceCents <= 0) throw conflict("billing:errors.notPayable");
  return { id: invoice.id, number: invoice.number, clientId: invoice.clientId, billToEmail: invoice.billToEmail, balanceCents, currency: invoice.currency };
}

// ---------------------------------------------------------------------------
// Lines (shared with quotes.server.ts: billing_lines)

export async function readLines(owner: "invoiceId" | "quoteId", id: string, executor: Executor = db()): Promise<InvoiceLine[]> {
  const rows = await executor
    .selectFrom("billingLines")
    .select(["id", "position", "kind", "description", "quantity", "unitCents", "amountCents"])
    .where(owner, "=", id)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({ ...row, kind: row.kind as Line["kind"] }));
}

/** Replaces the lines of a quote or an invoice; returns the totals. A total below zero is refused. */
export async function writeLines(executor: Executor, owner: "invoiceId" | "quoteId", id: string, inputs: ReadonlyArray<LineInput>) {
  const lines = inputs.map(lineOf);
  const totals = totalsOf(lines);
  if (totals.totalCents < 0) throw invalid("billing:errors.totalNegative", { field: "lines" });
  await executor.deleteFrom("billingLines").where(owner, "=", id).execute();
  if (lines.length > 0) {
    await executor
      .insertInto("billingLines")
      .values(lines.map((line, position) => ({ id: newId(), invoiceId: null, quoteId: null, [owner]: id, position, ...line })))
      .execute();
  }
  return totals;
}

// ---------------------------------------------------------------------------
// Making invoices

/** Who an invoice is billed to (read before a transaction: SQLite has one connection). */
export type BillTo = { id: string; fullName: string; email: string };

export async function billToOf(clientId: string): Promise<BillTo> {
  const client = await findClientById(clientId);
  if (!client) throw invalid("billing:errors.clientInvalid", { field: "clientId" });
  return { id: client.id, fullName: client.fullName, email: client.email };
}

type NewInvoice = {
  client: BillTo;
  orderId: string | null;
  quoteId: string | null;
  lines: ReadonlyArray<LineInput>;
  dueDate?: string | null;
  note?: string | null;
};

/** Inserts a draft invoice with its lines and its first history entry (in the caller's transaction). */
export async function insertDraftInvoice(executor: Executor, actorId: string | null, input: NewInvoice): Promise<string> {
  if (input.lines.length === 0) throw invalid("billing:errors.linesRequired", { field: "lines" });
  const client = input.client;
  const id = newId();
  const now = nextStamp();
  await executor
    .insertInto("invoices")
    .values({
      id,
      orderId: input.orderId,
      quoteId: input.quoteId,
      clientId: client.id,
      billToName: client.fullName,
      billToEmail: client.email,
      status: "draft",
      currency: CURRENCY,
      dueDate: input.dueDate ?? null,
      note: input.note ?? null,
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const totals = await writeLines(executor, "invoiceId", id, input.lines);
  await executor.updateTable("invoices").set(totals).where("id", "=", id).execute();
  await addInvoiceEvent(executor, {
    invoiceId: id,
    type: "created",
    actorId,
    amountCents: totals.totalCents,
    meta: { orderId: input.orderId, quoteId: input.quoteId },
  });
  return id;
}

/**
 * "Create invoice" on an order (staff): a draft with the given lines, or one line of the
 * order's price (its service's title) when none are given. Refused when the order has no price.
 */
export async function createInvoiceFromOrder(
  actor: Actor,
  orderId: string,
  options: { lines?: LineInput[]; dueDate?: string | null; note?: string | null; language?: string } = {},
): Promise<{ id: string }> {
  assertStaff(actor);
  const order = await getOrder(actor, orderId, options.language ?? "en");
  let lines = options.lines;
  if (!lines || lines.length === 0) {
    if (order.priceCents == null || order.priceCents <= 0) throw invalid("billing:errors.orderHasNoPrice", { field: "orderId" });
    lines = [{ kind: "item", description: `${order.serviceTitle} (${order.reference})`, quantity: 1, unitCents: order.priceCents }];
  }
  const client = await billToOf(order.clientId);
  const id = await db()
    .transaction()
    .execute((trx) =>
      insertDraftInvoice(trx, actor.id, { client, orderId: order.id, quoteId: null, lines: lines!, dueDate: options.dueDate, note: options.note }),
    );
  await audit({ actorId: actor.id, action: "invoice.created", targetType: INVOICE_RECORD_TYPE, targetId: id, ip: actor.ip ?? null, meta: { orderId } });
  return { id };
}

/** Changes a draft's lines, due date or note (staff; an issued invoice never changes). */
export async function updateDraftInvoice(actor: Actor, id: string, input: InvoiceDraftInput): Promise<void> {
  assertStaff(actor);
  await db()
    .transaction()
    .execute(async (trx) => {
      // The guarded write first: it holds the row (and SQLite's write lock) for the rest.
      const touched = await trx.updateTable("invoices").set({ updatedAt: nextStamp() }).where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
      if (Number(touched.numUpdatedRows) !== 1) {
        const exists = await trx.selectFrom("invoices").select("id").where("id", "=", id).executeTakeFirst();
        throw exists ? conflict("billing:errors.notDraft") : notFoundInvoice();
      }
      const values: { dueDate?: string | null; note?: string | null } = {};
      if (input.dueDate !== undefined) values.dueDate = input.dueDate || null;
      if (input.note !== undefined) values.note = input.note || null;
      if (Object.keys(values).length > 0) await trx.updateTable("invoices").set(values).where("id", "=", id).execute();
      if (input.lines) {
        const totals = await writeLines(trx, "invoiceId", id, input.lines);
        await trx.updateTable("invoices").set(totals).where("id", "=", id).execute();
      }
      await addInvoiceEvent(trx, { invoiceId: id, type: "updated", actorId: actor.id });
    });
}

/**
 * The next number of `year`, in the caller's transaction: the counter row is created or
 * bumped by one statement (PostgreSQL holds its row lock until the transaction ends, so a
 * second issuer waits; SQLite has one writer), and a rolled-back issue rolls it back too.
 */
export async function takeInvoiceNumber(trx: Executor, year: number): Promise<number> {
  const row = await trx
    .insertInto("invoiceCounters")
    .values({ year, lastNumber: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ lastNumber: sql<number>`invoice_counters.last_number + 1` }))
    .returning("lastNumber")
    .executeTakeFirstOrThrow();
  return Number(row.lastNumber);
}

/**
 * Issues a draft (staff): it becomes open with the next number of the office's year, and the
 * client is told (notification and e-mail in their language). `options.db` lets a test issue
 * from a second connection.
 */
/**
 * Issues a draft. `dueDate` (a day, not before the office's today; null: due on receipt) replaces
 * the draft's when given.
 */
export async function issueInvoice(
  actor: Actor,
  id: string,
  options: { db?: DB; now?: Date; notify?: boolean; dueDate?: string | null } = {},
): Promise<{ number: string }> {
  assertStaff(actor);
  const database = options.db ?? db();
  const now = options.now ?? new Date();
  const today = await officeToday(now);
  const year = Number(today.slice(0, 4));
  const { dueDate } = options;
  if (dueDate) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate) || Number.isNaN(Date.parse(dueDate))) throw invalid("billing:errors.dateInvalid", { field: "dueDate" });
    if (dueDate < today) throw invalid("billing:errors.dueBeforeToday", { field: "dueDate" });
  }
  const number = await database.transaction().execute(async (trx) => {
    // Draft → open first (guarded): a second issuer of the same invoice finds it open and stops.
    const stamp = now.toISOString();
    const moved = await trx
      .updateTable("invoices")
      .set({ status: "open", issuedAt: stamp, updatedAt: stamp, ...(dueDate === undefined ? {} : { dueDate }) })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      const exists = await trx.selectFrom("invoices").select(["id", "totalCents"]).where("id", "=", id).executeTakeFirst();
      throw exists ? conflict("billing:errors.notDraft") : notFoundInvoice();
    }
    const invoice = await trx.selectFrom("invoices").select(["totalCents"]).where("id", "=", id).executeTakeFirstOrThrow();
    if (invoice.totalCents <= 0) throw invalid("billing:errors.totalNotPositive", { field: "lines" });
    const sequence = await takeInvoiceNumber(trx, year);
    const formatted = formatInvoiceNumber(year, sequence);
    await trx.updateTable("invoices").set({ number: formatted, year, sequence }).where("id", "=", id).execute();
    await addInvoiceEvent(trx, { invoiceId: id, type: "issued", actorId: actor.id, amountCents: invoice.totalCents, meta: { number: formatted } });
    return formatted;
  });
  if (!options.db) {
    await audit({ actorId: actor.id, action: "invoice.issued", targetType: INVOICE_RECORD_TYPE, targetId: id, ip: actor.ip ?? null, meta: { number } });
    if (options.notify !== false) {
      try {
        await tellInvoiceIssued(id, actor.id);
      } catch (error) {
        // Issued and numbered; a mail server problem must not undo it.
        logger.error({ err: error, invoiceId: id }, "invoice issued message failed");
      }
    }
  }
  return { number };
}

/** Voids a draft, or an open invoice with nothing paid (staff). A void invoice keeps its number. */
export async function voidInvoice(actor: Actor, id: string, reason?: string | null): Promise<void> {
  assertStaff(actor);
  const cleanReason = reason?.trim() || null;
  await db()
    .transaction()
    .execute(async (trx) => {
      const stamp = nextStamp();
      const moved = await trx
        .updateTable("invoices")
        .set({ status: "void", voidedAt: stamp, voidReason: cleanReason, updatedAt: stamp })
        .where("id", "=", id)
        .where("status", "in", ["draft", "open"])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) {
        const exists = await trx.selectFrom("invoices").select("status").where("id", "=", id).executeTakeFirst();
        if (!exists) throw notFoundInvoice();
        throw conflict(exists.status === "paid" ? "billing:errors.refundBeforeVoid" : "billing:errors.alreadyVoid");
      }
      const { paidCents } = await paidOf(trx, id);
      if (paidCents !== 0) throw conflict("billing:errors.refundBeforeVoid");
      await addInvoiceEvent(trx, { invoiceId: id, type: "voided", actorId: actor.id, meta: cleanReason ? { reason: cleanReason } : {} });
    });
  await audit({
    actorId: actor.id,
    action: "invoice.voided",
    targetType: INVOICE_RECORD_TYPE,
    targetId: id,
    ip: actor.ip ?? null,
    meta: { reason: cleanReason },
  });
}

/**
 * After a payment or refund (in its transaction): open → paid when nothing is left to pay,
 * paid → open when a refund leaves a balance. Returns the new status when it changed.
 */
export async function settleInvoiceStatus(
  trx: Executor,
  invoiceId: string,
  actorId: string | null,
): Promise<{ status: InvoiceStatus; changed: boolean; balanceCents: number }> {
  const invoice = await trx.selectFrom("invoices").select(["status", "totalCents"]).where("id", "=", invoiceId).executeTakeFirstOrThrow();
  const { paidCents } = await paidOf(trx, invoiceId);
  const balanceCents = invoice.totalCents - paidCents;
  const status = invoice.status as InvoiceStatus;
  const stamp = nextStamp();
  if (status === "open" && balanceCents <= 0) {
    await trx.updateTable("invoices").set({ status: "paid", paidAt: stamp, updatedAt: stamp }).where("id", "=", invoiceId).execute();
    await addInvoiceEvent(trx, { invoiceId, type: "paid", actorId });
    return { status: "paid", changed: true, balanceCents };
  }
  if (status === "paid" && balanceCents > 0) {
    await trx.updateTable("invoices").set({ status: "open", paidAt: null, updatedAt: stamp }).where("id", "=", invoiceId).execute();
    await addInvoiceEvent(trx, { invoiceId, type: "reopened", actorId, amountCents: balanceCents });
    return { status: "open", changed: true, balanceCents };
  }
  return { status, changed: false, balanceCents };
}

/** Holds an invoice for a payment's transaction (the first write takes the row / SQLite's lock) and reads it. */
export async function lockInvoice(trx: Executor, invoiceId: string) {
  await trx.updateTable("invoices").set({ updatedAt: nextStamp() }).where("id", "=", invoiceId).execute();
  const invoice = await trx.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) throw notFoundInvoice();
  return invoice;
}

/** Invoices of a client in the order's page for staff: the order's quote link and its client check. */
export async function invoiceClientOf(invoiceId: string): Promise<string | null> {
  const row = await db().selectFrom("invoices").select("clientId").where("id", "=", invoiceId).executeTakeFirst();
  return row?.clientId ?? null;
}
