import type { Kysely } from "kysely";

/**
 * A client's postal address, for letters and returned originals: free lines (a US or a foreign
 * address), nullable text on both dialects. The phone number has its column since 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("postal_address", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("postal_address").execute();
}
