import type { Kysely } from "kysely";

/**
 * The counts of the rate limits and sign-in back-offs when there is no Redis (REDIS_URL unset), so that they hold
 * across instances sharing the database instead of living in each process. `key` is the limit's name and a hash
 * of what is counted (an address, an account: never stored as such); times are epoch milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("points", "integer", (column) => column.notNull())
    .addColumn("wait_until", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_expires_at").on("rate_limits").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
