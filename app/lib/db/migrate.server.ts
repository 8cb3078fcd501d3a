import { Migrator, type MigrationResultSet } from "kysely";
import { migrations } from "../../../db/migrations/index";
import type { DB } from "./connection.server";

export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
