import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The unread counter of each user's notifications (issue 19): the bell asks for it every
 * 30 seconds, so it is a row kept right by the transactions that create, read and delete
 * notifications (app/features/notifications/notifications.server.ts), never a count over
 * the rows. Backfilled from the existing rows. An index on `read_at` serves the daily purge
 * of old read notifications. Adds a table and an index: no table is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("notification_counters")
    .ifNotExists()
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("unread", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into notification_counters (user_id, unread)
    select user_id, count(*) from notifications where read = ${t.false} group by user_id`.execute(db);
  await db.schema.createIndex("notifications_read_at_idx").ifNotExists().on("notifications").columns(["read_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("notifications_read_at_idx").ifExists().execute();
  await db.schema.dropTable("notification_counters").ifExists().execute();
}
