import SQLite from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type UnknownRow,
} from "kysely";
import { BOOLEAN_COLUMNS, JSON_COLUMNS, type Database } from "./schema";

export type DB = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

// PostgreSQL hands back plain values like SQLite's: ISO strings for timestamps,
// numbers for bigint counts and numerics, dates as written.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (value) => new Date(`${value}Z`).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** SQLite keeps booleans as 0/1 and JSON as text: convert them back on the way out. */
class SqliteValuesPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key of Object.keys(row)) {
        const value = row[key];
        if (BOOLEAN_COLUMNS.has(key) && typeof value === "number") row[key] = value === 1;
        else if (JSON_COLUMNS.has(key) && typeof value === "string") row[key] = parseJson(value);
      }
    }
    return args.result;
  }
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function toSqliteParameter(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** better-sqlite3 refuses booleans and Dates as parameters; convert them on the way in. */
function sqliteDatabase(file: string): SqliteDatabase & { raw: SQLite.Database } {
  if (file !== ":memory:") {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    // The owner alone reads the database; SQLite gives its WAL and shared-memory files the database file's mode.
    fs.closeSync(fs.openSync(file, "a", 0o600));
    fs.chmodSync(file, 0o600);
  }
  const raw = new SQLite(file);
  raw.pragma("journal_mode = WAL");
  raw.pragma("foreign_keys = ON");
  raw.pragma("busy_timeout = 5000");
  raw.pragma("synchronous = NORMAL");
  return {
    raw,
    close: () => raw.close(),
    prepare(sql: string) {
      const statement = raw.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters: ReadonlyArray<unknown>) => statement.all(parameters.map(toSqliteParameter)),
        run: (parameters: ReadonlyArray<unknown>) => statement.run(parameters.map(toSqliteParameter)),
        iterate: (parameters: ReadonlyArray<unknown>) => statement.iterate(parameters.map(toSqliteParameter)),
      };
    },
  };
}

/** Column names map to camelCase; keys inside JSON values stay as written, on both dialects. */
const camelCase = () => new CamelCasePlugin({ maintainNestedObjectKeys: true });

export type DatabaseOptions = {
  /** `file:/path/app.db`, `file::memory:` or `postgres://…` */
  url: string;
  /** PostgreSQL only: the schema to work in (tests run each in its own). */
  schema?: string;
  poolSize?: number;
};

export function dialectOf(url: string): Dialect {
  return url.startsWith("postgres") ? "postgres" : "sqlite";
}

export function createDatabase(options: DatabaseOptions): DB {
  if (dialectOf(options.url) === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client's error (the server restarting) must not crash the process.
    pool.on("error", () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [camelCase()] });
  }
  const file = options.url.replace(/^file:/, "");
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqliteDatabase(file) }),
    plugins: [camelCase(), new SqliteValuesPlugin()],
  });
}

/** JSON values are written as text on both dialects (pg would turn arrays into SQL arrays). */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}
