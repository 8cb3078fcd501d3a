import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Secure messages between a client and the firm.
 *
 * - message_threads: one general thread per client (order_id null) and one per (client, order),
 *   both unique (a partial index for the general one: NULLs never collide in a plain unique index).
 *   `state` is text (open | waiting | closed; waiting = for the client). `last_message_at` is the
 *   newest message of any kind (staff lists sort on it), `last_public_message_at` and
 *   `last_public_sender` (client | firm) the newest one a client may see (the client's list and
 *   unread marks). The staff list walks (state, last_message_at, id); the assignee's and the client's
 *   lists have their own index.
 * - messages: plain text; `internal` = a staff-only note. A removed message keeps its row with an
 *   empty body, `removed_at` and `removed_by`.
 * - message_reads: each participant's last read time per thread.
 * - saved_replies: per language, staff-managed.
 * Attachments are stored files (record type `message`, record id = the message's id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = "text" as const;

  await db.schema
    .createTable("message_threads")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("client_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("order_id", id, (c) => c.references("service_orders.id").onDelete("cascade"))
    .addColumn("subject", "text")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("assignee_id", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("last_message_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("last_public_message_at", t.timestamp)
    .addColumn("last_public_sender", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("message_threads_general_idx")
    .unique()
    .on("message_threads")
    .column("client_id")
    .where(sql<boolean>`order_id is null`)
    .execute();
  await db.schema.createIndex("message_threads_client_order_idx").unique().on("message_threads").columns(["client_id", "order_id"]).execute();
  await db.schema.createIndex("message_threads_state_last_idx").on("message_threads").columns(["state", "last_message_at", "id"]).execute();
  await db.schema.createIndex("message_threads_last_idx").on("message_threads").columns(["last_message_at", "id"]).execute();
  await db.schema.createIndex("message_threads_assignee_idx").on("message_threads").columns(["assignee_id", "state", "last_message_at"]).execute();
  await db.schema.createIndex("message_threads_client_last_idx").on("message_threads").columns(["client_id", "last_public_message_at"]).execute();
  await db.schema.createIndex("message_threads_order_idx").on("message_threads").column("order_id").execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("thread_id", id, (c) => c.notNull().references("message_threads.id").onDelete("cascade"))
    .addColumn("author_id", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("internal", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("edited_at", t.timestamp)
    .addColumn("removed_at", t.timestamp)
    .addColumn("removed_by", id, (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("messages_thread_created_idx").on("messages").columns(["thread_id", "created_at", "id"]).execute();
  await db.schema.createIndex("messages_author_idx").on("messages").column("author_id").execute();

  await db.schema
    .createTable("message_reads")
    .addColumn("thread_id", id, (c) => c.notNull().references("message_threads.id").onDelete("cascade"))
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("last_read_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("message_reads_pk", ["thread_id", "user_id"])
    .execute();
  await db.schema.createIndex("message_reads_user_idx").on("message_reads").columns(["user_id", "thread_id"]).execute();

  await db.schema
    .createTable("saved_replies")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("saved_replies_locale_title_idx").on("saved_replies").columns(["locale", "title"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["saved_replies", "message_reads", "messages", "message_threads"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
