import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * A contains-search on report titles that does not read every report (issue 19).
 * SQLite: an FTS5 index with the trigram tokenizer over the title (an external-content
 * table: it keeps only the index, the triggers keep it in step). PostgreSQL: a trigram GIN
 * index on lower(title) (pg_trgm, a trusted extension since PostgreSQL 13, installed when the
 * database allows it), which the list's `lower(title) like '%…%'` uses as it is. No table is
 * rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    const schema = await trigramSchema(db);
    if (schema) await sql`create index if not exists reports_title_trgm_idx on reports using gin (lower(title) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table reports_title_search using fts5(title, content='reports', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`create trigger reports_title_search_insert after insert on reports begin
      insert into reports_title_search(rowid, title) values (new.rowid, new.title);
    end`.execute(db);
  await sql`create trigger reports_title_search_delete after delete on reports begin
      insert into reports_title_search(reports_title_search, rowid, title) values ('delete', old.rowid, old.title);
    end`.execute(db);
  await sql`create trigger reports_title_search_update after update of title on reports begin
      insert into reports_title_search(reports_title_search, rowid, title) values ('delete', old.rowid, old.title);
      insert into reports_title_search(rowid, title) values (new.rowid, new.title);
    end`.execute(db);
  await sql`insert into reports_title_search(reports_title_search) values ('rebuild')`.execute(db);
}

/**
 * The schema holding pg_trgm, installed first (in `public`, so that it outlives any one
 * application schema) when the server offers it and the user may. Concurrent migrations of
 * several schemas queue on an advisory lock held to the end of the migration's transaction.
 * Null when it cannot be had: the search then reads the table, as before.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  await sql`select pg_advisory_xact_lock(hashtext('firm-portal:pg_trgm'))`.execute(db);
  const installed = async () =>
    (
      await sql<{
        schema: string;
      }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await installed();
  if (found) return found;
  const { rows } = await sql<{
    ok: boolean;
  }>`select exists (select 1 from pg_available_extensions where name = 'pg_trgm') and has_database_privilege(current_database(), 'CREATE') and exists (select 1 from pg_namespace where nspname = 'public') as ok`.execute(
    db,
  );
  if (!rows[0]?.ok) return null;
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  return installed();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`drop index if exists reports_title_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ["insert", "delete", "update"]) await sql.raw(`drop trigger if exists reports_title_search_${trigger}`).execute(db);
  await sql`drop table if exists reports_title_search`.execute(db);
}
