import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Every save of a public content section (app/features/content/content-admin.server.ts) is kept as a
 * version: the section's data as saved, who saved it and when. Versions are compared and restored
 * from /dashboard/content/{sectionId}; a language lags behind English when English was saved after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = "text";
  await db.schema
    .createTable("content_section_versions")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("section_key", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("data", t.json, (c) => c.notNull())
    .addColumn("created_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("content_section_versions_section_idx").on("content_section_versions").columns(["section_key", "locale", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_section_versions").execute();
}
