import type { Kysely } from "kysely";

/**
 * Indexes behind the back-office lists at a firm's real volume (issue 19): each list's
 * sort, with and without its usual filter, ending with the id so that equal timestamps
 * keep one order and keyset pages (app/lib/pagination.server.ts) seek instead of scanning.
 * Adds indexes only: no table is rewritten.
 */
const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  ["service_orders_created_idx", "service_orders", ["created_at", "id"]],
  ["service_orders_status_created_idx", "service_orders", ["status", "created_at", "id"]],
  ["service_orders_assignee_created_idx", "service_orders", ["assignee_id", "created_at", "id"]],
  ["service_orders_updated_idx", "service_orders", ["updated_at", "id"]],
  ["service_orders_due_idx", "service_orders", ["due_date", "id"]],
  ["reports_created_idx", "reports", ["created_at", "id"]],
  ["notifications_user_created_idx", "notifications", ["user_id", "created_at", "id"]],
  ["contact_messages_status_created_idx", "contact_messages", ["status", "created_at", "id"]],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
