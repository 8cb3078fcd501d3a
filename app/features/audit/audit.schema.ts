import { z } from "zod";
import { parseListQuery } from "~/lib/pagination";

/**
 * The audit log's filters (page, CSV export and their links alike): who (a name or an
 * e-mail address), action (one action or a family such as "user.*"), record (its type
 * and id), outcome, and a date range in the viewer's zone (YYYY-MM-DD, both days included).
 */
export const AUDIT_ACTIONS = [
  "auth.login",
  "auth.login_failed",
  "auth.login_blocked",
  "auth.login_refused_disabled",
  "auth.logout",
  "auth.registered",
  "auth.password_reset_requested",
  "auth.password_reset",
  "auth.password_changed",
  "auth.email_changed",
  "user.created",
  "user.create_denied",
  "user.invited",
  "user.role_changed",
  "user.features_changed",
  "user.renamed",
  "user.disabled",
  "user.enabled",
  "user.deleted",
  "user.change_denied",
  "client.exported",
  "client.deleted",
  "file.downloaded",
  "file.download_denied",
  "order.status_changed",
  "appointment.status_changed",
  "settings.availability_changed",
  "settings.closed_day_added",
  "settings.closed_day_removed",
] as const;

export const AUDIT_FAMILIES = ["auth.*", "user.*", "client.*", "file.*", "order.*", "appointment.*", "settings.*"] as const;

export const AUDIT_RECORD_TYPES = ["user", "service_order", "appointment", "file", "settings"] as const;

export const AUDIT_OUTCOME_VALUES = ["success", "failure", "denied"] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const auditFilterShape = {
  who: z.string().trim().min(1).max(100),
  action: z.string().trim().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*(\.\*)?$/).max(80),
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
