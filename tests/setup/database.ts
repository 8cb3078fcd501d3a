import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { createDatabase, type DB, type Dialect } from "~/lib/db/connection.server";
import { setDb } from "~/lib/db/db.server";
import { migrateToLatest } from "~/lib/db/migrate.server";

/**
 * The data-layer suites run once per dialect: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set (CI points it at the local server). Each run gets a
 * fresh database (SQLite in memory, a PostgreSQL schema of its own, dropped after).
 */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export type TestDatabase = { db: DB; dialect: Dialect; close(): Promise<void> };

/**
 * Test files run in parallel workers, each in its own schema. Kysely's migrator looks at the tables of
 * every schema, and PostgreSQL answers "schema … does not exist" when one of them is dropped meanwhile:
 * migrations hold this advisory lock shared, a drop holds it alone.
 */
const SCHEMA_LOCK = 720_194;

async function withSchemaLock<T>(url: string, mode: "shared" | "exclusive", work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const suffix = mode === "shared" ? "_shared" : "";
  try {
    await client.query(`select pg_advisory_lock${suffix}($1)`, [SCHEMA_LOCK]);
    return await work(client);
  } finally {
    await client.end(); // ending the session releases its advisory lock
  }
}

/**
 * For a test that looks at every schema itself (the migrator, introspection): PostgreSQL runs it under the
 * shared lock so that no other worker drops its schema meanwhile; SQLite has nothing to guard.
 */
export async function whileSchemasStay<T>(dialect: Dialect, work: () => Promise<T>): Promise<T> {
  if (dialect === "sqlite") return work();
  return withSchemaLock(process.env.TEST_DATABASE_URL!, "shared", () => work());
}

/** A fresh database; `migrate: false` leaves it without tables, as a new deployment's (the start-up's migrations have all to do). */
export async function createTestDatabase(dialect: Dialect, { migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const db = createDatabase({ url: "file::memory:" });
    if (migrate) await migrateToLatest(db);
    return { db, dialect, close: () => db.destroy() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const db = createDatabase({ url, schema, poolSize: 4 });
  await withSchemaLock(url, "shared", async (client) => {
    await client.query(`create schema ${schema}`);
    if (migrate) await migrateToLatest(db);
  });
  return {
    db,
    dialect,
    async close() {
      await db.destroy();
      await withSchemaLock(url, "exclusive", (client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

/**
 * `describe` once per dialect, with the app's db() pointed at that run's database.
 * The callback receives a getter, valid inside tests and hooks.
 */
export function describeEachDialect(name: string, body: (getDb: () => DB, dialect: Dialect) => void): void {
  for (const dialect of dialects) {
    describe(`${name} [${dialect}]`, () => {
      let testDb: TestDatabase | undefined;
      beforeAll(async () => {
        testDb = await createTestDatabase(dialect);
        setDb(testDb.db);
      });
      afterAll(async () => {
        setDb(undefined);
        await testDb?.close();
      });
      body(() => {
        if (!testDb) throw new Error("the test database is not ready");
        return testDb.db;
      }, dialect);
    });
  }
}
