import { toJson } from "./db/connection.server";
import { db } from "./db/db.server";
import { newId } from "./ids.server";

/**
 * The audit trail (table audit_log): who did what to whom, from where.
 * Actions are dotted names: auth.login, auth.login_failed, user.role_changed, …
 */
export type AuditEntry = {
  actorId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  ip?: string | null;
  meta?: Record<string, unknown>;
};

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
    })
    .execute();
}
