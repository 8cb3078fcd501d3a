import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Client management and the audit log (issue: client and staff management, audit log;
 * docs/decisions/011):
 * - audit_log.outcome: "success", "failure" (a refused sign-in) or "denied" (a refused
 *   right). Earlier rows get "failure" when their action says so (auth.login_failed, …).
 * - indexes behind the audit log's filters, each ending with (created_at, id), the
 *   keyset order of the page and the CSV export.
 * - users.anonymised_at: a deleted client whose records the firm must keep stays as an
 *   anonymous row (no name, address or password) that those records point to.
 */
const INDEXES: Array<[name: string, columns: string[]]> = [
  ["audit_log_created_id_idx", ["created_at", "id"]],
  ["audit_log_actor_created_idx", ["actor_id", "created_at", "id"]],
  ["audit_log_action_created_id_idx", ["action", "created_at", "id"]],
  ["audit_log_target_created_idx", ["target_type", "target_id", "created_at", "id"]],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("audit_log")
    .addColumn("outcome", "text", (c) => c.notNull().defaultTo("success"))
    .execute();
  await sql`update audit_log set outcome = 'failure' where action like '%failed' or action like '%blocked' or action like '%refused%'`.execute(db);
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).ifNotExists().on("audit_log").columns(columns).execute();
  await db.schema.alterTable("users").addColumn("anonymised_at", t.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.alterTable("audit_log").dropColumn("outcome").execute();
  await db.schema.alterTable("users").dropColumn("anonymised_at").execute();
}
