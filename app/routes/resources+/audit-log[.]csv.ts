import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse } from "~/core/csv.server";
import { parseAuditQuery } from "~/features/audit";
import { AUDIT_CSV_HEADER, eachAuditCsvRow, resolveAuditFilters } from "~/features/audit/index.server";
import { requireBackOffice } from "~/core/identity/guards.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";

/**
 * GET /resources/audit-log.csv?who&action&type&record&outcome&from&to (the owner only):
 * the audit log's entries matching the page's filters, newest first, streamed as CSV
 * (read in batches, never the whole table at once; formula-like cells made text).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireBackOffice(request, "owner");
  const filters = await resolveAuditFilters(parseAuditQuery(new URL(request.url)), await viewerTimeZone(owner));
  const stamp = new Date().toISOString().slice(0, 10);
  return csvResponse({ filename: `audit-log-${stamp}.csv`, header: AUDIT_CSV_HEADER, rows: eachAuditCsvRow(filters) });
}
