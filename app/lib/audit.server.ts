import { sql } from "kysely";
import type { AuditAction, AuditRecordType } from "./audit-actions";
import { toJson } from "./db/connection.server";
import { db } from "./db/db.server";
import { newId, nowIso } from "./ids.server";
import { toPage, type Page, type PageRequest } from "./pagination";
import { countCapped, keysetPage } from "./pagination.server";

/**
 * The audit trail (table audit_log): who did what to which record, from where, when,
 * and with what outcome. Actions are dotted names: auth.login, auth.login_failed,
 * user.role_changed, client.exported, file.downloaded, order.status_changed, …
 *
 * Every action and record type is in the catalogue (./audit-actions.ts).
 *
 * Append-only: this module is the only code that touches the table, and it offers an
 * insert, a page and a read-through for the CSV export; nothing updates or deletes an
 * entry (docs/decisions/011).
 */
export type AuditOutcome = "success" | "failure" | "denied";
export const AUDIT_OUTCOMES: readonly AuditOutcome[] = ["success", "failure", "denied"];

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
export function impliedOutcome(action: string): AuditOutcome {
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

// ---------------------------------------------------------------------------
// Reading (the owner's audit-log page and its CSV export; rights are the caller's)

export type AuditFilters = {
  /** Entries by these people (the page finds them by name or e-mail first). */
  actorIds?: string[];
  /** An exact action, or a family with a trailing ".*" ("user.*"). */
  action?: string;
  targetType?: string;
  targetId?: string;
  outcome?: AuditOutcome;
  /** ISO instants, from inclusive, to exclusive. */
  from?: string;
  to?: string;
};

export type AuditLogItem = {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  outcome: string;
  meta: Record<string, unknown>;
};

function filtered(filters: AuditFilters) {
  let query = db().selectFrom("auditLog as a");
  if (filters.actorIds) query = filters.actorIds.length ? query.where("a.actorId", "in", filters.actorIds) : query.where(sql<boolean>`1 = 0`);
  if (filters.action) {
    query = filters.action.endsWith(".*") ? query.where("a.action", "like", `${filters.action.slice(0, -1).replace(/[\\%]/g, "")}%`) : query.where("a.action", "=", filters.action);
  }
  if (filters.targetType) query = query.where("a.targetType", "=", filters.targetType);
  if (filters.targetId) query = query.where("a.targetId", "=", filters.targetId);
  if (filters.outcome) query = query.where("a.outcome", "=", filters.outcome);
  if (filters.from) query = query.where("a.createdAt", ">=", filters.from);
  if (filters.to) query = query.where("a.createdAt", "<", filters.to);
  return query;
}

// The actor's name and address come from `users` by join (as the orders list does), so a
// renamed or anonymised person shows as they are now; the entry itself never changes.
function withActor(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin("users as u", "u.id", "a.actorId")
    .select(["a.id", "a.createdAt", "a.actorId", "u.fullName as actorName", "u.email as actorEmail", "a.action", "a.targetType", "a.targetId", "a.ip", "a.outcome", "a.meta"]);
}

const KEYS = [
  { ref: "a.createdAt", value: (row: AuditLogItem) => row.createdAt },
  { ref: "a.id", value: (row: AuditLogItem) => row.id },
];

/** A page of entries, newest first (keyset beyond the first pages; counts capped). */
export async function listAuditEntries(filters: AuditFilters, request: PageRequest): Promise<Page<AuditLogItem>> {
  if (filters.actorIds && filters.actorIds.length === 0) return toPage([], 0, request);
  const base = filtered(filters);
  return keysetPage(withActor(base), request, { keys: KEYS, direction: "desc", count: () => countCapped(base), base });
}

/** Every matching entry, newest first, read in batches (the CSV export streams them). */
export async function* eachAuditEntry(filters: AuditFilters, batch = 500): AsyncGenerator<AuditLogItem> {
  if (filters.actorIds && filters.actorIds.length === 0) return;
  let after: [string, string] | null = null;
  for (;;) {
    let query = withActor(filtered(filters));
    if (after) query = query.where(sql<boolean>`(${sql.ref("a.createdAt")}, ${sql.ref("a.id")}) < (${after[0]}, ${after[1]})`);
    const rows: AuditLogItem[] = await query.orderBy("a.createdAt", "desc").orderBy("a.id", "desc").limit(batch).execute();
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = [last.createdAt, last.id];
  }
}

/** The actions written so far (the page's action filter offers them), at most 200. */
export async function listAuditActions(): Promise<string[]> {
  const rows = await db().selectFrom("auditLog").select("action").distinct().orderBy("action").limit(200).execute();
  return rows.map((row) => row.action);
}
