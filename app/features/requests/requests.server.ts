import { sql } from "kysely";
import { officeToday } from "~/core/office/today.server";
import { isOrderOfClient, orderReferenceSql, ORDER_RECORD_TYPE } from "~/features/service-orders/index.server";
import { findActiveBackOfficeUser, findClientById, userColumnSql } from "~/core/identity/directory.server";
import { conflict, invalid } from "~/lib/app-error";
import type { DB } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import { canUseBackOffice, isBackOfficeRole } from "~/lib/features";
import { newId, nowIso } from "~/lib/ids.server";
import { DEFAULT_PER_PAGE, type Page } from "~/lib/pagination";
import { countCapped, keysetPage, type SortKey } from "~/lib/pagination.server";
import { listFilesFor, type StoredFile } from "~/lib/storage.server";
import { assertRequestStaff, clientsList, itemRowsOf, readableList, staffsList, type Actor, type ItemRow, type ListRow } from "./request-access.server";
import { auditRequest, recordStep, tellClient, tellStaffOfSubmission } from "./request-events.server";
import { revokeRequestLinks } from "./request-links.server";
import { getTemplate } from "./request-templates.server";
import { DEFAULT_REMINDER_SCHEDULE, type ReminderSchedule } from "./reminder-schedule";
import type { CreateListData, ItemDefinition, RequestListQuery, UpdateListData } from "./requests.schema";
import { ACTIVE_LIST_STATUSES, canSubmitList, CLIENT_PENDING_STATES, type ItemState, type ListStatus } from "./status";

/**
 * Request lists (tables request_lists, request_items, request_item_files: the only code touching
 * them, with request-items.server.ts). Staff with the `requests` feature send a client a list,
 * standing alone or on one of the client's orders; the client answers its items and submits it;
 * staff review each item (request-items.server.ts). Rights: request-access.server.ts.
 */
export type { Actor } from "./request-access.server";

/** Files uploaded to a list without an order are stored under the list. */
export const REQUEST_RECORD_TYPE = "request_list";

export type RequestItemFile = Pick<StoredFile, "id" | "originalName" | "mimeType" | "sizeBytes" | "createdAt">;

export type RequestItem = Omit<ItemRow, "listId"> & { files: RequestItemFile[] };

export type RequestListSummary = {
  id: string;
  title: string;
  status: ListStatus;
  dueDate: string;
  overdue: boolean;
  clientId: string;
  clientName: string | null;
  serviceOrderId: string | null;
  orderReference: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  itemCount: number;
  doneCount: number;
  lastReminderAt: string | null;
  createdAt: string;
};

export type RequestListDetail = RequestListSummary & {
  message: string;
  remindersEnabled: boolean;
  reminderSchedule: ReminderSchedule;
  remindersSent: number;
  createdBy: string | null;
  updatedAt: string;
  submittedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  items: RequestItem[];
  canSubmit: boolean;
};

const PENDING = [...CLIENT_PENDING_STATES] as string[];

function summaryColumns() {
  return db()
    .selectFrom("requestLists as l")
    .select([
      "l.id",
      "l.title",
      "l.status",
      "l.dueDate",
      "l.clientId",
      userColumnSql("l.clientId", "fullName").as("clientName"),
      "l.serviceOrderId",
      orderReferenceSql("l.serviceOrderId").as("orderReference"),
      "l.assigneeId",
      userColumnSql("l.assigneeId", "fullName").as("assigneeName"),
      sql<number>`(select count(*) from request_items i where i.list_id = ${sql.ref("l.id")})`.as("itemCount"),
      sql<number>`(select count(*) from request_items i where i.list_id = ${sql.ref("l.id")} and i.state not in (${sql.join(PENDING)}))`.as("doneCount"),
      "l.lastReminderAt",
      "l.createdAt",
    ]);
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryColumns>["execute"]>>[number];

function toSummary(row: SummaryRow, today: string): RequestListSummary {
  const status = row.status as ListStatus;
  return {
    ...row,
    status,
    itemCount: Number(row.itemCount),
    doneCount: Number(row.doneCount),
    overdue: ACTIVE_LIST_STATUSES.includes(status) && row.dueDate < today,
  };
}

async function filesOfItems(list: ListRow, items: ItemRow[]): Promise<Map<string, RequestItemFile[]>> {
  const byItem = new Map<string, RequestItemFile[]>();
  if (items.length === 0) return byItem;
  const links = await db()
    .selectFrom("requestItemFiles")
    .select(["itemId", "fileId"])
    .where(
      "itemId",
      "in",
      items.map((item) => item.id),
    )
    .orderBy("createdAt")
    .execute();
  if (links.length === 0) return byItem;
  const stored = list.serviceOrderId ? await listFilesFor(ORDER_RECORD_TYPE, list.serviceOrderId) : await listFilesFor(REQUEST_RECORD_TYPE, list.id);
  const files = new Map(stored.map((file) => [file.id, file]));
  for (const link of links) {
    const file = files.get(link.fileId);
    if (!file) continue;
    const { id, originalName, mimeType, sizeBytes, createdAt } = file;
    byItem.set(link.itemId, [...(byItem.get(link.itemId) ?? []), { id, originalName, mimeType, sizeBytes, createdAt }]);
  }
  return byItem;
}

async function detailOf(list: ListRow): Promise<RequestListDetail> {
  const [row, items, today] = await Promise.all([summaryColumns().where("l.id", "=", list.id).executeTakeFirstOrThrow(), itemRowsOf(list.id), officeToday()]);
  const files = await filesOfItems(list, items);
  return {
    ...toSummary(row, today),
    message: list.message,
    remindersEnabled: list.remindersEnabled,
    reminderSchedule: list.reminderOffsets,
    remindersSent: list.remindersSent,
    createdBy: list.createdBy,
    updatedAt: list.updatedAt,
    submittedAt: list.submittedAt,
    completedAt: list.completedAt,
    cancelledAt: list.cancelledAt,
    cancelReason: list.cancelReason,
    items: items.map(({ listId: _listId, ...item }) => ({ ...item, files: files.get(item.id) ?? [] })),
    canSubmit: list.status === "open" && canSubmitList(items),
  };
}

/** One of the client's own lists; another's or a missing one is the area's 404. */
export async function getListForClient(clientId: string, id: string): Promise<RequestListDetail> {
  return detailOf(await readableList({ id: clientId, role: "client", enabledFeatures: [] }, id));
}

/** Any list, for staff with the `requests` feature. */
export async function getListForStaff(actor: Actor, id: string): Promise<RequestListDetail> {
  return detailOf(await staffsList(actor, id));
}

/** Whether the caller may read the list (and so the files uploaded to it). */
export async function canReadRequestList(actor: Actor, id: string): Promise<boolean> {
  try {
    await readableList(actor, id);
    return true;
  } catch {
    return false;
  }
}

/** Inserts items from `firstPosition` on; their ids, in order. */
export async function insertItems(trx: DB, listId: string, items: readonly ItemDefinition[], firstPosition: number): Promise<string[]> {
  if (items.length === 0) return [];
  const now = nowIso();
  const ids = items.map(() => newId());
  await trx
    .insertInto("requestItems")
    .values(
      items.map((item, index) => ({
        id: ids[index]!,
        listId,
        position: firstPosition + index,
        kind: item.kind,
        answerType: item.answerType,
        choices: item.choices ? JSON.stringify(item.choices) : null,
        label: item.label,
        hint: item.hint,
        required: item.required,
        state: "todo",
        updatedAt: now,
      })),
    )
    .execute();
  return ids;
}

/** The assignee handles requests: active, with the `requests` feature. */
async function checkAssignee(input: { assigneeId?: string | null }): Promise<void> {
  if (!input.assigneeId) return;
  const member = await findActiveBackOfficeUser(input.assigneeId);
  if (!member || !canUseBackOffice(member, "requests")) throw invalid("requests:errors.assigneeInvalid", { field: "assigneeId" });
}

/**
 * Staff send a client a list: its items from `items`, or from a template (whose title and message
 * serve unless given). The client is told; the order's timeline says it was sent.
 */
export async function createList(actor: Actor, input: CreateListData): Promise<{ id: string }> {
  assertRequestStaff(actor);
  const client = await findClientById(input.clientId);
  if (!client) throw invalid("requests:errors.clientInvalid", { field: "clientId" });
  if (input.serviceOrderId && !(await isOrderOfClient(input.serviceOrderId, client.id)))
    throw invalid("requests:errors.orderInvalid", { field: "serviceOrderId" });
  if (input.dueDate < (await officeToday())) throw invalid("requests:errors.dueDatePast", { field: "dueDate" });
  await checkAssignee(input);
  const template = input.templateId ? await getTemplate(actor, input.templateId) : null;
  const items = input.items.length > 0 ? input.items : (template?.items ?? []);
  if (items.length === 0) throw invalid("requests:errors.itemsRequired", { field: "items" });
  const id = newId();
  const now = nowIso();
  const list = {
    id,
    clientId: client.id,
    serviceOrderId: input.serviceOrderId ?? null,
    title: input.title ?? template?.title ?? "",
    message: input.message ?? template?.message ?? "",
    dueDate: input.dueDate,
    assigneeId: input.assigneeId ?? null,
    createdBy: actor.id,
  };
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("requestLists")
        .values({
          ...list,
          status: "open",
          remindersEnabled: input.remindersEnabled,
          reminderOffsets: JSON.stringify(input.reminderSchedule ?? DEFAULT_REMINDER_SCHEDULE),
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await insertItems(trx, id, items, 1);
    });
  await auditRequest(actor, "request.created", id, { title: list.title, clientId: client.id, orderId: list.serviceOrderId, items: items.length });
  await recordStep(actor, list, "sent");
  await tellClient(actor, list, "sent", { count: items.length });
  return { id };
}

/** Staff change an active list's title, message, due date, assignee or reminders. */
export async function updateList(actor: Actor, id: string, patch: UpdateListData): Promise<void> {
  const list = await staffsList(actor, id);
  if (!ACTIVE_LIST_STATUSES.includes(list.status)) throw conflict("requests:errors.listClosed");
  if (patch.dueDate && patch.dueDate !== list.dueDate && patch.dueDate < (await officeToday()))
    throw invalid("requests:errors.dueDatePast", { field: "dueDate" });
  await checkAssignee(patch);
  const { reminderSchedule, ...rest } = patch;
  const values = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  // A new due date, or a new schedule, is reminded afresh: its schedule's days, up to its max (reminders.server.ts).
  const rescheduled = (patch.dueDate !== undefined && patch.dueDate !== list.dueDate) || reminderSchedule !== undefined;
  await db()
    .updateTable("requestLists")
    .set({
      ...values,
      ...(reminderSchedule ? { reminderOffsets: JSON.stringify(reminderSchedule) } : {}),
      ...(rescheduled ? { remindersSent: 0 } : {}),
      updatedAt: nowIso(),
    })
    .where("id", "=", id)
    .where("status", "in", [...ACTIVE_LIST_STATUSES])
    .execute();
}

/** The client hands the list in once no required item is left to do; staff are told. */
export async function submitList(actor: Actor, id: string): Promise<void> {
  const list = await clientsList(actor, id);
  if (list.status !== "open") throw conflict(ACTIVE_LIST_STATUSES.includes(list.status) ? "requests:errors.notOpen" : "requests:errors.listClosed");
  if (!canSubmitList(await itemRowsOf(id))) throw conflict("requests:errors.itemsMissing");
  const now = nowIso();
  const result = await db()
    .updateTable("requestLists")
    .set({ status: "submitted", submittedAt: now, updatedAt: now })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict("requests:errors.changedMeanwhile");
  await auditRequest(actor, "request.submitted", id, { title: list.title });
  await recordStep(actor, list, "submitted");
  await tellStaffOfSubmission(actor, list);
}

/** Staff cancel an active list; its one-click links stop working at once. */
export async function cancelList(actor: Actor, id: string, reason?: string | null): Promise<void> {
  const list = await staffsList(actor, id);
  if (!ACTIVE_LIST_STATUSES.includes(list.status)) throw conflict("requests:errors.listClosed");
  const now = nowIso();
  await db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .updateTable("requestLists")
        .set({ status: "cancelled", cancelledAt: now, cancelReason: reason?.trim() || null, updatedAt: now })
        .where("id", "=", id)
        .where("status", "in", [...ACTIVE_LIST_STATUSES])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw conflict("requests:errors.changedMeanwhile");
      await revokeRequestLinks(id, trx);
    });
  await auditRequest(actor, "request.cancelled", id, { title: list.title, reason: reason ?? null });
  await recordStep(actor, list, "cancelled");
}

const NO_ROW = "9999-12-31";
const SORT_KEYS: Record<"due" | "created", { keys: Array<SortKey<SummaryRow>>; direction: "asc" | "desc" }> = {
  due: {
    keys: [
      { ref: "l.dueDate", value: (row) => row.dueDate ?? NO_ROW },
      { ref: "l.id", value: (row) => row.id },
    ],
    direction: "asc",
  },
  created: {
    keys: [
      { ref: "l.createdAt", value: (row) => row.createdAt },
      { ref: "l.id", value: (row) => row.id },
    ],
    direction: "desc",
  },
};

/**
 * /dashboard/requests: by default the active lists (open or waiting for review), due first; a
 * status, "overdue", "review" (waiting for the firm) and an assignee ("none": unassigned) narrow it.
 */
export async function listLists(actor: Actor, filters: Partial<RequestListQuery>): Promise<Page<RequestListSummary>> {
  assertRequestStaff(actor);
  const today = await officeToday();
  const request = { page: filters.page ?? 1, perPage: filters.perPage ?? DEFAULT_PER_PAGE, after: filters.after, before: filters.before };
  let base = db().selectFrom("requestLists as l");
  if (filters.view === "review") base = base.where("l.status", "=", "submitted");
  else if (filters.status) base = base.where("l.status", "=", filters.status);
  else base = base.where("l.status", "in", [...ACTIVE_LIST_STATUSES]);
  if (filters.view === "overdue") base = base.where("l.dueDate", "<", today);
  if (filters.assignee) base = filters.assignee === "none" ? base.where("l.assigneeId", "is", null) : base.where("l.assigneeId", "=", filters.assignee);
  if (filters.clientId) base = base.where("l.clientId", "=", filters.clientId);
  const filtered = base;
  const page = await keysetPage(summaryColumns(), request, { ...SORT_KEYS[filters.sort ?? "due"], count: () => countCapped(filtered), base: filtered });
  return { ...page, items: page.items.map((row) => toSummary(row, today)) };
}

async function summariesWhere(column: "l.serviceOrderId" | "l.clientId", value: string): Promise<RequestListSummary[]> {
  const [rows, today] = await Promise.all([
    summaryColumns().where(column, "=", value).orderBy("l.createdAt", "desc").orderBy("l.id").limit(100).execute(),
    officeToday(),
  ]);
  return rows.map((row) => toSummary(row, today));
}

/** An order's lists (its page): staff with the feature, or the order's client (their own lists only). */
export async function listsOfOrder(actor: Actor, orderId: string): Promise<RequestListSummary[]> {
  if (isBackOfficeRole(actor.role)) assertRequestStaff(actor);
  const lists = await summariesWhere("l.serviceOrderId", orderId);
  return isBackOfficeRole(actor.role) ? lists : lists.filter((list) => list.clientId === actor.id);
}

/** A client's lists (the client's page for staff, the client's own list of requests). */
export async function listsOfClient(actor: Actor, clientId: string): Promise<RequestListSummary[]> {
  if (isBackOfficeRole(actor.role)) assertRequestStaff(actor);
  else if (actor.id !== clientId) return [];
  return summariesWhere("l.clientId", clientId);
}

export type OpenRequestItem = {
  listId: string;
  listTitle: string;
  itemId: string;
  label: string;
  kind: string;
  state: ItemState;
  required: boolean;
  /** The firm's note when it returned the item (null for an item still to do). */
  returnNote: string | null;
  dueDate: string;
  serviceOrderId: string | null;
  orderReference: string | null;
};

/** What the client still has to do in their open lists (to do or returned), for their to-do list: due first. */
export async function openItemsForClient(clientId: string, limit = 200): Promise<OpenRequestItem[]> {
  const rows = await db()
    .selectFrom("requestItems as i")
    .innerJoin("requestLists as l", "l.id", "i.listId")
    .select([
      "l.id as listId",
      "l.title as listTitle",
      "i.id as itemId",
      "i.label",
      "i.kind",
      "i.state",
      "i.required",
      "i.staffNote",
      "l.dueDate",
      "l.serviceOrderId",
      orderReferenceSql("l.serviceOrderId").as("orderReference"),
    ])
    .where("l.clientId", "=", clientId)
    .where("l.status", "=", "open")
    .where("i.state", "in", PENDING)
    .orderBy("l.dueDate")
    .orderBy("l.id")
    .orderBy("i.position")
    .limit(limit)
    .execute();
  return rows.map(({ staffNote, ...row }) => ({ ...row, state: row.state as ItemState, returnNote: row.state === "returned" ? staffNote : null }));
}
