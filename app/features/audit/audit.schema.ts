import { z } from "zod";
import { AUDIT_RECORD_TYPES } from "~/lib/audit-actions";
import { parseListQuery } from "~/lib/pagination";

/**
 * The audit log's filters (page, CSV export and their links alike): who (a name or an
 * e-mail address), action (one action or a family such as "user.*"), record (its type
 * and id), outcome, and a date range in the viewer's zone (YYYY-MM-DD, both days included).
 */
export const AUDIT_OUTCOME_VALUES = ["success", "failure", "denied"] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const auditFilterShape = {
  who: z.string().trim().min(1).max(100),
  action: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*(\.\*)?$/)
    .max(80),
  type: z.enum(AUDIT_RECORD_TYPES),
  record: z.string().trim().min(1).max(80),
  outcome: z.enum(AUDIT_OUTCOME_VALUES),
  from: day,
  to: day,
};

export function parseAuditQuery(url: URL) {
  return parseListQuery(url, { filters: auditFilterShape, defaultPerPage: 50 });
}

export type AuditQuery = ReturnType<typeof parseAuditQuery>;

/** The filter part of a query as URL parameters (the CSV link carries the page's filters). */
export function auditFilterParams(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(auditFilterShape) as Array<keyof typeof auditFilterShape>) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  return params.toString();
}
