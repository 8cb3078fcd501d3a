import { sql } from "kysely";
import { renderMarkdown } from "~/core/markdown.server";
import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail } from "~/features/email/index.server";
import { forbidden, invalid, notFound } from "~/lib/app-error";
import { db, isPostgres } from "~/lib/db/db.server";
import { isAdminRole } from "~/lib/features";
import { newId, nowIso } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { DEFAULT_PER_PAGE, type Page } from "~/lib/pagination";
import { containsPattern, countCapped, keysetPage } from "~/lib/pagination.server";
import { deleteFilesFor, listFilesFor, storeFile, type CheckedUpload, type StoredFile } from "~/lib/storage.server";
import { notify } from "~/core/notify.server";
import { findClientById, findUserIdsMatching, searchActiveClients, userColumnSql, type ClientSummary } from "~/core/identity/directory.server";
import { isOrderOfClient, orderReferenceSql } from "~/features/service-orders/index.server";
import type { FeedbackInput, ReportListQuery, ReportPatchInput } from "./reports.schema";

/** The client's e-mail when a report is sent to them (editable on /dashboard/templates). */
export const REPORT_CREATED_EMAIL = defineEmailTemplate({
  namespace: "reports",
  name: "created",
  variables: ["title", "name"] as const,
  sample: { title: "2025 tax return summary", name: "Maria Lopez" },
  hasAction: true,
});

/**
 * Reports staff write to a client (table reports): the only code touching it.
 * A client reads its own (opening one marks it read) and gives feedback;
 * staff write, read all, edit and delete.
 */
export type Actor = { id: string; role: string };

export const REPORT_RECORD_TYPE = "report";

export type ReportListItem = {
  id: string;
  title: string;
  clientId: string;
  clientName: string;
  clientEmail: string;
  orderId: string | null;
  orderReference: string | null;
  readAt: string | null;
  feedbackRating: number | null;
  feedbackAt: string | null;
  createdAt: string;
};

export type ReportDetail = ReportListItem & {
  bodyMarkdown: string;
  bodyHtml: string;
  feedbackComment: string | null;
  createdByName: string | null;
  files: StoredFile[];
};

const isStaff = (actor: Actor) => isAdminRole(actor.role);
const notFoundReport = () => notFound("reports:errors.notFound");

// The client's name and e-mail come from the users area, the order's reference from the orders area.
function baseQuery() {
  return db().selectFrom("reports as r");
}

function selectListColumns(query: ReturnType<typeof baseQuery>) {
  return query.select([
    "r.id",
    "r.title",
    "r.clientId",
    userColumnSql("r.clientId", "fullName").$notNull().as("clientName"),
    userColumnSql("r.clientId", "email").$notNull().as("clientEmail"),
    "r.orderId",
    orderReferenceSql("r.orderId").as("orderReference"),
    "r.readAt",
    "r.feedbackRating",
    "r.feedbackAt",
    "r.createdAt",
  ]);
}

/** Reports a caller may see, newest first, one page at a time (`parseReportListQuery`). */
export async function listReports(actor: Actor, filters: Partial<ReportListQuery>): Promise<Page<ReportListItem>> {
  const request = { page: filters.page ?? 1, perPage: filters.perPage ?? DEFAULT_PER_PAGE, after: filters.after, before: filters.before };
  let base = db().selectFrom("reports as r");
  if (!isStaff(actor)) base = base.where("r.clientId", "=", actor.id);
  if (filters.unread) base = base.where("r.readAt", "is", null);
  const q = filters.q?.trim();
  if (q && isStaff(actor)) {
    // The title on the reports table itself; names and e-mails through the users first, a small table, so the search never scans a join.
    const people = await findUserIdsMatching(q);
    base = base.where((eb) => eb.or([titleContains(q), ...(people.length > 0 ? [eb("r.clientId", "in", people)] : [])]));
  }
  return keysetPage(selectListColumns(base), request, {
    keys: [
      { ref: "r.createdAt", value: (row) => row.createdAt },
      { ref: "r.id", value: (row) => row.id },
    ],
    direction: "desc",
    count: () => countCapped(base),
    base,
  });
}

/**
 * "The title contains q", through an index on both dialects (migration 0013): SQLite's FTS5
 * trigram index (for three characters or more; shorter text is matched by LIKE), PostgreSQL's
 * trigram GIN index behind `lower(title) like '%…%'`.
 */
function titleContains(q: string) {
  if (!isPostgres() && [...q].length >= 3) {
    const phrase = `"${q.replace(/"/g, '""')}"`;
    return sql<boolean>`r.rowid in (select rowid from reports_title_search where reports_title_search match ${phrase})`;
  }
  return sql<boolean>`lower(r.title) like ${containsPattern(q)} escape '\\'`;
}

async function findVisibleReport(actor: Actor, id: string) {
  let query = db().selectFrom("reports").selectAll().where("id", "=", id);
  if (!isStaff(actor)) query = query.where("clientId", "=", actor.id);
  const report = await query.executeTakeFirst();
  if (!report) throw notFoundReport();
  return report;
}

/** True when the caller may read this report (and so its files). */
export async function canReadReport(actor: Actor, id: string): Promise<boolean> {
  let query = db().selectFrom("reports").select("id").where("id", "=", id);
  if (!isStaff(actor)) query = query.where("clientId", "=", actor.id);
  return Boolean(await query.executeTakeFirst());
}

/** One report, its body rendered as sanitised HTML, and its attachments. */
export async function getReport(actor: Actor, id: string): Promise<ReportDetail> {
  let query = selectListColumns(baseQuery())
    .select(["r.bodyMarkdown", "r.feedbackComment", userColumnSql("r.createdBy", "fullName").as("createdByName")])
    .where("r.id", "=", id);
  if (!isStaff(actor)) query = query.where("r.clientId", "=", actor.id);
  const row = await query.executeTakeFirst();
  if (!row) throw notFoundReport();
  return { ...row, bodyHtml: renderMarkdown(row.bodyMarkdown), files: await listFilesFor(REPORT_RECORD_TYPE, id) };
}

/** Staff write a report to a client, optionally about one of that client's orders. */
export async function createReport(
  actor: Actor,
  input: { clientId: string; orderId?: string | null; title: string; body: string },
  uploads: CheckedUpload[],
): Promise<{ id: string }> {
  if (!isStaff(actor)) throw forbidden();
  const client = await findClientById(input.clientId);
  if (!client) throw invalid("reports:errors.clientInvalid");
  if (input.orderId && !(await isOrderOfClient(input.orderId, client.id))) throw invalid("reports:errors.orderInvalid", { field: "orderId" });
  const id = newId();
  await db()
    .insertInto("reports")
    .values({ id, clientId: client.id, orderId: input.orderId || null, title: input.title, bodyMarkdown: input.body, createdBy: actor.id })
    .execute();
  for (const upload of uploads) await storeFile(upload, { uploadedBy: actor.id, recordType: REPORT_RECORD_TYPE, recordId: id });
  const link = `/client/reports/${id}`;
  await notify({
    userId: client.id,
    type: "report.created",
    titleKey: "reports:notifications.created.title",
    bodyKey: "reports:notifications.created.body",
    params: { title: input.title },
    link,
  });
  try {
    await sendTemplatedEmail(REPORT_CREATED_EMAIL, {
      to: client.email,
      language: client.locale,
      values: { title: input.title, name: client.fullName },
      actionUrl: absoluteUrl(link),
    });
  } catch (error) {
    logger.error({ err: error, reportId: id }, "report e-mail failed");
  }
  return { id };
}

export async function updateReport(actor: Actor, id: string, patch: ReportPatchInput): Promise<void> {
  if (!isStaff(actor)) {
    await findVisibleReport(actor, id);
    throw forbidden();
  }
  await findVisibleReport(actor, id);
  const values: { title?: string; bodyMarkdown?: string } = {};
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.body !== undefined) values.bodyMarkdown = patch.body;
  if (Object.keys(values).length === 0) return;
  await db()
    .updateTable("reports")
    .set({ ...values, updatedAt: nowIso() })
    .where("id", "=", id)
    .execute();
}

export async function deleteReport(actor: Actor, id: string): Promise<void> {
  if (!isStaff(actor)) {
    await findVisibleReport(actor, id);
    throw forbidden();
  }
  await findVisibleReport(actor, id);
  await db().deleteFrom("reports").where("id", "=", id).execute();
  await deleteFilesFor(REPORT_RECORD_TYPE, id);
}

/** The client marks its report read (the first time counts; staff reading marks nothing). */
export async function markReportRead(actor: Actor, id: string): Promise<{ readAt: string }> {
  const report = await findVisibleReport(actor, id);
  if (report.clientId !== actor.id) throw forbidden();
  if (report.readAt) return { readAt: report.readAt };
  const readAt = nowIso();
  await db().updateTable("reports").set({ readAt }).where("id", "=", id).where("readAt", "is", null).execute();
  return { readAt };
}

/** The client's rating (1–5) and comment; given again, it replaces the previous one. */
export async function submitFeedback(actor: Actor, id: string, input: FeedbackInput): Promise<void> {
  const report = await findVisibleReport(actor, id);
  if (report.clientId !== actor.id) throw forbidden();
  const now = nowIso();
  await db()
    .updateTable("reports")
    .set({ feedbackRating: input.rating, feedbackComment: input.comment?.trim() || null, feedbackAt: now, readAt: report.readAt ?? now })
    .where("id", "=", id)
    .execute();
  if (report.createdBy) {
    await notify({
      userId: report.createdBy,
      type: "report.feedback",
      titleKey: "reports:notifications.feedback.title",
      bodyKey: "reports:notifications.feedback.body",
      params: { title: report.title, rating: input.rating },
      link: `/dashboard/reports/${id}`,
    });
  }
}

export async function countUnreadReports(clientId: string): Promise<number> {
  const { count } = await db()
    .selectFrom("reports")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("clientId", "=", clientId)
    .where("readAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A client's reports still waiting for their feedback (their to-do list): newest first, at most `limit` (reports_client_idx). */
export async function listReportsAwaitingFeedback(
  clientId: string,
  limit = 20,
): Promise<Array<{ id: string; title: string; orderId: string | null; orderReference: string | null; createdAt: string }>> {
  return db()
    .selectFrom("reports as r")
    .select(["r.id", "r.title", "r.orderId", orderReferenceSql("r.orderId").as("orderReference"), "r.createdAt"])
    .where("r.clientId", "=", clientId)
    .where("r.feedbackAt", "is", null)
    .orderBy("r.createdAt", "desc")
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
}

/** Reports the client has not yet rated (dashboard statistics). */
export async function countReportsAwaitingFeedback(): Promise<number> {
  const { count } = await db()
    .selectFrom("reports")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("feedbackAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Clients staff can address a report to, found by name or e-mail (bounded). */
export async function searchClients(actor: Actor, q: string | undefined): Promise<ClientSummary[]> {
  if (!isStaff(actor)) throw forbidden();
  return searchActiveClients(q);
}

/** One client (not staff) by id, for staff addressing a report. */
export async function findClient(actor: Actor, id: string): Promise<ClientSummary | null> {
  if (!isStaff(actor)) throw forbidden();
  const client = await findClientById(id);
  return client ? { id: client.id, fullName: client.fullName, email: client.email } : null;
}

// ---------------------------------------------------------------------------
// A client's records as a whole: the data export and the deletion with retention
// (features/client-records/client-records.server.ts, docs/decisions/011). Staff only; the caller checks.

export type ReportRecord = {
  id: string;
  orderId: string | null;
  title: string;
  bodyMarkdown: string;
  readAt: string | null;
  feedbackRating: number | null;
  feedbackComment: string | null;
  createdAt: string;
  files: StoredFile[];
};

/** Every report written to one client (at most 1,000), oldest first, with its files. */
export async function listReportRecordsOfClient(clientId: string): Promise<ReportRecord[]> {
  const rows = await db()
    .selectFrom("reports")
    .select(["id", "orderId", "title", "bodyMarkdown", "readAt", "feedbackRating", "feedbackComment", "createdAt"])
    .where("clientId", "=", clientId)
    .orderBy("createdAt", "asc")
    .limit(1000)
    .execute();
  const records: ReportRecord[] = [];
  for (const row of rows) records.push({ ...row, files: await listFilesFor(REPORT_RECORD_TYPE, row.id) });
  return records;
}

/** Removes these reports of a client with their files. */
export async function deleteReportsOfClient(clientId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db().deleteFrom("reports").where("clientId", "=", clientId).where("id", "in", ids).executeTakeFirst();
  for (const id of ids) await deleteFilesFor(REPORT_RECORD_TYPE, id);
  return Number(result.numDeletedRows);
}
