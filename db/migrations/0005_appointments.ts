import { sql, type Kysely } from "kysely";
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
  await sql`insert into appointment_slot_holds_v2 (slot_start, appointment_id)
    select slot_start, appointment_id from appointment_slot_holds`.execute(db);
  await db.schema.dropTable("appointment_slot_holds").execute();
  await db.schema.alterTable("appointment_slot_holds_v2").renameTo("appointment_slot_holds").execute();
  await db.schema.createIndex("appointment_slot_holds_appointment_idx").on("appointment_slot_holds").column("appointment_id").execute();
  await db.schema.createIndex("appointments_status_starts_idx").on("appointments").columns(["status", "starts_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to one hold per appointment: each keeps its first unit.
  const t = columnTypes(db);
  await db.schema.dropIndex("appointments_status_starts_idx").ifExists().execute();
  await db.schema
    .createTable("appointment_slot_holds_v1")
    .addColumn("slot_start", t.timestamp, (c) => c.primaryKey())
    .addColumn("appointment_id", "text", (c) => c.notNull().unique().references("appointments.id").onDelete("cascade"))
    .execute();
  await sql`insert into appointment_slot_holds_v1 (slot_start, appointment_id)
    select min(slot_start), appointment_id from appointment_slot_holds group by appointment_id`.execute(db);
  await db.schema.dropTable("appointment_slot_holds").execute();
  await db.schema.alterTable("appointment_slot_holds_v1").renameTo("appointment_slot_holds").execute();
}
