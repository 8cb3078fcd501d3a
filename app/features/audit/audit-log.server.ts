import { sql } from "kysely";
import { userColumnSql } from "~/core/identity/directory.server";
import type { AuditOutcome } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { toPage, type Page, type PageRequest } from "~/lib/pagination";
import { countCapped, keysetPage } from "~/lib/pagination.server";

/**
 * Reading the audit log (written by lib/audit.server.ts): the owner's page and its CSV
 * export, newest first; rights are the caller's.
 */

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
    query = filters.action.endsWith(".*")
      ? query.where("a.action", "like", `${filters.action.slice(0, -1).replace(/[\\%]/g, "")}%`)
      : query.where("a.action", "=", filters.action);
  }
  if (filters.targetType) query = query.where("a.targetType", "=", filters.targetType);
  if (filters.targetId) query = query.where("a.targetId", "=", filters.targetId);
  if (filters.outcome) query = query.where("a.outcome", "=", filters.outcome);
  if (filters.from) query = query.where("a.createdAt", ">=", filters.from);
  if (filters.to) query = query.where("a.createdAt", "<", filters.to);
  return query;
}

// The actor's name and address are read from the user directory by id (as the orders list
// does), so a renamed or anonymised person shows as they are now; the entry itself never changes.
function withActor(query: ReturnType<typeof filtered>) {
  return query.select([
    "a.id",
    "a.createdAt",
    "a.actorId",
    userColumnSql("a.actorId", "fullName").as("actorName"),
    userColumnSql("a.actorId", "email").as("actorEmail"),
    "a.action",
    "a.targetType",
    "a.targetId",
    "a.ip",
    "a.outcome",
    "a.meta",
  ]);
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
