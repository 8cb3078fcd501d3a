import { sql, type SelectQueryBuilder } from "kysely";
import { findUserIdsMatching, listBackOfficeUsersWith, userColumnSql } from "~/core/identity/directory.server";
import { orderReferenceSql } from "~/features/service-orders/index.server";
import { serviceTitleSql } from "~/features/services/index.server";
import { forbidden, invalid } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { db } from "~/lib/db/db.server";
import { isBackOfficeRole } from "~/lib/features";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { nowIso } from "~/lib/ids.server";
import { COUNT_CAP, DEFAULT_PER_PAGE, MAX_PER_PAGE, type Page } from "~/lib/pagination";
import { containsPattern, countCapped, keysetPage, type SortKey } from "~/lib/pagination.server";
import { assertMessageStaff, isClient, isMessageStaff, requireStaffThread, requireThread, visibleThread, type ThreadRow } from "./access.server";
import { afterRead } from "./events.server";
import { messagesOfThread } from "./message-rows.server";
import type { MessageViewer, StaffThreadView, ThreadDetail, ThreadState, ThreadSummary } from "./types.server";

/**
 * Threads (table message_threads, with message_reads for the read marks): the lists, one thread's
 * page, read marks, assignment and state. Messages themselves: messages.server.ts.
 *
 * Unread: a thread is unread for a viewer when the newest message they may see (public for a client,
 * any for staff) is newer than their read mark. Posting moves the author's mark to their message, so
 * "not written by them" needs no look at the message: the thread's own columns and the viewer's one
 * read row answer it, from indexes.
 */
export const PREVIEW_LENGTH = 140;

/**
 * The staff's unread view counts to here ("1,000+"): each of its threads is found by a look at the viewer's
 * read mark, so counting costs a probe a thread, where the other views count index entries alone.
 */
export const UNREAD_VIEW_COUNT_CAP = 1_000;

export type PageInput = { page?: number; perPage?: number; after?: string; before?: string };

type ThreadsQuery = SelectQueryBuilder<Database & { t: Database["messageThreads"] }, "t", object>;

/** The viewer's newest visible message time: public for a client, any for staff. */
function lastSeenColumn(viewer: MessageViewer) {
  return isClient(viewer) ? sql.ref("t.lastPublicMessageAt") : sql.ref("t.lastMessageAt");
}

function readMarkSql(viewer: MessageViewer) {
  return sql<string | null>`(select r.last_read_at from message_reads r where r.thread_id = ${sql.ref("t.id")} and r.user_id = ${viewer.id})`;
}

/** True when the thread is unread for the viewer (see the file's comment). */
function unreadSql(viewer: MessageViewer) {
  const last = lastSeenColumn(viewer);
  return sql<boolean>`(${last} is not null and not exists (select 1 from message_reads r where r.thread_id = ${sql.ref("t.id")} and r.user_id = ${viewer.id} and r.last_read_at >= ${last}))`;
}

function previewSql(viewer: MessageViewer, column: "body" | "removed") {
  const visible = isClient(viewer) ? sql`and m.internal = ${false}` : sql``;
  const value = column === "body" ? sql`substr(m.body, 1, ${PREVIEW_LENGTH})` : sql`case when m.removed_at is null then 0 else 1 end`;
  return sql<
    string | number | null
  >`(select ${value} from messages m where m.thread_id = ${sql.ref("t.id")} ${visible} order by m.created_at desc, m.id desc limit 1)`;
}

function summaryQuery(viewer: MessageViewer) {
  return db()
    .selectFrom("messageThreads as t")
    .select([
      "t.id",
      "t.clientId",
      userColumnSql("t.clientId", "fullName").as("clientName"),
      "t.orderId",
      orderReferenceSql("t.orderId").as("orderReference"),
      "t.subject",
      "t.state",
      "t.assigneeId",
      userColumnSql("t.assigneeId", "fullName").as("assigneeName"),
      sql<string>`${lastSeenColumn(viewer)}`.as("lastMessageAt"),
      previewSql(viewer, "body").as("preview"),
      previewSql(viewer, "removed").as("previewRemoved"),
      readMarkSql(viewer).as("readMark"),
    ]);
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>["execute"]>>[number];

function toSummary(row: SummaryRow): ThreadSummary {
  const removed = Number(row.previewRemoved ?? 0) === 1;
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: row.clientName,
    orderId: row.orderId,
    orderReference: row.orderReference,
    subject: row.subject,
    state: row.state as ThreadState,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    lastMessageAt: row.lastMessageAt,
    lastMessagePreview: removed ? "" : String(row.preview ?? ""),
    lastMessageRemoved: removed,
    unread: Boolean(row.lastMessageAt) && (!row.readMark || row.readMark < row.lastMessageAt),
  };
}

function pageRequest(input: PageInput) {
  return {
    page: Math.max(1, Math.floor(input.page ?? 1)),
    perPage: Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(input.perPage ?? DEFAULT_PER_PAGE))),
    after: input.after,
    before: input.before,
  };
}

/** The client's own threads that have a message they may see, newest first. */
export async function listThreadsForClient(viewer: MessageViewer, input: PageInput = {}): Promise<Page<ThreadSummary>> {
  if (!isClient(viewer)) throw forbidden();
  const base = db().selectFrom("messageThreads as t").where("t.clientId", "=", viewer.id).where("t.lastPublicMessageAt", "is not", null);
  const keys: Array<SortKey<SummaryRow>> = [
    { ref: "t.lastPublicMessageAt", value: (row) => row.lastMessageAt },
    { ref: "t.id", value: (row) => row.id },
  ];
  const page = await keysetPage(summaryQuery(viewer), pageRequest(input), { keys, direction: "desc", count: () => countCapped(base), base });
  return { ...page, items: page.items.map(toSummary) };
}

export type StaffThreadQuery = PageInput & { view?: StaffThreadView; q?: string; clientId?: string; orderId?: string };

/**
 * /dashboard/messages: open and waiting threads by default ("all"), newest activity first; `mine`,
 * `unassigned`, `unread` and `waiting` narrow them, `closed` shows the closed ones. `q` finds threads
 * by their client's name or e-mail, or by a message's text.
 */
export async function listThreadsForStaff(viewer: MessageViewer, input: StaffThreadQuery = {}): Promise<Page<ThreadSummary>> {
  assertMessageStaff(viewer);
  const view = input.view ?? "all";
  let base = db().selectFrom("messageThreads as t") as ThreadsQuery;
  if (view === "closed") base = base.where("t.state", "=", "closed");
  else if (view === "waiting") base = base.where("t.state", "=", "waiting");
  else base = base.where("t.state", "in", ["open", "waiting"]);
  if (view === "mine") base = base.where("t.assigneeId", "=", viewer.id);
  if (view === "unassigned") base = base.where("t.assigneeId", "is", null);
  if (view === "unread") base = base.where(unreadSql(viewer));
  if (input.clientId) base = base.where("t.clientId", "=", input.clientId);
  if (input.orderId) base = base.where("t.orderId", "=", input.orderId);
  const q = input.q?.trim();
  if (q) {
    const people = await findUserIdsMatching(q);
    const pattern = containsPattern(q);
    base = base.where((eb) =>
      eb.or([
        ...(people.length > 0 ? [eb("t.clientId", "in", people)] : []),
        eb.exists(
          eb
            .selectFrom("messages as m")
            .select("m.id")
            .whereRef("m.threadId", "=", "t.id")
            .where("m.removedAt", "is", null)
            .where(sql<boolean>`lower(m.body) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  const keys: Array<SortKey<SummaryRow>> = [
    { ref: "t.lastMessageAt", value: (row) => row.lastMessageAt },
    { ref: "t.id", value: (row) => row.id },
  ];
  const filtered = base;
  const countCap = view === "unread" ? UNREAD_VIEW_COUNT_CAP : COUNT_CAP;
  const page = await keysetPage(summaryQuery(viewer), pageRequest(input), {
    keys,
    direction: "desc",
    count: () => countCapped(filtered, countCap),
    countCap,
    base: filtered,
  });
  return { ...page, items: page.items.map(toSummary) };
}

async function summaryOf(viewer: MessageViewer, threadId: string): Promise<ThreadSummary> {
  return toSummary(await summaryQuery(viewer).where("t.id", "=", threadId).executeTakeFirstOrThrow());
}

/** The client's details and the order's, as the thread's page names them. */
async function partiesOf(thread: ThreadRow, language: string): Promise<Pick<ThreadDetail, "client" | "order">> {
  const client = await db().selectFrom("users").select(["id", "fullName", "email", "locale"]).where("id", "=", thread.clientId).executeTakeFirstOrThrow();
  const order = thread.orderId
    ? await db()
        .selectFrom("serviceOrders as so")
        .select(["so.id", "so.reference", serviceTitleSql("so.serviceId", language).as("title")])
        .where("so.id", "=", thread.orderId)
        .executeTakeFirst()
    : undefined;
  return { client: { id: client.id, name: client.fullName, email: client.email, locale: client.locale }, order: order ?? null };
}

/**
 * One thread as the viewer may see it, with its latest page of messages (or the page before the
 * message `before`), oldest first; null when it is missing or not the viewer's to see.
 */
export async function getThread(viewer: MessageViewer, threadId: string, options: { before?: string } = {}): Promise<ThreadDetail | null> {
  const thread = await visibleThread(viewer, threadId);
  if (!thread) return null;
  const language = isLanguage(viewer.locale) ? viewer.locale : fallbackLanguage;
  const [summary, parties, page] = await Promise.all([
    summaryOf(viewer, thread.id),
    partiesOf(thread, language),
    messagesOfThread(viewer, thread.id, options.before),
  ]);
  return { ...summary, ...parties, messages: page.messages, hasOlder: page.hasOlder };
}

/** The thread of this client (general: orderId null) or of this order, when the viewer may see it; never creates one. */
export async function findThreadFor(viewer: MessageViewer, target: { clientId: string; orderId: string | null }): Promise<string | null> {
  if (isBackOfficeRole(viewer.role) ? !isMessageStaff(viewer) : viewer.id !== target.clientId) return null;
  const row = await threadRowFor(target);
  if (!row) return null;
  return (await visibleThread(viewer, row.id)) ? row.id : null;
}

/** The raw thread of a client or of one of their orders (no rights: callers check them). */
export async function threadRowFor(target: { clientId: string; orderId: string | null }) {
  let query = db().selectFrom("messageThreads").select(["id", "state"]).where("clientId", "=", target.clientId);
  query = target.orderId ? query.where("orderId", "=", target.orderId) : query.where("orderId", "is", null);
  return (await query.executeTakeFirst()) ?? null;
}

/** Moves the viewer's read mark to `at` (never back). */
export async function moveReadMark(threadId: string, userId: string, at: string): Promise<void> {
  await db()
    .insertInto("messageReads")
    .values({ threadId, userId, lastReadAt: at })
    .onConflict((conflict) => conflict.columns(["threadId", "userId"]).doUpdateSet({ lastReadAt: at }).where(sql.ref("message_reads.last_read_at"), "<", at))
    .execute();
}

/** The viewer has read the thread up to its newest message they may see. */
export async function markThreadRead(viewer: MessageViewer, threadId: string): Promise<void> {
  const thread = await requireThread(viewer, threadId);
  const last = isClient(viewer) ? thread.lastPublicMessageAt : thread.lastMessageAt;
  if (!last) return;
  await moveReadMark(thread.id, viewer.id, last);
  afterRead(thread.id, viewer.id);
}

/** Most a badge counts ("99+" beyond). */
export const UNREAD_COUNT_CAP = 99;

/**
 * The sidebar badge: a client's unread threads; for staff, the unread open or waiting threads that
 * are theirs or nobody's (the ones the e-mail digest would tell them about), so the badge is about
 * work waiting for them rather than every thread of the firm. At most UNREAD_COUNT_CAP + 1.
 */
export async function unreadThreadCount(viewer: MessageViewer): Promise<number> {
  let base = db().selectFrom("messageThreads as t") as ThreadsQuery;
  if (isClient(viewer)) base = base.where("t.clientId", "=", viewer.id);
  else if (!isMessageStaff(viewer)) return 0;
  else base = base.where("t.state", "in", ["open", "waiting"]).where((eb) => eb.or([eb("t.assigneeId", "=", viewer.id), eb("t.assigneeId", "is", null)]));
  const capped = base
    .where(unreadSql(viewer))
    .select(sql<number>`1`.as("one"))
    .limit(UNREAD_COUNT_CAP + 1);
  const row = await db()
    .selectFrom(capped.as("capped"))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Staff who may be assigned a thread: the owner, admins and staff with `messages`, active. */
export async function messageAssignees(): Promise<Array<{ id: string; fullName: string }>> {
  return listBackOfficeUsersWith("messages");
}

export async function assignThread(viewer: MessageViewer, threadId: string, assigneeId: string | null): Promise<void> {
  const thread = await requireStaffThread(viewer, threadId);
  if (assigneeId && !(await messageAssignees()).some((member) => member.id === assigneeId))
    throw invalid("messages:errors.assigneeInvalid", { field: "assigneeId" });
  if (thread.assigneeId === assigneeId) return;
  await db().updateTable("messageThreads").set({ assigneeId, updatedAt: nowIso() }).where("id", "=", thread.id).execute();
  await audit({
    actorId: viewer.id,
    action: "message.thread_assigned",
    targetType: "message_thread",
    targetId: thread.id,
    ip: viewer.ip ?? null,
    meta: { assigneeId },
  });
}

/** Staff close a thread or reopen it (a client's new message reopens it too). */
export async function setThreadState(viewer: MessageViewer, threadId: string, state: "open" | "closed"): Promise<void> {
  const thread = await requireStaffThread(viewer, threadId);
  if (thread.state === state) return;
  await db().updateTable("messageThreads").set({ state, updatedAt: nowIso() }).where("id", "=", thread.id).execute();
  await audit({
    actorId: viewer.id,
    action: state === "closed" ? "message.thread_closed" : "message.thread_reopened",
    targetType: "message_thread",
    targetId: thread.id,
    ip: viewer.ip ?? null,
  });
}
