import { Migrator, sql, type MigrationResultSet } from "kysely";
import { migrations } from "../../../db/migrations/index";
import type { DB } from "./connection.server";
import { isPostgres } from "./db.server";

/**
 * Applies pending migrations. On PostgreSQL, Kysely's bookkeeping tables are kept in the connection's own
 * schema (the first of its search_path) and looked for there only: Kysely otherwise takes another schema's
 * `kysely_migration_lock` for this one's, so that a second copy of the app in the same database (another
 * schema: a staging copy, the bench's two databases, the tests' parallel schemas) could not migrate.
 */
export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  const schema = isPostgres(db) ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}

async function currentSchema(db: DB): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}
