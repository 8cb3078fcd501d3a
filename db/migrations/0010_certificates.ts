import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Certificates of translation accuracy (app/features/certificates, docs/decisions/013).
 * A certificate outlives the desk's files: `translation_file_id` names the translated file it
 * was issued for without a foreign key, so deleting a file never deletes (or blocks on) the
 * certificate, which must stay verifiable. One certificate per translated version: the file
 * and both hashes are unique together, which also settles two concurrent issues.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("translation_certificates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("certificate_no", "text", (c) => c.notNull().unique())
    .addColumn("translation_file_id", "text", (c) => c.notNull())
    .addColumn("client_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("document_title", "text", (c) => c.notNull())
    .addColumn("source_language", "text", (c) => c.notNull())
    .addColumn("target_language", "text", (c) => c.notNull())
    .addColumn("page_count", "integer", (c) => c.notNull())
    .addColumn("translator_name", "text", (c) => c.notNull())
    .addColumn("source_sha256", "text", (c) => c.notNull())
    .addColumn("translated_sha256", "text", (c) => c.notNull())
    .addColumn("issued_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("issued_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("translation_certificates_version_idx")
    .unique()
    .on("translation_certificates")
    .columns(["translation_file_id", "source_sha256", "translated_sha256"])
    .execute();
  await db.schema.createIndex("translation_certificates_client_idx").on("translation_certificates").columns(["client_id", "issued_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("translation_certificates").ifExists().execute();
}
