import { DateTime } from "luxon";
import { findUserIdsMatching } from "~/features/users/users.server";
import { eachAuditEntry, listAuditEntries, type AuditFilters, type AuditLogItem, type AuditOutcome } from "~/lib/audit.server";
import type { Page } from "~/lib/pagination";
import type { AuditQuery } from "./audit.schema";
import { csvRow } from "./csv";

/**
 * The owner's view of the audit log (app/lib/audit.server.ts owns the table): the
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

export async function auditPage(query: AuditQuery, timeZone: string): Promise<Page<AuditLogItem>> {
  return listAuditEntries(await resolveAuditFilters(query, timeZone), query);
}

export const AUDIT_CSV_HEADER = ["time_utc", "actor_id", "actor_name", "actor_email", "ip", "action", "record_type", "record_id", "outcome", "details"] as const;

/** Every matching entry as CSV (UTF-8 with a byte-order mark, so spreadsheets read Arabic names), read in batches as it is sent. */
export function auditCsvStream(filters: AuditFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const entries = eachAuditEntry(filters);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(AUDIT_CSV_HEADER)}`));
        return;
      }
      let chunk = "";
      for (let i = 0; i < 200; i++) {
        const next = await entries.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        const entry = next.value;
        chunk += csvRow([entry.createdAt, entry.actorId, entry.actorName, entry.actorEmail, entry.ip, entry.action, entry.targetType, entry.targetId, entry.outcome, entry.meta]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await entries.return(undefined);
    },
  });
}
