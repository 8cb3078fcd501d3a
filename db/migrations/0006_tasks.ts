import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The tasks area (docs/decisions/009): links to a client, an appointment or a translation
 * file beside 0001's order link, recurrence, the daily reminder's mark, the chain of
 * recurring tasks, and comments. Statuses are text (todo | in_progress | done | cancelled).
 *
 * - `previous_task_id` is unique: completing a recurring task inserts its next one with
 *   "on conflict do nothing", so two completions, even concurrent, make exactly one.
 * - `reminded_on` (a YYYY-MM-DD office day) is set by the daily reminder before it tells
 *   the assignee, with a guarded update: a second run the same day tells no one again.
 * - Lists sort by due date (a task without one last) and the id: the indexes hold that
 *   expression, alone and after the usual filters (assignee, status).
 */
const DUE_KEY = sql`(coalesce(due_date, '9999-12-31'))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("tasks")
    .addColumn("client_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("tasks")
    .addColumn("appointment_id", "text", (c) => c.references("appointments.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("tasks")
    .addColumn("translation_file_id", "text", (c) => c.references("translation_files.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("tasks").addColumn("recurrence", "text").execute(); // null | weekly | monthly | quarterly | yearly
  await db.schema
    .alterTable("tasks")
    .addColumn("previous_task_id", "text", (c) => c.references("tasks.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("tasks").addColumn("reminded_on", "text").execute();

  await db.schema.createIndex("tasks_previous_task_idx").unique().on("tasks").column("previous_task_id").execute();
  await sql`create index if not exists tasks_due_idx on tasks (${DUE_KEY}, id)`.execute(db);
  await sql`create index if not exists tasks_assignee_due_idx on tasks (assignee_id, ${DUE_KEY}, id)`.execute(db);
  await sql`create index if not exists tasks_status_due_idx on tasks (status, ${DUE_KEY}, id)`.execute(db);
  await db.schema.createIndex("tasks_created_idx").ifNotExists().on("tasks").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("tasks_order_idx").ifNotExists().on("tasks").columns(["order_id", "created_at", "id"]).execute();
  await db.schema.createIndex("tasks_client_idx").ifNotExists().on("tasks").columns(["client_id", "created_at", "id"]).execute();
  await db.schema.createIndex("tasks_appointment_idx").ifNotExists().on("tasks").columns(["appointment_id", "created_at", "id"]).execute();
  await db.schema.createIndex("tasks_translation_file_idx").ifNotExists().on("tasks").columns(["translation_file_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("task_comments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("task_id", "text", (c) => c.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("task_comments_task_idx").on("task_comments").columns(["task_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("task_comments").ifExists().execute();
  for (const name of [
    "tasks_translation_file_idx",
    "tasks_appointment_idx",
    "tasks_client_idx",
    "tasks_order_idx",
    "tasks_created_idx",
    "tasks_status_due_idx",
    "tasks_assignee_due_idx",
    "tasks_due_idx",
    "tasks_previous_task_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const column of ["reminded_on", "previous_task_id", "recurrence", "translation_file_id", "appointment_id", "client_id"]) {
    await db.schema.alterTable("tasks").dropColumn(column).execute();
  }
}
