import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Staff two-factor sign-in (TOTP, docs/decisions/010). One row per user who has it on:
 * the secret encrypted at rest (app/lib/secrets.server.ts), the last time step a code was
 * accepted for (a code works once), and when it was set up (the trusted-browser cookie
 * names this time, so a reset or a new set-up ends every trust). Ten recovery codes per
 * user, stored as SHA-256 hashes, each used once. Sessions already carry user agent, IP
 * and last seen (0001). Adds two tables: no table is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("two_factor_credentials")
    .ifNotExists()
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("last_used_step", "integer")
    .addColumn("enabled_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable("two_factor_recovery_codes")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("two_factor_recovery_codes_user_idx").ifNotExists().on("two_factor_recovery_codes").columns(["user_id", "code_hash"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("two_factor_recovery_codes").ifExists().execute();
  await db.schema.dropTable("two_factor_credentials").ifExists().execute();
}
