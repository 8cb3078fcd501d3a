import { Migrator, type MigrationResultSet } from "kysely";
import { migrations } from "../../../db/migrations/index";
import type { DB } from "./connection.server";

/**
 * Applies pending migrations. `schema` (PostgreSQL) keeps Kysely's bookkeeping
 * tables in that schema, so that runs in several schemas never see each other's lock.
 */
export async function migrateToLatest(db: DB, options: { schema?: string } = {}): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
