import { DateTime } from "luxon";
import { findUserIdsMatching, listNames } from "~/core/identity/directory.server";
import type { AuditOutcome } from "~/lib/audit.server";
import { eachAuditEntry, listAuditEntries, type AuditFilters, type AuditLogItem } from "./audit-log.server";
import { db } from "~/lib/db/db.server";
import type { Page } from "~/lib/pagination";
import type { AuditQuery } from "./audit.schema";

/**
 * The owner's view of the audit log (app/lib/audit.server.ts writes the table, ./audit-log.server.ts reads it): the
 * page's filters turned into the log's, one page at a time, and the CSV export as a
 * stream. Nothing here changes an entry: the log is append-only.
 */

/** The page's filters in the log's terms: people found by name or e-mail first, days in the viewer's zone. */
export async function resolveAuditFilters(query: AuditQuery, timeZone: string): Promise<AuditFilters> {
  const filters: AuditFilters = {
    action: query.action,
    targetType: query.type,
    targetId: query.record,
    outcome: query.outcome as AuditOutcome | undefined,
  };
  if (query.who) filters.actorIds = await findUserIdsMatching(query.who);
  if (query.from) filters.from = DateTime.fromISO(query.from, { zone: timeZone }).startOf("day").toUTC().toISO() ?? undefined;
  if (query.to) filters.to = DateTime.fromISO(query.to, { zone: timeZone }).plus({ days: 1 }).startOf("day").toUTC().toISO() ?? undefined;
  return filters;
}

export async function auditPage(query: AuditQuery, timeZone: string): Promise<Page<AuditLogItem> & { labels: Record<string, string> }> {
  const page = await listAuditEntries(await resolveAuditFilters(query, timeZone), query);
  const ids = new Set<string>();
  for (const entry of page.items) {
    for (const value of [entry.targetId, ...Object.values(entry.meta)]) if (typeof value === "string" && RECORD_ID.test(value)) ids.add(value);
  }
  return { ...page, labels: await recordLabels([...ids]) };
}

const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The names people know records by (a person's name, an order's reference, an invoice's number…)
 * for the ids a page of the log mentions, as its record and in its details. The log is read across
 * every area, so this read looks at their tables by id only; a deleted record keeps its id.
 */
async function recordLabels(ids: string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const found = await Promise.all([
    listNames(ids),
    db().selectFrom("serviceOrders").select(["id", "reference as label"]).where("id", "in", ids).execute(),
    db().selectFrom("appointments").select(["id", "reference as label"]).where("id", "in", ids).execute(),
    db().selectFrom("invoices").select(["id", "number as label"]).where("id", "in", ids).execute(),
    db().selectFrom("translationFiles").select(["id", "originalName as label"]).where("id", "in", ids).execute(),
    db().selectFrom("contactMessages").select(["id", "subject as label"]).where("id", "in", ids).execute(),
    db().selectFrom("templates").select(["id", "name as label"]).where("id", "in", ids).execute(),
  ]);
  const labels: Record<string, string> = {};
  for (const row of found.flat()) if (row.label) labels[row.id] = row.label;
  return labels;
}

export const AUDIT_CSV_HEADER = [
  "time_utc",
  "actor_id",
  "actor_name",
  "actor_email",
  "ip",
  "action",
  "record_type",
  "record_id",
  "outcome",
  "details",
] as const;

/** Every matching entry as a CSV row (AUDIT_CSV_HEADER's columns), read in batches as the download is sent. */
export async function* eachAuditCsvRow(filters: AuditFilters): AsyncGenerator<unknown[]> {
  for await (const entry of eachAuditEntry(filters)) {
    yield [
      entry.createdAt,
      entry.actorId,
      entry.actorName,
      entry.actorEmail,
      entry.ip,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.outcome,
      entry.meta,
    ];
  }
}
