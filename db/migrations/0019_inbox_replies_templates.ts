import type { Kysely } from "kysely";
import { sql } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Inbox replies and the firm's e-mail templates (issue 17, docs/decisions/020).
 *
 * contact_messages: `status` already holds new | read | archived (and the `replied` of 0001's comment);
 * it gains `spam`. Nothing is rewritten: the existing values keep their meaning, and a message already
 * answered (a status of replied) keeps it. New columns: the staff member it is assigned to, when it was
 * last replied to, and the status it had before it was archived or marked spam (so "move back" restores it).
 * Indexes for the list's filters (status, assignee) in its order (created_at, id).
 *
 * contact_message_replies: the thread, one row per reply sent (who, when, text, delivery outcome).
 *
 * templates: one row per overridden e-mail template and language (kind 'email', name = the template's id);
 * columns for the parts an e-mail has beyond subject and body; one row per (kind, name, locale).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = "text" as const;

  await db.schema
    .alterTable("contact_messages")
    .addColumn("assignee_id", id, (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("contact_messages").addColumn("replied_at", t.timestamp).execute();
  await db.schema.alterTable("contact_messages").addColumn("previous_status", "text").execute();
  // An empty status (never written by the code) becomes "new"; every other value stays as it is.
  await sql`update contact_messages set status = 'new' where status is null or status = ''`.execute(db);
  await db.schema.createIndex("contact_messages_assignee_created_idx").on("contact_messages").columns(["assignee_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("contact_message_replies")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("message_id", id, (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
    .addColumn("author_id", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("delivery", "text", (c) => c.notNull()) // sent | failed
    .addColumn("delivery_error", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("contact_message_replies_message_idx").on("contact_message_replies").columns(["message_id", "created_at"]).execute();

  await db.schema.alterTable("templates").addColumn("heading", "text").execute();
  await db.schema.alterTable("templates").addColumn("action", "text").execute();
  await db.schema.alterTable("templates").addColumn("note", "text").execute();
  await db.schema
    .alterTable("templates")
    .addColumn("updated_by", id, (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("templates_kind_name_locale_idx").on("templates").columns(["kind", "name", "locale"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("templates_kind_name_locale_idx").ifExists().execute();
  for (const column of ["updated_by", "note", "action", "heading"]) await db.schema.alterTable("templates").dropColumn(column).execute();
  await db.schema.dropTable("contact_message_replies").ifExists().execute();
  await db.schema.dropIndex("contact_messages_assignee_created_idx").ifExists().execute();
  await sql`update contact_messages set status = coalesce(previous_status, 'read') where status = 'spam'`.execute(db);
  for (const column of ["previous_status", "replied_at", "assignee_id"]) await db.schema.alterTable("contact_messages").dropColumn(column).execute();
}
