import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Whether a translation file's current translated version is auto-process's machine draft
 * (app/features/translations/auto-process.server.ts). A draft is never certified, never shown
 * to the client and never announced to them; a translated file uploaded by a person clears it.
 * Adds a column with a constant default: no table is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("translation_files")
    .addColumn("machine_draft", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("translation_files").dropColumn("machine_draft").execute();
}
