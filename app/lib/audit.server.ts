import type { AuditAction, AuditRecordType } from "./audit-actions";
import { toJson } from "./db/connection.server";
import { db } from "./db/db.server";
import { newId, nowIso } from "./ids.server";

/**
 * The audit trail (table audit_log): who did what to which record, from where, when,
 * and with what outcome. Actions are dotted names: auth.login, auth.login_failed,
 * user.role_changed, client.exported, file.downloaded, order.status_changed, …
 *
 * Every action and record type is in the catalogue (./audit-actions.ts).
 *
 * Append-only: this module is the only code that writes the table, and it only inserts;
 * the audit area reads it (features/audit/audit-log.server.ts) for the owner's page and
 * its CSV export; nothing updates or deletes an entry (docs/decisions/011).
 */
export type AuditOutcome = "success" | "failure" | "denied";

export type AuditEntry = {
  actorId: string | null;
  /** One of the catalogue's (audit-actions.ts), so that the audit-log page can filter and name it. */
  action: AuditAction;
  targetType?: AuditRecordType | null;
  targetId?: string | null;
  ip?: string | null;
  meta?: Record<string, unknown>;
  /** Defaults to "failure" for actions named so (`*_failed`, `*_blocked`, `*_refused*`), else "success". */
  outcome?: AuditOutcome;
};

/** The outcome an action's name implies, for callers that do not say it (the sign-in's failures). */
function impliedOutcome(action: string): AuditOutcome {
  return /(_failed|_blocked|_refused)/.test(action) ? "failure" : "success";
}

export async function audit(entry: AuditEntry): Promise<void> {
  await db()
    .insertInto("auditLog")
    .values({
      id: newId(),
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      ip: entry.ip ?? null,
      meta: toJson(entry.meta ?? {}),
      outcome: entry.outcome ?? impliedOutcome(entry.action),
      // Millisecond precision on both dialects (PostgreSQL's now() has microseconds), so the
      // keyset cursors, which carry the ISO text, find their place exactly.
      createdAt: nowIso(),
    })
    .execute();
}
