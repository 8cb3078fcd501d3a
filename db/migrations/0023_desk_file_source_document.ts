import { sql, type Kysely } from "kysely";

/**
 * The order document a desk file was made from ("Send to the translation desk"), unique where it is
 * set: two servers sending the same document at once make one desk file, the second insert is refused
 * and answers the first. Files uploaded to the desk directly have none. Nullable text on both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("translation_files")
    .addColumn("source_document_id", "text", (c) => c.references("stored_files.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("translation_files_source_document_uq")
    .unique()
    .on("translation_files")
    .column("source_document_id")
    .where(sql.ref("source_document_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("translation_files_source_document_uq").ifExists().execute();
  await db.schema.alterTable("translation_files").dropColumn("source_document_id").execute();
}
