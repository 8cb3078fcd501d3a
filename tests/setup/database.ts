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

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const db = createDatabase({ url: "file::memory:" });
    await migrateToLatest(db);
    return { db, dialect, close: () => db.destroy() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDatabase({ url, schema, poolSize: 4 });
  await migrateToLatest(db, { schema });
  return {
    db,
    dialect,
    async close() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
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
