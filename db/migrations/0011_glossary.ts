import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The machine-translation glossary (app/features/machine-translation): per language pair, a
 * source term (a client's name as written in their passport, a fixed term) and the target term
 * the translation must carry. One term per pair (unique); the tool lists a pair's terms in
 * term order and the translation finds a text's terms by pair, both through the unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("translation_glossary")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("source_language", "text", (c) => c.notNull())
    .addColumn("target_language", "text", (c) => c.notNull())
    .addColumn("source_term", "text", (c) => c.notNull())
    .addColumn("target_term", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("translation_glossary_pair_term_uq")
    .unique()
    .on("translation_glossary")
    .columns(["source_language", "target_language", "source_term"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("translation_glossary").ifExists().execute();
}
