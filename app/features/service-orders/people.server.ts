import { sql } from "kysely";
import { db } from "~/lib/db/db.server";
import { ADMIN_ROLES, BACK_OFFICE_ROLES } from "~/lib/features";

/**
 * The few reads of the users table the orders and reports areas need: whom an order or a
 * report is for, who may be assigned, whom to tell. The users table belongs to the users
 * area; these reads stay here, in one place, until app/features/users/users.server.ts offers
 * them (issue 14), and then this file is replaced by calls to it.
 */
export type ClientSummary = { id: string; fullName: string; email: string };
export type Recipient = { id: string; email: string; fullName: string; locale: string };

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A client (no back-office role) by id, or null. */
export async function findClientById(id: string): Promise<Recipient | null> {
  return (
    (await db()
      .selectFrom("users")
      .select(["id", "email", "fullName", "locale"])
      .where("id", "=", id)
      .where("role", "not in", [...BACK_OFFICE_ROLES])
      .executeTakeFirst()) ?? null
  );
}

/** Active clients found by name or e-mail, at most 50. */
export async function searchActiveClients(q: string | undefined): Promise<ClientSummary[]> {
  let query = db().selectFrom("users").select(["id", "fullName", "email"]).where("role", "not in", [...BACK_OFFICE_ROLES]).where("disabledAt", "is", null);
  if (q) {
    const pattern = likePattern(q);
    query = query.where((eb) =>
      eb.or([eb(eb.fn("lower", ["fullName"]), "like", sql<string>`${pattern} escape '\\'`), eb(eb.fn("lower", ["email"]), "like", sql<string>`${pattern} escape '\\'`)]),
    );
  }
  return query.orderBy("fullName").limit(50).execute();
}

/** Anyone by id, to write to them in their language. */
export async function findRecipient(id: string): Promise<Recipient | null> {
  return (await db().selectFrom("users").select(["id", "email", "fullName", "locale"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The active owner and admins, who are told about new orders and may be assigned one. */
export async function listActiveStaff(limit = 100): Promise<Array<{ id: string; fullName: string }>> {
  return db().selectFrom("users").select(["id", "fullName"]).where("role", "in", [...ADMIN_ROLES]).where("disabledAt", "is", null).orderBy("fullName").limit(limit).execute();
}

/** True when this user is the owner or an admin (who may be assigned an order). */
export async function isStaffMember(id: string): Promise<boolean> {
  return Boolean(await db().selectFrom("users").select("id").where("id", "=", id).where("role", "in", [...ADMIN_ROLES]).executeTakeFirst());
}
