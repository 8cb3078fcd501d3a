import { PostgresAdapter, sql } from "kysely";
import { env } from "../env.server";
import { createDatabase, type DB } from "./connection.server";

let instance: DB | undefined;

/** The process's database, opened on first use from DATABASE_URL / DATA_DIR. */
export function db(): DB {
  instance ??= createDatabase({ url: env().databaseUrl });
  return instance;
}

/** Tests and scripts swap in their own database. */
export function setDb(database: DB | undefined): void {
  instance = database;
}

/** True when the process's database is PostgreSQL (else SQLite). */
export function isPostgres(database: DB = db()): boolean {
  return database.getExecutor().adapter instanceof PostgresAdapter;
}

export async function closeDb(): Promise<void> {
  const current = instance;
  instance = undefined;
  await current?.destroy();
}

export async function pingDatabase(database: DB = db()): Promise<boolean> {
  try {
    await sql`select 1`.execute(database);
    return true;
  } catch {
    return false;
  }
}
