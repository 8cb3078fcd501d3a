import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Two things of issue 17.
 *
 * - Interface strings overridden per language at run time (/dashboard/languages): one row per
 *   language, namespace and key (a dotted path into app/locales/{lng}/{ns}.json), merged over the
 *   bundled files. `translation_override_state` holds one row, the overrides' version: raised by
 *   every change, it is the `?v=` of /locales/{lng}/{ns}.json and what other instances compare.
 * - Indexes behind the dashboard's statistics (aggregates over a date range, each read from an
 *   index that covers it): orders by creation and status, new clients by role and creation,
 *   messages by arrival and first read, translation files by creation and status.
 */
const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  ["service_orders_created_status_idx", "service_orders", ["created_at", "status"]],
  ["users_role_created_idx", "users", ["role", "created_at"]],
  ["contact_messages_created_read_idx", "contact_messages", ["created_at", "read_at"]],
  ["translation_files_created_status_idx", "translation_files", ["created_at", "status"]],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("translation_overrides")
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("namespace", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint("translation_overrides_pk", ["language", "namespace", "key"])
    .execute();
  await db.schema
    .createTable("translation_override_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("translation_override_state" as never)
    .values({ id: 1, version: 0 } as never)
    .execute();
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.dropTable("translation_override_state").ifExists().execute();
  await db.schema.dropTable("translation_overrides").ifExists().execute();
}
