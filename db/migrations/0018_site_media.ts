import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The website's FAQs, testimonials, logos and announcements screens (issue 17, docs/decisions/019).
 *
 * - testimonials: the language the quote was given in, the consent to publish it (when and by whom it
 *   was recorded: no consent, no publishing), and its photo (a stored file, re-encoded, with its size).
 *   Rows that exist already are the firm's own seeded samples: their consent is dated at their creation.
 * - announcements: a level (info, warning, critical) and whether people may close the bar.
 * - indexes for the order the lists and the public site read in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("testimonials")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
  await db.schema.alterTable("testimonials").addColumn("consent_recorded_at", t.timestamp).execute();
  await db.schema.alterTable("testimonials").addColumn("consent_recorded_by", "text").execute();
  await db.schema.alterTable("testimonials").addColumn("photo_file_id", "text").execute();
  await db.schema.alterTable("testimonials").addColumn("photo_width", "integer").execute();
  await db.schema.alterTable("testimonials").addColumn("photo_height", "integer").execute();
  await sql`update testimonials set consent_recorded_at = created_at`.execute(db);

  await db.schema
    .alterTable("announcements")
    .addColumn("level", "text", (c) => c.notNull().defaultTo("info"))
    .execute();
  await db.schema
    .alterTable("announcements")
    .addColumn("dismissible", t.boolean, (c) => c.notNull().defaultTo(t.true))
    .execute();

  await db.schema.createIndex("faqs_sort_idx").on("faqs").columns(["sort_order", "id"]).execute();
  await db.schema.createIndex("testimonials_sort_idx").on("testimonials").columns(["sort_order", "id"]).execute();
  await db.schema.createIndex("logos_sort_idx").on("logos").columns(["sort_order", "id"]).execute();
  await db.schema.createIndex("announcements_audience_idx").on("announcements").columns(["audience", "active", "created_at"]).execute();
  await db.schema.createIndex("announcements_created_idx").on("announcements").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["announcements_created_idx", "announcements_audience_idx", "logos_sort_idx", "testimonials_sort_idx", "faqs_sort_idx"]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable("announcements").dropColumn("dismissible").execute();
  await db.schema.alterTable("announcements").dropColumn("level").execute();
  for (const column of ["photo_height", "photo_width", "photo_file_id", "consent_recorded_by", "consent_recorded_at", "language"]) {
    await db.schema.alterTable("testimonials").dropColumn(column).execute();
  }
}
