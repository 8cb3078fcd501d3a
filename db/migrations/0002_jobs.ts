import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The database-backed job queue (app/lib/jobs.server.ts): work that runs after a request
 * (purging old notifications, machine translation, daily reminders). A job is leased by one
 * worker at a time; an expired lease is taken again; `unique_key` lets many instances ask
 * for "the reminders of 2026-11-23" and get one job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("payload", t.json, (c) => c.notNull().defaultTo(t.emptyJsonObject))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued")) // queued | running | done | failed
    .addColumn("run_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("locked_by", "text")
    .addColumn("locked_until", t.timestamp)
    .addColumn("last_error", "text")
    .addColumn("unique_key", "text", (c) => c.unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("finished_at", t.timestamp)
    .execute();
  // The worker's question: the next due job, or a running one whose lease ran out.
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema.createIndex("jobs_lease_idx").on("jobs").columns(["status", "locked_until"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jobs").ifExists().execute();
}
