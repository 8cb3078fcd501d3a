import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * An appointment holds one row per slot unit it covers (docs/areas/appointments.md),
 * so `appointment_id` can no longer be unique. The table is rebuilt (SQLite cannot
 * drop a column constraint in place); `slot_start` stays the primary key, which is
 * what makes the database refuse a second booking of the same slot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("appointment_slot_holds_v2")
    .addColumn("slot_start", t.timestamp, (c) => c.primaryKey())
    .addColumn("appointment_id", "text", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .execute();
  await db
    .insertInto("appointment_slot_holds_v2" as never)
    .columns(["slot_start", "appointment_id"] as never)
    .expression(db.selectFrom("appointment_slot_holds" as never).select(["slot_start", "appointment_id"] as never) as never)
    .execute();
  await db.schema.dropTable("appointment_slot_holds").execute();
  await db.schema.alterTable("appointment_slot_holds_v2").renameTo("appointment_slot_holds").execute();
  await db.schema.createIndex("appointment_slot_holds_appointment_idx").on("appointment_slot_holds").column("appointment_id").execute();
  await db.schema.createIndex("appointments_status_starts_idx").on("appointments").columns(["status", "starts_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("appointments_status_starts_idx").ifExists().execute();
  await db.schema.dropIndex("appointment_slot_holds_appointment_idx").ifExists().execute();
}
