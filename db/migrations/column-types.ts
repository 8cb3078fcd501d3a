import { PostgresAdapter, sql, type ColumnDataType, type Expression, type Kysely } from "kysely";

/**
 * Column types that hand back the same plain values on both dialects once the
 * connection normalises them (app/lib/db/connection.server.ts):
 * timestamps are ISO-8601 strings, booleans are booleans, JSON is parsed.
 * SQLite stores timestamps as ISO text, booleans as 0/1 and JSON as text.
 */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    timestamp: (postgres ? "timestamptz" : "text") as ColumnDataType,
    boolean: (postgres ? "boolean" : "integer") as ColumnDataType,
    json: (postgres ? "jsonb" : "text") as ColumnDataType,
    now: (postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`) as Expression<unknown>,
    false: (postgres ? sql`false` : sql`0`) as Expression<unknown>,
    true: (postgres ? sql`true` : sql`1`) as Expression<unknown>,
    emptyJsonArray: (postgres ? sql`'[]'::jsonb` : sql`'[]'`) as Expression<unknown>,
    emptyJsonObject: (postgres ? sql`'{}'::jsonb` : sql`'{}'`) as Expression<unknown>,
  };
}
