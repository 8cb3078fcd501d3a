import type { Kysely } from "kysely";

/**
 * The tracker board's "most urgent first" (app/features/service-orders/board.server.ts): an open
 * column's orders with a due date, in due-date order, then the oldest. Without a due date the board
 * reads (status, created_at, id) from 0003; completed ones (status, updated_at) from 0001; the
 * calendar reads appointments_starts_idx (0001). Adds an index only: no table is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("service_orders_status_due_idx").ifNotExists().on("service_orders").columns(["status", "due_date", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("service_orders_status_due_idx").ifExists().execute();
}
