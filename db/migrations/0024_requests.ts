import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Client requests: lists of documents, questions and confirmations the firm asks a client for,
 * with their answers, the files uploaded against them, templates per service, the reminders sent
 * and the one-click links that open one list without a password.
 *
 * - request_lists: statuses are text (open | submitted | complete | cancelled). `reminder_offsets`
 *   is the schedule as JSON, `{ "before": [-3, 0], "overdueEvery": 7, "max": 5 }` (days relative to
 *   the due date, a YYYY-MM-DD office day). The staff list walks (status, due_date, id); a client's,
 *   an order's and an assignee's lists have their own index.
 * - request_items: kept in `position` order within their list; `choices` (JSON list) only for a
 *   question answered by a choice. States are text (todo | uploaded | answered | accepted |
 *   returned | not_applicable).
 * - request_item_files: an uploaded file is a stored file (the order's document when the list has
 *   an order), linked to its item; removing the file removes the link.
 * - request_links: only the SHA-256 of the token is kept, unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = "text" as const;

  await db.schema
    .createTable("request_lists")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("client_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("service_order_id", id, (c) => c.references("service_orders.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("due_date", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("reminders_enabled", t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn("reminder_offsets", t.json, (c) => c.notNull())
    .addColumn("reminders_sent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_reminder_at", t.timestamp)
    .addColumn("created_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("assignee_id", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("submitted_at", t.timestamp)
    .addColumn("completed_at", t.timestamp)
    .addColumn("cancelled_at", t.timestamp)
    .addColumn("cancel_reason", "text")
    .execute();
  await db.schema.createIndex("request_lists_status_due_idx").on("request_lists").columns(["status", "due_date", "id"]).execute();
  await db.schema.createIndex("request_lists_client_idx").on("request_lists").columns(["client_id", "status", "due_date"]).execute();
  await db.schema.createIndex("request_lists_order_idx").on("request_lists").columns(["service_order_id", "created_at"]).execute();
  await db.schema.createIndex("request_lists_assignee_idx").on("request_lists").columns(["assignee_id", "status", "due_date"]).execute();

  await db.schema
    .createTable("request_items")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("list_id", id, (c) => c.notNull().references("request_lists.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull()) // document | question | confirmation
    .addColumn("answer_type", "text") // short_text | long_text | yes_no | date | number | choice, questions only
    .addColumn("choices", t.json)
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("hint", "text")
    .addColumn("required", t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("todo"))
    .addColumn("answer", "text")
    .addColumn("not_applicable_reason", "text")
    .addColumn("staff_note", "text")
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("request_items_list_position_idx").on("request_items").columns(["list_id", "position"]).execute();

  await db.schema
    .createTable("request_item_files")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("item_id", id, (c) => c.notNull().references("request_items.id").onDelete("cascade"))
    .addColumn("file_id", id, (c) => c.notNull().references("stored_files.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("request_item_files_item_idx").on("request_item_files").columns(["item_id", "created_at"]).execute();
  await db.schema.createIndex("request_item_files_file_idx").on("request_item_files").column("file_id").execute();

  await db.schema
    .createTable("request_templates")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("service_key", "text")
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("item_definitions", t.json, (c) => c.notNull().defaultTo(t.emptyJsonArray))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("request_templates_service_locale_idx").on("request_templates").columns(["service_key", "locale", "title"]).execute();

  await db.schema
    .createTable("request_reminders")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("list_id", id, (c) => c.notNull().references("request_lists.id").onDelete("cascade"))
    .addColumn("sent_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("missing_count", "integer", (c) => c.notNull())
    .execute();
  // One reminder per number per list: two workers sending the same reminder record it once.
  await db.schema.createIndex("request_reminders_list_number_idx").unique().on("request_reminders").columns(["list_id", "number"]).execute();

  await db.schema
    .createTable("request_links")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("list_id", id, (c) => c.notNull().references("request_lists.id").onDelete("cascade"))
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("revoked_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("last_used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("request_links_token_hash_idx").unique().on("request_links").column("token_hash").execute();
  await db.schema.createIndex("request_links_list_idx").on("request_links").column("list_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["request_links", "request_reminders", "request_templates", "request_item_files", "request_items", "request_lists"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
