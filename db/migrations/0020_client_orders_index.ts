import type { Kysely } from "kysely";

/**
 * A client's orders newest first, ending with the id (as every list index of 0003): the client portal's
 * list, and the back-office search by name, which pages the orders of the matching clients
 * (app/lib/pagination.server.ts reads a page's keys before its rows). With the id in the index that read
 * never touches the table (SQLite at volume, the orders of 60 clients: 1.3 → 0.5 ms). It replaces
 * (client_id, created_at) from 0001, a prefix of it. Adds and drops indexes only: no table is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("service_orders_client_created_idx").ifNotExists().on("service_orders").columns(["client_id", "created_at", "id"]).execute();
  await db.schema.dropIndex("service_orders_client_idx").ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("service_orders_client_idx").ifNotExists().on("service_orders").columns(["client_id", "created_at"]).execute();
  await db.schema.dropIndex("service_orders_client_created_idx").ifExists().execute();
}
