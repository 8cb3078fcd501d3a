import { sql, type RawBuilder } from "kysely";
import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail } from "~/features/email/index.server";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { getOfficeTimeZone } from "~/core/office/time-zone.server";
import { officeToday } from "~/core/office/today.server";
import { conflict, forbidden, invalid, notFound } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { isAdminRole } from "~/lib/features";
import { newId, newReference, nowIso } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { toPage, DEFAULT_PER_PAGE, type Page } from "~/lib/pagination";
import { countCapped, keysetPage, type SortKey } from "~/lib/pagination.server";
import { countPerBucket, countPerValue, type Bucket } from "~/lib/statistics.server";
import { dayRangeInstants } from "~/lib/day-range";
import { deleteFilesFor, listFilesFor, storeFile, type CheckedUpload, type StoredFile } from "~/lib/storage.server";
import { notify } from "~/core/notify.server";
import { getService, serviceKeySql, serviceTitleSql } from "~/features/services/index.server";
import { findClientById, findRecipient, findUserIdsMatching, isStaffMember, listActiveStaff, userColumnSql } from "~/core/identity/directory.server";
import { MAX_PRICE_CENTS, type OrderListQuery, type OrderPatchInput, type OrderSort } from "./service-orders.schema";
import {
  canMoveOrder,
  CLIENT_CANCELLABLE_ORDER_STATUSES,
  isOrderStatus,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  OVERDUE_AFTER_DAYS,
  type OrderStatus,
} from "./status";

/**
 * The client's e-mail when their order's status changes (editable on /dashboard/templates).
 * `status` is the new status in their language; `teamMessage` the staff's note as a sentence, or empty.
 */
export const ORDER_STATUS_EMAIL = defineEmailTemplate({
  namespace: "orders",
  name: "statusChanged",
  variables: ["reference", "name", "status", "teamMessage"] as const,
  sample: { reference: "ORD-2025-0042", name: "Maria Lopez", status: "In progress", teamMessage: "Message from our team: we have all your documents." },
  hasAction: true,
});

/**
 * Service orders: the only code touching service_orders, their status history
 * and internal notes. Every page action and API route goes through these
 * functions, which check the caller's rights themselves: a client reaches only
 * its own orders (others' are "not found"), staff reach all.
 */
/** Who acts; `ip` (optional) goes to the audit log with status changes. */
export type Actor = { id: string; role: string; ip?: string | null };

export const ORDER_RECORD_TYPE = "service_order";

export type OrderListItem = {
  id: string;
  reference: string;
  status: OrderStatus;
  serviceKey: string;
  serviceTitle: string;
  clientId: string;
  clientName: string;
  clientEmail: string;
  assigneeId: string | null;
  assigneeName: string | null;
  priceCents: number | null;
  dueDate: string | null;
  createdAt: string;
  updatedAt: string;
  overdue: boolean;
};

export type OrderHistoryEntry = {
  id: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  note: string | null;
  changedByName: string | null;
  createdAt: string;
};

export type OrderNote = { id: string; body: string; authorName: string | null; createdAt: string };

export type OrderDetail = OrderListItem & {
  details: string;
  quoteNote: string | null;
  history: OrderHistoryEntry[];
  files: StoredFile[];
  /** Internal notes: staff only, always empty for a client. */
  notes: OrderNote[];
};

const isStaff = (actor: Actor) => isAdminRole(actor.role);

export function isOverdue(order: { status: string; dueDate: string | null; createdAt: string }, now = new Date()): boolean {
  if (!isOrderStatus(order.status) || !OPEN_ORDER_STATUSES.includes(order.status)) return false;
  if (order.dueDate) return order.dueDate < now.toISOString().slice(0, 10);
  return now.getTime() - Date.parse(order.createdAt) > OVERDUE_AFTER_DAYS * 24 * 60 * 60 * 1000;
}

const notFoundOrder = () => notFound("orders:errors.notFound");

function listQuery() {
  return db().selectFrom("serviceOrders as o");
}

type ListQuery = ReturnType<typeof listQuery>;

/** An order's list columns; the client's and assignee's names from the users area, by id. */
function selectListColumns(query: ListQuery, language: string) {
  return query.select([
    "o.id",
    "o.reference",
    "o.status",
    serviceKeySql("o.serviceId").as("serviceKey"),
    serviceTitleSql("o.serviceId", language).as("serviceTitle"),
    "o.clientId",
    userColumnSql("o.clientId", "fullName").$notNull().as("clientName"),
    userColumnSql("o.clientId", "email").$notNull().as("clientEmail"),
    "o.assigneeId",
    userColumnSql("o.assigneeId", "fullName").as("assigneeName"),
    "o.priceCents",
    "o.dueDate",
    "o.createdAt",
    "o.updatedAt",
  ]);
}

function withOverdue<T extends { status: string; dueDate: string | null; createdAt: string }>(row: T): T & { status: OrderStatus; overdue: boolean } {
  return { ...row, status: row.status as OrderStatus, overdue: isOverdue(row) };
}

/** How each sort walks the list: indexed keys ending with the id (db/migrations/0003_list_indexes.ts). */
const ORDER_SORT_KEYS: Record<OrderSort, { keys: Array<SortKey<OrderListRow>>; direction: "asc" | "desc" }> = {
  newest: {
    keys: [
      { ref: "o.createdAt", value: (row) => row.createdAt },
      { ref: "o.id", value: (row) => row.id },
    ],
    direction: "desc",
  },
  oldest: {
    keys: [
      { ref: "o.createdAt", value: (row) => row.createdAt },
      { ref: "o.id", value: (row) => row.id },
    ],
    direction: "asc",
  },
  updated: {
    keys: [
      { ref: "o.updatedAt", value: (row) => row.updatedAt },
      { ref: "o.id", value: (row) => row.id },
    ],
    direction: "desc",
  },
  // Orders without a due date last, the same on both dialects.
  due: {
    keys: [
      { ref: sql`coalesce(${sql.ref("o.dueDate")}, '9999-12-31')`, value: (row) => row.dueDate ?? "9999-12-31" },
      { ref: "o.id", value: (row) => row.id },
    ],
    direction: "asc",
  },
};

type OrderListRow = Omit<OrderListItem, "overdue" | "status"> & { status: string };

/** A whole order reference as typed ("so-7k2m-9qxd" too): matched exactly on its unique index. */
const REFERENCE_PATTERN = /^SO-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/**
 * Orders a caller may see, filtered, sorted and one page at a time (`parseOrderListQuery`).
 * At a firm's real volume (100,000 orders): filters and the count apply to the orders table alone; a search is
 * an exact reference, or the orders of the people whose name or e-mail matches (users
 * first, a small table); pages are keyset pages past the first ones, so page 2,000 costs
 * what page 2 does.
 */
export async function listOrders(actor: Actor, filters: Partial<OrderListQuery> & { timeZone?: string }, language: string): Promise<Page<OrderListItem>> {
  const request = { page: filters.page ?? 1, perPage: filters.perPage ?? DEFAULT_PER_PAGE, after: filters.after, before: filters.before };
  let base = db().selectFrom("serviceOrders as o");
  if (filters.from || filters.to) {
    const { start, end } = dayRangeInstants(filters, filters.timeZone ?? (await getOfficeTimeZone()));
    if (start) base = base.where("o.createdAt", ">=", start);
    if (end) base = base.where("o.createdAt", "<", end);
  }
  if (!isStaff(actor)) base = base.where("o.clientId", "=", actor.id);
  if (filters.status) base = base.where("o.status", "=", filters.status);
  if (filters.assignee && isStaff(actor)) {
    base = filters.assignee === "none" ? base.where("o.assigneeId", "is", null) : base.where("o.assigneeId", "=", filters.assignee);
  }
  /** Set when the rows are better counted another way than by counting `base`. */
  let countOtherwise: (() => Promise<number>) | null = null;
  const q = filters.q?.trim();
  if (q) {
    const reference = q.toUpperCase();
    if (REFERENCE_PATTERN.test(reference)) {
      base = base.where("o.reference", "=", reference);
    } else {
      const people = await findUserIdsMatching(q);
      if (people.length === 0) return toPage([], 0, request);
      if (isStaff(actor)) {
        // Their orders as clients or as assignees. Counted as the union of the two index ranges' ids
        // (each read from its index alone): the OR of the page's read would fetch every matching row.
        const matched = base
          .where("o.clientId", "in", people)
          .select("o.id")
          .union(base.where("o.assigneeId", "in", people).select("o.id"));
        countOtherwise = () => countCapped(db().selectFrom(matched.as("matched")));
        base = base.where((eb) => eb.or([eb("o.clientId", "in", people), eb("o.assigneeId", "in", people)]));
      } else {
        base = base.where("o.clientId", "in", people);
      }
    }
  }
  const filtered = base;
  const count = countOtherwise ?? (() => countCapped(filtered));
  // keysetPage reads the page's ids on `filtered`; the columns are then read for those rows by id, without its filters again.
  const page = await keysetPage(selectListColumns(listQuery(), language), request, { ...ORDER_SORT_KEYS[filters.sort ?? "newest"], count, base: filtered });
  return { ...page, items: page.items.map(withOverdue) };
}

async function findVisibleOrder(actor: Actor, id: string) {
  let query = db().selectFrom("serviceOrders").selectAll().where("id", "=", id);
  if (!isStaff(actor)) query = query.where("clientId", "=", actor.id);
  const order = await query.executeTakeFirst();
  if (!order) throw notFoundOrder();
  return order;
}

/** True when the caller may read this order (and so its files). */
export async function canReadOrder(actor: Actor, id: string): Promise<boolean> {
  if (isStaff(actor)) return Boolean(await db().selectFrom("serviceOrders").select("id").where("id", "=", id).executeTakeFirst());
  return Boolean(await db().selectFrom("serviceOrders").select("id").where("id", "=", id).where("clientId", "=", actor.id).executeTakeFirst());
}

/** One order with its timeline and documents; internal notes for staff only. */
export async function getOrder(actor: Actor, id: string, language: string): Promise<OrderDetail> {
  let query = selectListColumns(listQuery(), language).select(["o.details", "o.quoteNote"]).where("o.id", "=", id);
  if (!isStaff(actor)) query = query.where("o.clientId", "=", actor.id);
  const row = await query.executeTakeFirst();
  if (!row) throw notFoundOrder();
  const history = await db()
    .selectFrom("serviceOrderStatusHistory as h")
    .select(["h.id", "h.fromStatus", "h.toStatus", "h.note", userColumnSql("h.changedBy", "fullName").as("changedByName"), "h.createdAt"])
    .where("h.orderId", "=", id)
    .orderBy("h.createdAt", "asc")
    .orderBy("h.id")
    .limit(200)
    .execute();
  const notes = isStaff(actor)
    ? await db()
        .selectFrom("serviceOrderNotes as n")
        .select(["n.id", "n.body", userColumnSql("n.authorId", "fullName").as("authorName"), "n.createdAt"])
        .where("n.orderId", "=", id)
        .orderBy("n.createdAt", "desc")
        .limit(200)
        .execute()
    : [];
  return {
    ...withOverdue(row),
    history: history.map((entry) => ({ ...entry, fromStatus: entry.fromStatus as OrderStatus | null, toStatus: entry.toStatus as OrderStatus })),
    files: await listFilesFor(ORDER_RECORD_TYPE, id),
    notes,
  };
}

/** A client orders a service (staff may order for a client), with documents already checked by the storage module. */
export async function createOrder(
  actor: Actor,
  input: { service: string; details: string; clientId?: string },
  uploads: CheckedUpload[],
  language: string,
): Promise<{ id: string; reference: string }> {
  let clientId = actor.id;
  if (input.clientId && input.clientId !== actor.id) {
    if (!isStaff(actor)) throw forbidden();
    const client = await findClientById(input.clientId);
    if (!client) throw invalid("orders:errors.clientInvalid", { field: "clientId" });
    clientId = client.id;
  }
  const service = await getService(input.service, language);
  if (!service) throw invalid("orders:errors.serviceInvalid", { field: "service" });
  const id = newId();
  const reference = newReference("SO");
  const now = nowIso();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("serviceOrders")
        .values({ id, reference, clientId, serviceId: service.id, status: "pending", details: input.details, createdAt: now, updatedAt: now })
        .execute();
      await trx
        .insertInto("serviceOrderStatusHistory")
        .values({ id: newId(), orderId: id, fromStatus: null, toStatus: "pending", changedBy: actor.id, note: null, createdAt: now })
        .execute();
    });
  for (const upload of uploads) await storeFile(upload, { uploadedBy: actor.id, recordType: ORDER_RECORD_TYPE, recordId: id });
  await notifyStaffOfNewOrder(id, reference, clientId);
  return { id, reference };
}

async function notifyStaffOfNewOrder(orderId: string, reference: string, clientId: string): Promise<void> {
  const client = await findRecipient(clientId);
  for (const member of await listActiveStaff(20)) {
    await notify({
      userId: member.id,
      type: "order.created",
      titleKey: "orders:notifications.created.title",
      bodyKey: "orders:notifications.created.body",
      params: { reference, client: client?.fullName ?? "" },
      link: `/dashboard/service-orders/${orderId}`,
    });
  }
}

/**
 * Changes what may change: staff every field; a client only the details of
 * its own order while it is still pending. A due date that changes may not be
 * before today (the office's); one already set and left as it is stays.
 */
export async function updateOrder(actor: Actor, id: string, patch: OrderPatchInput): Promise<void> {
  const order = await findVisibleOrder(actor, id);
  if (!isStaff(actor)) {
    const keys = Object.keys(patch).filter((key) => patch[key as keyof OrderPatchInput] !== undefined);
    if (keys.some((key) => key !== "details")) throw forbidden();
    if (order.status !== "pending") throw conflict("orders:errors.notEditable");
  }
  if (patch.priceCents != null && patch.priceCents > MAX_PRICE_CENTS) throw invalid("orders:errors.priceTooHigh", { field: "price" });
  if (patch.dueDate && patch.dueDate !== order.dueDate && patch.dueDate < (await officeToday())) {
    throw invalid("orders:errors.dueDatePast", { field: "dueDate" });
  }
  if (patch.assigneeId && !(await isStaffMember(patch.assigneeId))) throw invalid("orders:errors.assigneeInvalid", { field: "assigneeId" });
  const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return;
  await db()
    .updateTable("serviceOrders")
    .set({ ...values, updatedAt: nowIso() })
    .where("id", "=", id)
    .execute();
}

/** Staff only: removes an order with its history, notes and documents. */
export async function deleteOrder(actor: Actor, id: string): Promise<void> {
  if (!isStaff(actor)) {
    await findVisibleOrder(actor, id); // someone else's order stays "not found"
    throw forbidden();
  }
  await findVisibleOrder(actor, id);
  await db().deleteFrom("serviceOrders").where("id", "=", id).execute();
  await deleteFilesFor(ORDER_RECORD_TYPE, id);
}

/**
 * The state machine, enforced here for every caller: staff may make any
 * transition of ORDER_TRANSITIONS; a client may only cancel its own order
 * while it is in CLIENT_CANCELLABLE_ORDER_STATUSES. Each change is kept in the
 * history and the client is told (notification and e-mail in their language).
 */
export async function changeOrderStatus(actor: Actor, id: string, to: string, note?: string | null): Promise<{ from: OrderStatus; to: OrderStatus }> {
  const order = await findVisibleOrder(actor, id);
  if (!isOrderStatus(to)) throw invalid("orders:errors.statusInvalid", { field: "status" });
  const from = order.status as OrderStatus;
  if (!isStaff(actor)) {
    if (to !== "cancelled") throw forbidden();
    if (!CLIENT_CANCELLABLE_ORDER_STATUSES.includes(from)) throw conflict("orders:errors.cannotCancel");
  }
  if (!canMoveOrder(from, to)) throw conflict("orders:errors.transitionNotAllowed");
  const now = nowIso();
  const cleanNote = note?.trim() || null;
  await db()
    .transaction()
    .execute(async (trx) => {
      // Only from the state we read: two people moving the same order at once cannot both win.
      const result = await trx
        .updateTable("serviceOrders")
        .set({ status: to, updatedAt: now })
        .where("id", "=", id)
        .where("status", "=", from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw conflict("orders:errors.changedMeanwhile");
      await trx
        .insertInto("serviceOrderStatusHistory")
        .values({ id: newId(), orderId: id, fromStatus: from, toStatus: to, changedBy: actor.id, note: cleanNote, createdAt: now })
        .execute();
    });
  await audit({
    actorId: actor.id,
    action: "order.status_changed",
    targetType: "service_order",
    targetId: id,
    ip: actor.ip ?? null,
    meta: { reference: order.reference, from, to },
  });
  await tellAboutStatusChange(actor, order, from, to, cleanNote);
  return { from, to };
}

async function tellAboutStatusChange(
  actor: Actor,
  order: { id: string; reference: string; clientId: string; assigneeId: string | null },
  from: OrderStatus,
  to: OrderStatus,
  note: string | null,
): Promise<void> {
  if (actor.id === order.clientId) {
    // The client cancelled: tell the person in charge instead.
    if (order.assigneeId) {
      await notify({
        userId: order.assigneeId,
        type: "order.cancelled",
        titleKey: "orders:notifications.cancelledByClient.title",
        bodyKey: "orders:notifications.cancelledByClient.body",
        params: { reference: order.reference },
        link: `/dashboard/service-orders/${order.id}`,
      });
    }
    return;
  }
  const link = `/client/service-orders/${order.id}`;
  await notify({
    userId: order.clientId,
    type: "order.status",
    titleKey: "orders:notifications.statusChanged.title",
    bodyKey: "orders:notifications.statusChanged.body",
    params: { reference: order.reference, from, status: to },
    link,
  });
  const client = await findRecipient(order.clientId);
  if (!client) return;
  try {
    const language = isLanguage(client.locale) ? client.locale : fallbackLanguage;
    const t = await getFixedT(language, "orders");
    await sendTemplatedEmail(ORDER_STATUS_EMAIL, {
      to: client.email,
      language,
      values: {
        reference: order.reference,
        name: client.fullName,
        status: t(`status.${to}`),
        teamMessage: note ? t("email.statusChanged.teamMessage", { note }) : "",
      },
      actionUrl: absoluteUrl(link),
    });
  } catch (error) {
    // The change is made and recorded; a mail server problem must not undo it.
    logger.error({ err: error, orderId: order.id }, "order status e-mail failed");
  }
}

/** More documents for an open order: its client, or staff. */
export async function addOrderDocuments(actor: Actor, id: string, uploads: CheckedUpload[]): Promise<StoredFile[]> {
  const order = await findVisibleOrder(actor, id);
  if (!OPEN_ORDER_STATUSES.includes(order.status as OrderStatus)) throw conflict("orders:errors.orderClosed");
  const stored: StoredFile[] = [];
  for (const upload of uploads) stored.push(await storeFile(upload, { uploadedBy: actor.id, recordType: ORDER_RECORD_TYPE, recordId: id }));
  await db().updateTable("serviceOrders").set({ updatedAt: nowIso() }).where("id", "=", id).execute();
  return stored;
}

/**
 * A step of another area's work on this order (a request sent, submitted, completed) on the order's
 * timeline, which client and staff both see: a history entry that keeps the status and says `note`.
 */
export async function recordOrderEvent(orderId: string, actorId: string | null, note: string): Promise<void> {
  const order = await db().selectFrom("serviceOrders").select("status").where("id", "=", orderId).executeTakeFirst();
  if (!order) return;
  await db()
    .insertInto("serviceOrderStatusHistory")
    .values({ id: newId(), orderId, fromStatus: order.status, toStatus: order.status, changedBy: actorId, note, createdAt: nowIso() })
    .execute();
}

/** An internal note (staff only; the client never sees it). */
export async function addOrderNote(actor: Actor, id: string, body: string): Promise<void> {
  if (!isStaff(actor)) throw forbidden();
  await findVisibleOrder(actor, id);
  await db().insertInto("serviceOrderNotes").values({ id: newId(), orderId: id, authorId: actor.id, body }).execute();
}

/** Staff who can be assigned an order. */
export async function listAssignees(): Promise<Array<{ id: string; fullName: string }>> {
  return listActiveStaff();
}

export async function countOrdersCreatedSince(since: string): Promise<number> {
  const { count } = await db()
    .selectFrom("serviceOrders")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("createdAt", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The client's open orders (overview). */
export async function listOpenOrdersForClient(clientId: string, language: string, limit = 5): Promise<{ total: number; orders: OrderListItem[] }> {
  const base = listQuery()
    .where("o.clientId", "=", clientId)
    .where("o.status", "in", [...OPEN_ORDER_STATUSES]);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const rows = await selectListColumns(base, language).orderBy("o.updatedAt", "desc").limit(limit).execute();
  return { total: Number(total), orders: rows.map(withOverdue) };
}

/** Orders of one client, for staff choosing an order to attach a report to. */
export async function listOrdersOfClient(actor: Actor, clientId: string): Promise<OrderChoice[]> {
  if (!isStaff(actor)) throw forbidden();
  return orderChoicesOfClient(clientId);
}

export type OrderChoice = { id: string; reference: string; status: string; serviceTitle: string; clientName: string };

/**
 * A client's newest orders (at most 100) to link a record to, each with its service and client to
 * name it by. For other areas whose own guard has already admitted the caller (the translation
 * desk's translators are not order staff).
 */
export async function orderChoicesOfClient(clientId: string, language: string = fallbackLanguage): Promise<OrderChoice[]> {
  return db()
    .selectFrom("serviceOrders as o")
    .select([
      "o.id",
      "o.reference",
      "o.status",
      serviceTitleSql("o.serviceId", language).as("serviceTitle"),
      userColumnSql("o.clientId", "fullName").$notNull().as("clientName"),
    ])
    .where("o.clientId", "=", clientId)
    .orderBy("o.createdAt", "desc")
    .limit(100)
    .execute();
}

/** True when a service was ever ordered (the services area deactivates it instead of deleting it). */
export async function hasOrdersForService(serviceId: string): Promise<boolean> {
  return Boolean(await db().selectFrom("serviceOrders").select("id").where("serviceId", "=", serviceId).limit(1).executeTakeFirst());
}

/** True when this order belongs to this client (a report about it may be sent to them). */
export async function isOrderOfClient(orderId: string, clientId: string): Promise<boolean> {
  return Boolean(await db().selectFrom("serviceOrders").select("id").where("id", "=", orderId).where("clientId", "=", clientId).executeTakeFirst());
}

/** An order's reference for other areas' queries (reports about an order): `orderReferenceSql("r.orderId")`. */
export function orderReferenceSql(orderId: string): RawBuilder<string | null> {
  return sql<string | null>`(select so.reference from service_orders so where so.id = ${sql.ref(orderId)})`;
}

// ---------------------------------------------------------------------------
// A client's records as a whole: the data export and the deletion with retention
// (features/client-records/client-records.server.ts, docs/decisions/011). Staff only; the caller checks.

export type OrderRecord = {
  id: string;
  reference: string;
  serviceKey: string;
  status: string;
  details: string;
  priceCents: number | null;
  quoteNote: string | null;
  dueDate: string | null;
  createdAt: string;
  updatedAt: string;
  history: Array<{ fromStatus: string | null; toStatus: string; note: string | null; createdAt: string }>;
  files: StoredFile[];
};

/** Every order of one client (at most 1,000), oldest first, with its status history and documents. */
export async function listOrderRecordsOfClient(clientId: string): Promise<OrderRecord[]> {
  const orders = await db()
    .selectFrom("serviceOrders as o")
    .select([
      "o.id",
      "o.reference",
      serviceKeySql("o.serviceId").as("serviceKey"),
      "o.status",
      "o.details",
      "o.priceCents",
      "o.quoteNote",
      "o.dueDate",
      "o.createdAt",
      "o.updatedAt",
    ])
    .where("o.clientId", "=", clientId)
    .orderBy("o.createdAt", "asc")
    .limit(1000)
    .execute();
  const records: OrderRecord[] = [];
  for (const order of orders) {
    const history = await db()
      .selectFrom("serviceOrderStatusHistory")
      .select(["fromStatus", "toStatus", "note", "createdAt"])
      .where("orderId", "=", order.id)
      .orderBy("createdAt", "asc")
      .limit(200)
      .execute();
    records.push({ ...order, history, files: await listFilesFor(ORDER_RECORD_TYPE, order.id) });
  }
  return records;
}

/** Removes these orders of a client with their history, notes and documents. */
export async function deleteOrdersOfClient(clientId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db().deleteFrom("serviceOrders").where("clientId", "=", clientId).where("id", "in", ids).executeTakeFirst();
  for (const id of ids) await deleteFilesFor(ORDER_RECORD_TYPE, id);
  return Number(result.numDeletedRows);
}

/**
 * Dashboard statistics: the orders created in [range.start, range.end) by status,
 * each a range of service_orders_status_created_idx, and per period, each a range of
 * service_orders_created_idx (app/lib/statistics.server.ts); no row is loaded.
 */
export async function orderStatistics(range: Bucket, periods: readonly Bucket[]): Promise<{ byStatus: Record<OrderStatus, number>; perPeriod: number[] }> {
  const orders = db().selectFrom("serviceOrders");
  const [byStatus, perPeriod] = await Promise.all([
    countPerValue(orders.where("createdAt", ">=", range.start).where("createdAt", "<", range.end), "status", ORDER_STATUSES),
    countPerBucket(orders, "createdAt", periods),
  ]);
  return { byStatus, perPeriod };
}
