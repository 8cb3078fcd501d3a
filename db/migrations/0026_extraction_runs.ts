import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The document extractor's runs (docs/decisions/023), so that any instance answers "how far is my
 * run" and serves its text; the work itself is a job of the queue (`extractor.run`).
 *
 * - `status`: queued | working | done | failed. At most one queued or working run per person:
 *   a partial unique index, so two uploads at once on two instances cannot both start one.
 * - Progress as the page shows it: pages done of total, the page just read and how
 *   (`method`: text | ocr); written at most about once a second.
 * - The upload and the text are stored files (encrypted, on disk or in the bucket), never in
 *   this table: `input_file_id` until the run ends, `text_file_id` once it is done.
 * - `error_key` / `error_params`: the refusal the page shows (an `extractor:errors.*` key).
 * - `expires_at`: 30 minutes after the run ends; a recurring purge deletes the row and its files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = "text" as const;

  await db.schema
    .createTable("extraction_runs")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("owner_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("pages_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pages_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("page", "integer")
    .addColumn("method", "text")
    .addColumn("languages", t.json, (c) => c.notNull().defaultTo(t.emptyJsonArray))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("kind", "text")
    .addColumn("ocr_pages", "integer")
    .addColumn("language", "text")
    .addColumn("input_file_id", id, (c) => c.references("stored_files.id").onDelete("set null"))
    .addColumn("text_file_id", id, (c) => c.references("stored_files.id").onDelete("set null"))
    .addColumn("error_key", "text")
    .addColumn("error_params", t.json)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("finished_at", t.timestamp)
    .addColumn("expires_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("extraction_runs_owner_active_idx")
    .unique()
    .on("extraction_runs")
    .column("owner_id")
    .where(sql<boolean>`status in ('queued', 'working')`)
    .execute();
  await db.schema.createIndex("extraction_runs_status_updated_idx").on("extraction_runs").columns(["status", "updated_at"]).execute();
  await db.schema.createIndex("extraction_runs_expires_idx").on("extraction_runs").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("extraction_runs").ifExists().execute();
}
