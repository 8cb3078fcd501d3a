import { AppError, conflict, forbidden, isUniqueViolation } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { toJson, type DB } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import { countPerBucket, type Bucket } from "~/lib/statistics.server";
import { dayRangeInstants } from "~/lib/day-range";
import { BACK_OFFICE_FEATURES, BACK_OFFICE_ROLES, CLIENT_FEATURES, DEFAULT_CLIENT_FEATURES, FEATURES, isAdminRole, isBackOfficeRole } from "~/lib/features";
import { revokeAccountLinks } from "~/core/identity/account-links.server";
import { isLanguage, fallbackLanguage, type Language } from "~/lib/i18n/config";
import { newId, nowIso } from "~/lib/ids.server";
import { type Page, type PageRequest } from "~/lib/pagination";
import { countCapped, keysetPage } from "~/lib/pagination.server";
import { deleteFilesFor } from "~/lib/storage.server";
import { deleteUserSessions } from "~/lib/session.server";
import { findPublicUser, nameOrEmailContains, PUBLIC_COLUMNS, publicUser, type PublicUser, type UserRow } from "~/core/identity/directory.server";

/**
 * The `users` table's owner: accounts are created, changed and removed here (their
 * picture in avatar.server.ts; the demo seeder alone also writes the table itself).
 * Other code reads people through core/identity/directory.server.ts. Other areas
 * (auth, client-records, statistics, the demo seeder) and tests call these functions.
 *
 * User management for staff (/dashboard/clients and the admin/users and clients
 * API groups) lives here too. Its rules, once (docs/decisions/011):
 * - admins and the owner manage clients (name, features, deactivate, delete);
 * - only an owner creates, promotes, changes, deactivates or removes admins and staff
 *   members (the back-office roles); only an owner touches an owner account;
 * - the last active owner stays: no demotion, deactivation or deletion removes them;
 * - nobody deactivates or deletes their own account here.
 * A refused change is written to the audit log with the outcome "denied".
 * Refusals are AppErrors with keys of the `users` namespace.
 */

// ---------------------------------------------------------------------------
// Creating accounts: registration, staff-made accounts, the demo seeder and the test factory

export type NewUser = {
  email: string;
  passwordHash: string;
  fullName: string;
  role?: string;
  locale?: string | null;
  timeZone?: string | null;
  /** Defaults to the client features for a client, none for anyone else. */
  enabledFeatures?: readonly string[];
  emailVerifiedAt?: string | null;
  disabledAt?: string | null;
};

/**
 * The one insert into `users`. The address is stored in lower case; an address
 * already in use is a 409 `users:errors.emailTaken` (the unique index decides, so two
 * registrations at once cannot both win). Any other database error passes on.
 */
export async function insertUser(user: NewUser, executor: DB = db()): Promise<string> {
  const id = newId();
  const role = user.role ?? "client";
  const locale: Language = isLanguage(user.locale) ? user.locale : fallbackLanguage;
  try {
    await executor
      .insertInto("users")
      .values({
        id,
        email: user.email.toLowerCase(),
        passwordHash: user.passwordHash,
        role,
        fullName: user.fullName,
        locale,
        timeZone: user.timeZone ?? null,
        enabledFeatures: toJson(onlyKnownFeatures(user.enabledFeatures ?? (role === "client" ? DEFAULT_CLIENT_FEATURES : []))),
        emailVerifiedAt: user.emailVerifiedAt ?? null,
        disabledAt: user.disabledAt ?? null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("users:errors.emailTaken", { field: "email" });
    throw error;
  }
  return id;
}

function onlyKnownFeatures(features: readonly string[]): string[] {
  return FEATURES.filter((feature) => features.includes(feature));
}

// ---------------------------------------------------------------------------
// What the account functions (features/auth) read and change

/** The account of an address, with what sign-in and the account e-mails need. */
export async function findAccountByEmail(email: string) {
  return (
    (await db()
      .selectFrom("users")
      .select([...PUBLIC_COLUMNS, "passwordHash", "disabledAt"])
      .where("email", "=", email.toLowerCase())
      .executeTakeFirst()) ?? null
  );
}

/** The account behind an id, with its password hash (password and e-mail changes). */
export async function findAccount(userId: string) {
  return (
    (await db()
      .selectFrom("users")
      .select([...PUBLIC_COLUMNS, "passwordHash", "disabledAt"])
      .where("id", "=", userId)
      .executeTakeFirst()) ?? null
  );
}

export async function isEmailInUse(email: string): Promise<boolean> {
  return Boolean(await db().selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst());
}

/** A new password hash; `verifyEmail` also marks the address as verified (a reset link proves it). */
export async function setPasswordHash(userId: string, passwordHash: string, options: { verifyEmail?: boolean } = {}): Promise<void> {
  const now = nowIso();
  await db()
    .updateTable("users")
    .set((eb) => ({
      passwordHash,
      updatedAt: now,
      ...(options.verifyEmail ? { emailVerifiedAt: eb.fn.coalesce("emailVerifiedAt", eb.val(now)) } : {}),
    }))
    .where("id", "=", userId)
    .execute();
}

export async function markEmailVerified(userId: string): Promise<void> {
  await db()
    .updateTable("users")
    .set({ emailVerifiedAt: nowIso(), updatedAt: nowIso() })
    .where("id", "=", userId)
    .where("emailVerifiedAt", "is", null)
    .execute();
}

/** Moves the account to a confirmed new address (409 `users:errors.emailTaken` if another account took it meanwhile). */
export async function changeEmailAddress(userId: string, email: string): Promise<void> {
  try {
    await db().updateTable("users").set({ email: email.toLowerCase(), emailVerifiedAt: nowIso(), updatedAt: nowIso() }).where("id", "=", userId).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("users:errors.emailTaken", { field: "email" });
    throw error;
  }
}

export async function recordSignIn(userId: string): Promise<void> {
  await db().updateTable("users").set({ lastLoginAt: nowIso() }).where("id", "=", userId).execute();
}

/** The signed-in user's own changes: name and language of e-mails (the avatar: avatar.server). */
/** How to reach a person besides e-mail; null where not given. */
export type ContactDetails = { phone: string | null; postalAddress: string | null };

export async function updateOwnProfile(userId: string, input: { fullName?: string; locale?: string } & Partial<ContactDetails>): Promise<PublicUser> {
  const changes: { fullName?: string; locale?: string; updatedAt: string } & Partial<ContactDetails> = { updatedAt: nowIso() };
  if (input.fullName !== undefined) changes.fullName = input.fullName;
  if (input.locale !== undefined && isLanguage(input.locale)) changes.locale = input.locale;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.postalAddress !== undefined) changes.postalAddress = input.postalAddress;
  await db().updateTable("users").set(changes).where("id", "=", userId).execute();
  return requirePublicUser(userId);
}

/** A user's phone and postal address (the profile, the client's page for staff, the data export). */
export async function getContactDetails(userId: string): Promise<ContactDetails> {
  const row = await db().selectFrom("users").select(["phone", "postalAddress"]).where("id", "=", userId).executeTakeFirst();
  return { phone: row?.phone ?? null, postalAddress: row?.postalAddress ?? null };
}

/** A user's public shape, or the 404 of an unknown user. */
export async function requirePublicUser(userId: string): Promise<PublicUser> {
  const user = await findPublicUser(userId);
  if (!user) throw userNotFound();
  return user;
}

// ---------------------------------------------------------------------------
// User management (staff)

export type Scope = "users" | "clients";
export type Actor = { id: string; role: string };

/** A user as the staff screens and the users API show it: the public shape and its account state. */
export type ManagedUser = PublicUser & {
  disabled: boolean;
  /** A deleted client kept, anonymised, for records the firm must keep: nothing can be changed. */
  anonymisedAt: string | null;
  createdAt: string;
  lastLoginAt: string | null;
};

const MANAGED_COLUMNS = [...PUBLIC_COLUMNS, "disabledAt", "anonymisedAt", "createdAt", "lastLoginAt"] as const;

type ManagedRow = UserRow & { disabledAt: string | null; anonymisedAt: string | null; createdAt: string; lastLoginAt: string | null };

function toManaged(row: ManagedRow): ManagedUser {
  return { ...publicUser(row), disabled: Boolean(row.disabledAt), anonymisedAt: row.anonymisedAt, createdAt: row.createdAt, lastLoginAt: row.lastLoginAt };
}

/** The features a role can be given: a client the client area's, a staff member the back-office screens; owner and admins have all. */
export function grantableFeatures(role: string): readonly string[] {
  if (isAdminRole(role)) return [];
  return role === "staff" ? BACK_OFFICE_FEATURES : CLIENT_FEATURES;
}

/** "clients" are every account that does not work in the back-office (any role but admin, owner or staff is a client). */
function usersIn(scope: Scope) {
  return db()
    .selectFrom("users")
    .$if(scope === "clients", (query) => query.where("role", "not in", [...BACK_OFFICE_ROLES]));
}

const userNotFound = () => new AppError(404, "users:errors.notFound");

/** The one staff/client listing: a page of accounts, newest first, searched by name or e-mail. */
export async function listUsers(scope: Scope, query: PageRequest & { q?: string; from?: string; to?: string; timeZone?: string }): Promise<Page<ManagedUser>> {
  let base = usersIn(scope);
  // Accounts created on these days (the viewer's), as the dashboard's "new clients" counts them.
  if (query.timeZone && (query.from || query.to)) {
    const { start, end } = dayRangeInstants(query, query.timeZone);
    if (start) base = base.where("createdAt", ">=", start);
    if (end) base = base.where("createdAt", "<", end);
  }
  const term = (query.q ?? "").trim();
  if (term) base = base.where(nameOrEmailContains(term));
  const page = await keysetPage(base.select(MANAGED_COLUMNS), query, {
    keys: [
      { ref: "createdAt", value: (row) => row.createdAt },
      { ref: "id", value: (row) => row.id },
    ],
    direction: "desc",
    // Counting stops past COUNT_CAP: the list then says "10,000+".
    count: () => countCapped(base),
  });
  return { ...page, items: page.items.map(toManaged) };
}

export async function getManagedUser(scope: Scope, id: string): Promise<ManagedUser> {
  const row = await usersIn(scope).select(MANAGED_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw userNotFound();
  return toManaged(row);
}

/**
 * A staff-made account (features/auth `inviteUser` sends the invitation). Only the owner
 * makes admins; the clients group makes clients only.
 */
export async function createManagedUser(
  actor: Actor,
  scope: Scope,
  input: { fullName: string; email: string; role: AssignableRole; locale: string; enabledFeatures?: string[]; passwordHash: string },
  context: { ip?: string } = {},
): Promise<ManagedUser> {
  const role = scope === "clients" ? "client" : input.role;
  if (isBackOfficeRole(role) && actor.role !== "owner") {
    await audit({
      actorId: actor.id,
      action: "user.create_denied",
      targetType: "user",
      ip: context.ip ?? null,
      outcome: "denied",
      meta: { role, email: input.email },
    });
    throw forbidden("users:errors.ownerOnly");
  }
  const id = await insertUser({
    email: input.email,
    passwordHash: input.passwordHash,
    role,
    fullName: input.fullName,
    locale: input.locale,
    enabledFeatures: input.enabledFeatures ? input.enabledFeatures.filter((feature) => grantableFeatures(role).includes(feature)) : undefined,
  });
  await audit({ actorId: actor.id, action: "user.created", targetType: "user", targetId: id, ip: context.ip ?? null, meta: { role } });
  return getManagedUser(scope, id);
}

export type AssignableRole = "client" | "staff" | "admin";
type Change = { role?: string; disabled?: boolean; remove?: boolean; features?: boolean };

/** Active owners other than `exceptId`. */
async function otherActiveOwners(exceptId: string): Promise<number> {
  const row = await db()
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "owner")
    .where("disabledAt", "is", null)
    .where("id", "!=", exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Who may touch whom, before any change is made (the rules at the top of this module). */
async function refusalFor(actor: Actor, target: ManagedUser, change: Change): Promise<AppError | null> {
  if (target.anonymisedAt) return new AppError(409, "users:errors.anonymised");
  const self = actor.id === target.id;
  const renameOnly = change.role === undefined && change.disabled === undefined && !change.remove && !change.features;
  if (target.role === "owner" && actor.role !== "owner") return forbidden("users:errors.ownerProtected");
  const removesOwner =
    target.role === "owner" && !target.disabled && ((change.role !== undefined && change.role !== "owner") || change.disabled === true || change.remove);
  if (removesOwner && (await otherActiveOwners(target.id)) === 0) return forbidden("users:errors.lastOwner");
  if ((change.disabled === true || change.remove) && self) return forbidden("users:errors.self");
  const backOffice = isBackOfficeRole(target.role) || (change.role !== undefined && isBackOfficeRole(change.role));
  // An admin or staff member may still rename themself; everything else about those accounts is the owner's.
  if (backOffice && actor.role !== "owner" && !(self && renameOnly)) return forbidden("users:errors.ownerOnly");
  return null;
}

/** Throws the refusal, after writing the attempt to the audit log as "denied". */
async function assertMayManage(actor: Actor, target: ManagedUser, change: Change, ip: string | null): Promise<void> {
  const refusal = await refusalFor(actor, target, change);
  if (!refusal) return;
  const attempted = { ...change, features: undefined };
  await audit({
    actorId: actor.id,
    action: "user.change_denied",
    targetType: "user",
    targetId: target.id,
    ip,
    outcome: "denied",
    meta: { ...attempted, reason: refusal.key },
  });
  throw refusal;
}

/** What the screens may offer: the same rules as the changes (a hidden button is no check). */
export async function permissionsFor(actor: Actor, target: ManagedUser) {
  const ok = async (change: Change) => (await refusalFor(actor, target, change)) === null;
  return {
    edit: await ok({}),
    changeRole: target.role !== "owner" && actor.role === "owner" && !target.anonymisedAt,
    features: grantableFeatures(target.role).length > 0 && (await ok({ features: true })),
    disable: target.disabled ? await ok({ disabled: false }) : await ok({ disabled: true }),
    remove: await ok({ remove: true }),
  };
}

export async function updateManagedUser(
  actor: Actor,
  scope: Scope,
  id: string,
  input: { fullName?: string; role?: AssignableRole; enabledFeatures?: string[]; disabled?: boolean },
  context: { ip?: string } = {},
): Promise<ManagedUser> {
  const target = await getManagedUser(scope, id);
  const ip = context.ip ?? null;
  const role = input.role !== undefined && input.role !== target.role ? input.role : undefined;
  const disabled = input.disabled !== undefined && input.disabled !== target.disabled ? input.disabled : undefined;
  const newRole = role ?? target.role;
  let features: string[] | undefined;
  if (input.enabledFeatures !== undefined)
    features = onlyKnownFeatures(input.enabledFeatures).filter((feature) => grantableFeatures(newRole).includes(feature));
  const featuresChange =
    features !== undefined && (features.length !== target.enabledFeatures.length || features.some((feature) => !target.enabledFeatures.includes(feature)));
  await assertMayManage(actor, target, { role, disabled, features: featuresChange }, ip);
  if (scope === "clients" && role !== undefined && role !== "client") throw forbidden("users:errors.ownerOnly");

  const changes: Record<string, unknown> = { updatedAt: nowIso() };
  if (input.fullName !== undefined) changes.fullName = input.fullName;
  if (role !== undefined) changes.role = role;
  if (features !== undefined) changes.enabledFeatures = toJson(features);
  if (disabled !== undefined) changes.disabledAt = disabled ? nowIso() : null;
  await db().updateTable("users").set(changes).where("id", "=", id).execute();

  const base = { actorId: actor.id, targetType: "user" as const, targetId: id, ip };
  if (role !== undefined) await audit({ ...base, action: "user.role_changed", meta: { from: target.role, to: role } });
  if (features && featuresChange) await audit({ ...base, action: "user.features_changed", meta: { from: target.enabledFeatures, to: features } });
  if (disabled !== undefined) {
    // A deactivated account is signed out everywhere at once (sessions, API tokens, open
    // sockets) and its unused e-mail links stop working.
    let ended = { sessions: 0, links: 0 };
    if (disabled) ended = { sessions: await deleteUserSessions(id), links: await revokeAccountLinks(id) };
    await audit({ ...base, action: disabled ? "user.disabled" : "user.enabled", meta: disabled ? ended : {} });
  }
  if (input.fullName !== undefined && input.fullName !== target.fullName)
    await audit({ ...base, action: "user.renamed", meta: { from: target.fullName, to: input.fullName } });
  return getManagedUser(scope === "clients" && role === undefined ? "clients" : "users", id);
}

/** Deletes an account outright (staff accounts; a client's deletion keeps what the firm must keep: client-records.server.ts). */
export async function deleteManagedUser(actor: Actor, scope: Scope, id: string, context: { ip?: string } = {}): Promise<void> {
  const target = await getManagedUser(scope, id);
  await assertMayManage(actor, target, { remove: true }, context.ip ?? null);
  // Ends its sessions (and closes its sockets) before the rows go.
  await deleteUserSessions(id);
  await deleteFilesFor(AVATAR_RECORD_TYPE, id);
  await db().deleteFrom("users").where("id", "=", id).execute();
  await audit({
    actorId: actor.id,
    action: "user.deleted",
    targetType: "user",
    targetId: id,
    ip: context.ip ?? null,
    meta: { email: target.email, role: target.role },
  });
}

/** May `actor` delete this account? Throws the refusal (audited) when not; answers the account. */
export async function checkMayDelete(actor: Actor, scope: Scope, id: string, context: { ip?: string } = {}): Promise<ManagedUser> {
  const target = await getManagedUser(scope, id);
  await assertMayManage(actor, target, { remove: true }, context.ip ?? null);
  return target;
}

/**
 * A deleted client whose records the firm must keep: the row stays for those records to
 * point to, with nothing left that names or reaches the person (no name, address, phone,
 * avatar, password or features; deactivated).
 */
export async function anonymiseUser(id: string, unusablePasswordHash: string): Promise<void> {
  const now = nowIso();
  await deleteFilesFor(AVATAR_RECORD_TYPE, id);
  await db()
    .updateTable("users")
    .set({
      email: `deleted-${id}@anonymised.invalid`,
      fullName: `Anonymised client ${id.slice(0, 8)}`,
      passwordHash: unusablePasswordHash,
      avatarUrl: null,
      phone: null,
      postalAddress: null,
      timeZone: null,
      locale: fallbackLanguage,
      enabledFeatures: toJson([]),
      emailVerifiedAt: null,
      lastLoginAt: null,
      disabledAt: now,
      anonymisedAt: now,
      updatedAt: now,
    })
    .where("id", "=", id)
    .execute();
}

/** Removes a user row outright (a deleted client of whom nothing must be kept). */
export async function deleteUserRow(id: string): Promise<void> {
  await deleteFilesFor(AVATAR_RECORD_TYPE, id);
  await db().deleteFrom("users").where("id", "=", id).execute();
}

/** Stored files of avatars carry this record type, with the user's id as record id (avatar.server.ts). */
export const AVATAR_RECORD_TYPE = "avatar";

/** Dashboard statistics: client accounts created in each period, over users_role_created_idx. */
export function countNewClientsPerPeriod(periods: readonly Bucket[]): Promise<number[]> {
  return countPerBucket(db().selectFrom("users").where("role", "=", "client"), "createdAt", periods);
}
