import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The translation desk (docs/decisions/012): what translation_files (0001) lacked — the
 * client, due date, assignee, the original's name, size and type, its word count and when it
 * was completed — plus every translated version kept (translation_file_versions) and the status
 * history (translation_file_status_history). Indexes serve the desk's list (newest first, by
 * status, language pair or client), the client's order page and the statistics.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = "text";
  // One column per statement: SQLite adds one column at a time.
  const files = () => db.schema.alterTable("translation_files");
  await files()
    .addColumn("client_id", id, (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await files()
    .addColumn("assignee_id", id, (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await files().addColumn("due_date", "text").execute(); // YYYY-MM-DD, a calendar day of the office
  await files()
    .addColumn("original_name", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await files()
    .addColumn("original_size", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await files()
    .addColumn("original_type", "text", (c) => c.notNull().defaultTo(""))
    .execute(); // pdf, docx, …
  await files().addColumn("word_count", "integer").execute();
  await files().addColumn("completed_at", t.timestamp).execute();

  await db.schema
    .createTable("translation_file_versions")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("file_id", id, (c) => c.notNull().references("translation_files.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("stored_file_id", id, (c) => c.notNull().references("stored_files.id"))
    .addColumn("uploaded_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("translation_file_versions_file_version_uq", ["file_id", "version"])
    .execute();

  await db.schema
    .createTable("translation_file_status_history")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("file_id", id, (c) => c.notNull().references("translation_files.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("changed_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("translation_file_status_history_file_idx").on("translation_file_status_history").columns(["file_id", "created_at"]).execute();

  const index = (name: string, columns: string[]) => db.schema.createIndex(name).ifNotExists().on("translation_files").columns(columns).execute();
  await index("translation_files_created_idx", ["created_at", "id"]);
  await index("translation_files_status_list_idx", ["status", "created_at", "id"]);
  await index("translation_files_pair_idx", ["source_language", "target_language", "created_at", "id"]);
  await index("translation_files_client_idx", ["client_id", "created_at", "id"]);
  await index("translation_files_order_idx", ["order_id", "created_at"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "translation_files_created_idx",
    "translation_files_status_list_idx",
    "translation_files_pair_idx",
    "translation_files_client_idx",
    "translation_files_order_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.dropTable("translation_file_status_history").ifExists().execute();
  await db.schema.dropTable("translation_file_versions").ifExists().execute();
  for (const column of ["completed_at", "word_count", "original_type", "original_size", "original_name", "due_date", "assignee_id", "client_id"]) {
    await db.schema.alterTable("translation_files").dropColumn(column).execute();
  }
}
