import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import { toJson, type DB } from "~/lib/db/connection.server";
import { db, isPostgres } from "~/lib/db/db.server";
import type { Database } from "~/lib/db/schema";
import { ADMIN_ROLES, BACK_OFFICE_ROLES, type BackOfficeFeature } from "~/lib/features";
import { containsPattern } from "~/lib/pagination.server";

/**
 * The user directory's reads: who a person is, as every area sees them. The `users` table
 * belongs to the users area (which creates, changes and removes accounts); this module is the
 * only other code that reads it, so that no area reaches into another's table for a name or an
 * address.
 */

// ---------------------------------------------------------------------------
// The user as everyone else sees it

/** The user as the API shows it: what the browser may read, never a password hash or secret. */
export type PublicUser = {
  id: string;
  email: string;
  role: string;
  fullName: string;
  avatarUrl: string | null;
  enabledFeatures: string[];
  emailVerified: boolean;
  locale: string;
};

/** The columns of `users` that make a PublicUser. */
export type UserRow = {
  id: string;
  email: string;
  role: string;
  fullName: string;
  avatarUrl: string | null;
  enabledFeatures: string[];
  emailVerifiedAt: string | null;
  locale: string;
};

export function publicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    fullName: user.fullName,
    avatarUrl: user.avatarUrl,
    enabledFeatures: user.enabledFeatures,
    emailVerified: Boolean(user.emailVerifiedAt),
    locale: user.locale,
  };
}

/** Only the public fields of a richer user (the session user carries its session id and zone). */
export function publicFields(user: PublicUser): PublicUser {
  const { id, email, role, fullName, avatarUrl, enabledFeatures, emailVerified, locale } = user;
  return { id, email, role, fullName, avatarUrl, enabledFeatures, emailVerified, locale };
}

export const PUBLIC_COLUMNS = ["id", "email", "role", "fullName", "avatarUrl", "enabledFeatures", "emailVerifiedAt", "locale"] as const;

export async function findPublicUser(userId: string): Promise<PublicUser | null> {
  const row = await db().selectFrom("users").select(PUBLIC_COLUMNS).where("id", "=", userId).executeTakeFirst();
  return row ? publicUser(row) : null;
}

/** The signed-in user behind a session (guards): null when the account is gone or disabled. */
export async function findActiveUser(userId: string): Promise<(PublicUser & { timeZone: string | null }) | null> {
  const row = await db()
    .selectFrom("users")
    .select([...PUBLIC_COLUMNS, "timeZone", "disabledAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row || row.disabledAt) return null;
  return { ...publicUser(row), timeZone: row.timeZone };
}

// ---------------------------------------------------------------------------
// People other areas address: whom an order or a report is for, who may be assigned, whom to tell.

/** "Name or e-mail contains the text" (case-insensitive; the text's wildcards are literal). */
export function nameOrEmailContains(q: string) {
  const pattern = containsPattern(q);
  return (eb: ExpressionBuilder<Database, "users">) =>
    eb.or([
      eb(eb.fn("lower", ["fullName"]), "like", sql<string>`${pattern} escape '\\'`),
      eb(eb.fn("lower", ["email"]), "like", sql<string>`${pattern} escape '\\'`),
    ]);
}

/**
 * A user's name or e-mail for other areas' list queries, as a subquery by primary key:
 * `userColumnSql("o.clientId", "fullName")`, null when the column is null. Each row reads its
 * user by id; a join let PostgreSQL's planner hash all users for a page of 20 rows.
 */
export function userColumnSql(userId: string, column: "fullName" | "email"): RawBuilder<string | null> {
  return sql<string | null>`(select ${sql.ref(`u.${column}`)} from users u where u.id = ${sql.ref(userId)})`;
}

export type ClientSummary = { id: string; fullName: string; email: string };
export type Recipient = { id: string; email: string; fullName: string; locale: string };

/** A client (no back-office role) by id, or null. */
export async function findClientById(id: string): Promise<Recipient | null> {
  return (
    (await db()
      .selectFrom("users")
      .select(["id", "email", "fullName", "locale"])
      .where("id", "=", id)
      .where("role", "not in", [...BACK_OFFICE_ROLES])
      .where("anonymisedAt", "is", null)
      .executeTakeFirst()) ?? null
  );
}

/** Active clients found by name or e-mail, at most 50. */
export async function searchActiveClients(q: string | undefined): Promise<ClientSummary[]> {
  let query = db()
    .selectFrom("users")
    .select(["id", "fullName", "email"])
    .where("role", "not in", [...BACK_OFFICE_ROLES])
    .where("disabledAt", "is", null);
  if (q) query = query.where(nameOrEmailContains(q));
  return query.orderBy("fullName").limit(50).execute();
}

/**
 * Ids of the people whose name or e-mail contains the text, for other areas' searches (people
 * are matched first, then their records, so no search scans a big table by text). The users
 * table stays small next to orders or notifications, so a contains-search over it is cheap; the
 * cap bounds the `in (...)` list the caller builds.
 */
export async function findUserIdsMatching(q: string, limit = 500): Promise<string[]> {
  const rows = await db().selectFrom("users").select("id").where(nameOrEmailContains(q)).limit(limit).execute();
  return rows.map((row) => row.id);
}

/**
 * Anyone by id, to write to them in their language and time: `timeZone` is their saved zone (null
 * when they chose none; core/office viewerTimeZone falls back to the office's). `executor`: the
 * caller's open transaction.
 */
export async function findRecipient(id: string, executor: DB = db()): Promise<(Recipient & { timeZone: string | null }) | null> {
  return (await executor.selectFrom("users").select(["id", "email", "fullName", "locale", "timeZone"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** An active account by its address, to write to (null when there is none or it is disabled). */
export async function findActiveRecipientByEmail(email: string): Promise<Omit<Recipient, "fullName"> | null> {
  return (
    (await db().selectFrom("users").select(["id", "email", "locale"]).where("email", "=", email).where("disabledAt", "is", null).executeTakeFirst()) ?? null
  );
}

/**
 * Active accounts in id order after `after`, with their saved zone, a batch at a time (a message to
 * everyone, or to every holder of some roles, never holds the whole table in memory).
 */
export async function listActiveRecipientsAfter(
  after: string,
  limit: number,
  roles?: string[],
): Promise<Array<Omit<Recipient, "fullName"> & { timeZone: string | null }>> {
  let query = db()
    .selectFrom("users")
    .select(["id", "email", "locale", "timeZone"])
    .where("disabledAt", "is", null)
    .where("id", ">", after)
    .orderBy("id")
    .limit(limit);
  if (roles) query = query.where("role", "in", roles);
  return query.execute();
}

/** How many active accounts hold one of these roles. */
export async function countActiveWithRoles(roles: string[]): Promise<number> {
  const { count } = await db()
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "in", roles)
    .where("disabledAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The saved language and zone of each of these people (a live message is written in them). */
export async function listLanguagesAndZones(ids: string[]): Promise<Array<{ id: string; locale: string; timeZone: string | null }>> {
  return db().selectFrom("users").select(["id", "locale", "timeZone"]).where("id", "in", ids).execute();
}

/** Whether an account of this id exists (whatever its state). */
export async function userExists(id: string): Promise<boolean> {
  return Boolean(await db().selectFrom("users").select("id").where("id", "=", id).executeTakeFirst());
}

/** Whether this account exists and is not disabled (a socket's handshake asks it). */
export async function isActiveUser(id: string): Promise<boolean> {
  const user = await db().selectFrom("users").select(["id", "disabledAt"]).where("id", "=", id).executeTakeFirst();
  return Boolean(user && !user.disabledAt);
}

/** The names of these people by id, as `{ id, label }` rows (the audit log names the records it mentions). */
export async function listNames(ids: string[]): Promise<Array<{ id: string; label: string }>> {
  return db().selectFrom("users").select(["id", "fullName as label"]).where("id", "in", ids).execute();
}

/** The active owner and admins, who are told about new orders and may be assigned one. */
export async function listActiveStaff(limit = 100): Promise<Array<{ id: string; fullName: string }>> {
  return db()
    .selectFrom("users")
    .select(["id", "fullName"])
    .where("role", "in", [...ADMIN_ROLES])
    .where("disabledAt", "is", null)
    .orderBy("fullName")
    .limit(limit)
    .execute();
}

/** True when this user is the owner or an admin (who may be assigned an order). */
export async function isStaffMember(id: string): Promise<boolean> {
  return Boolean(
    await db()
      .selectFrom("users")
      .select("id")
      .where("id", "=", id)
      .where("role", "in", [...ADMIN_ROLES])
      .executeTakeFirst(),
  );
}

export type BackOfficeMember = { id: string; fullName: string; role: string; enabledFeatures: string[] };

/** Active owner, admins and staff (with their grants), by name: whom another area may assign work to. */
export async function listActiveBackOfficeUsers(limit = 200): Promise<BackOfficeMember[]> {
  return activeBackOfficeUsers().orderBy("fullName").limit(limit).execute();
}

function activeBackOfficeUsers() {
  return db()
    .selectFrom("users")
    .select(["id", "fullName", "role", "enabledFeatures"])
    .where("role", "in", [...BACK_OFFICE_ROLES])
    .where("disabledAt", "is", null);
}

/**
 * Active back-office people who have a feature, e.g. the translators a translation file may be
 * assigned to, by name: the owner and admins, and staff granted it (in their JSON list of
 * features, read by each dialect's JSON functions), so that the cap counts only them.
 */
export async function listBackOfficeUsersWith(feature: BackOfficeFeature, limit = 200): Promise<Array<{ id: string; fullName: string }>> {
  const granted = isPostgres()
    ? sql<boolean>`${sql.ref("users.enabledFeatures")} @> ${toJson([feature])}::jsonb`
    : sql<boolean>`exists (select 1 from json_each(${sql.ref("users.enabledFeatures")}) where value = ${feature})`;
  return activeBackOfficeUsers()
    .clearSelect()
    .select(["id", "fullName"])
    .where((eb) => eb.or([eb("role", "in", [...ADMIN_ROLES]), granted]))
    .orderBy("fullName")
    .limit(limit)
    .execute();
}

/** One active back-office user (owner, admin or staff) by id, or null. */
export async function findActiveBackOfficeUser(id: string): Promise<BackOfficeMember | null> {
  return (await activeBackOfficeUsers().where("id", "=", id).executeTakeFirst()) ?? null;
}
