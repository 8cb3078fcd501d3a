import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { publicUser, sendInvitationEmail, type PublicUser, type UserRow } from "~/features/auth/auth.server";
import { hashPassword } from "~/features/auth/password.server";
import { audit } from "~/lib/audit.server";
import { toJson } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import { DEFAULT_CLIENT_FEATURES, FEATURES } from "~/lib/features";
import { newId, nowIso } from "~/lib/ids.server";
import { deleteUserSessions } from "~/lib/session.server";

/**
 * User management for staff (/dashboard/clients and the admin/users and clients
 * API groups). The rules live here, once:
 * - admins and the owner manage clients (name, features, disable, delete);
 * - only the owner makes someone an admin, removes an admin, or disables/deletes one;
 * - the owner account cannot be demoted, disabled or deleted, and nobody else edits it;
 * - nobody disables or deletes their own account here.
 */
export type Scope = "users" | "clients";
export type Actor = { id: string; role: string };

/** A user as the staff screens and the users API show it: the public shape and its account state. */
export type ManagedUser = PublicUser & {
  disabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
};

export const USER_ERRORS = {
  not_found: { status: 404, message: "User not found", key: "users:errors.notFound" },
  owner_only: { status: 403, message: "Only the owner can manage administrators", key: "users:errors.ownerOnly" },
  owner_protected: { status: 403, message: "The owner account cannot be changed or removed", key: "users:errors.ownerProtected" },
  self: { status: 403, message: "You cannot disable or delete your own account", key: "users:errors.self" },
  email_taken: { status: 409, message: "An account with this e-mail address already exists", key: "users:errors.emailTaken" },
} as const;

export type UserErrorCode = keyof typeof USER_ERRORS;

export class UserRuleError extends Error {
  constructor(readonly code: UserErrorCode) {
    super(USER_ERRORS[code].message);
  }
}

const COLUMNS = ["id", "email", "role", "fullName", "avatarUrl", "enabledFeatures", "emailVerifiedAt", "disabledAt", "locale", "createdAt", "lastLoginAt"] as const;

type Row = UserRow & { disabledAt: string | null; createdAt: string; lastLoginAt: string | null };

function toManaged(row: Row): ManagedUser {
  return { ...publicUser(row), disabled: Boolean(row.disabledAt), createdAt: row.createdAt, lastLoginAt: row.lastLoginAt };
}

/** "clients" are every account that is not staff (spec §6: any other role is a client). */
function usersIn(scope: Scope) {
  return db()
    .selectFrom("users")
    .$if(scope === "clients", (query) => query.where("role", "not in", ["owner", "admin"]));
}

export async function listUsers(scope: Scope, options: { q: string; page: number; limit: number }): Promise<{ users: ManagedUser[]; total: number; page: number; limit: number }> {
  let base = usersIn(scope);
  const term = options.q.trim().toLowerCase();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    base = base.where((eb) =>
      eb.or([eb(sql`lower(email)`, "like", sql`${like} escape '\\'`), eb(sql`lower(full_name)`, "like", sql`${like} escape '\\'`)]),
    );
  }
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    base
      .select(COLUMNS)
      .orderBy("createdAt", "desc")
      .orderBy("id")
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
  ]);
  return { users: rows.map(toManaged), total: Number(count), page: options.page, limit: options.limit };
}

export async function getManagedUser(scope: Scope, id: string): Promise<ManagedUser> {
  const row = await usersIn(scope).select(COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw new UserRuleError("not_found");
  return toManaged(row);
}

/** A staff-made account; the person receives a link to choose their password. */
export async function createManagedUser(
  actor: Actor,
  scope: Scope,
  input: { fullName: string; email: string; role: "client" | "admin"; locale: string; enabledFeatures?: string[] },
  context: { ip?: string } = {},
): Promise<ManagedUser> {
  const role = scope === "clients" ? "client" : input.role;
  if (role === "admin" && actor.role !== "owner") throw new UserRuleError("owner_only");
  const existing = await db().selectFrom("users").select("id").where("email", "=", input.email).executeTakeFirst();
  if (existing) throw new UserRuleError("email_taken");
  const id = newId();
  try {
    await db()
      .insertInto("users")
      .values({
        id,
        email: input.email,
        // Nobody knows this password: the invitation link sets the real one.
        passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
        role,
        fullName: input.fullName,
        locale: input.locale,
        enabledFeatures: toJson(onlyKnownFeatures(input.enabledFeatures ?? (role === "client" ? DEFAULT_CLIENT_FEATURES : []))),
      })
      .execute();
  } catch {
    throw new UserRuleError("email_taken");
  }
  await audit({ actorId: actor.id, action: "user.created", targetType: "user", targetId: id, ip: context.ip ?? null, meta: { role } });
  await sendInvitationEmail({ id, email: input.email, fullName: input.fullName, locale: input.locale });
  return getManagedUser(scope, id);
}

function onlyKnownFeatures(features: readonly string[]): string[] {
  return FEATURES.filter((feature) => features.includes(feature));
}

/** Who may touch whom, before any change is made. */
function assertMayManage(actor: Actor, target: ManagedUser, change: { role?: string; disabled?: boolean; remove?: boolean; other?: boolean }) {
  if (target.role === "owner") {
    // Only the owner edits the owner account, and never its role, state or existence.
    if (actor.id !== target.id || change.role !== undefined || change.disabled !== undefined || change.remove) throw new UserRuleError("owner_protected");
    return;
  }
  if ((change.disabled === true || change.remove) && actor.id === target.id) throw new UserRuleError("self");
  const touchesAdmin = target.role === "admin" || change.role === "admin";
  if (touchesAdmin && actor.role !== "owner" && (change.role !== undefined || change.disabled !== undefined || change.remove || actor.id !== target.id)) {
    throw new UserRuleError("owner_only");
  }
}

export async function updateManagedUser(
  actor: Actor,
  scope: Scope,
  id: string,
  input: { fullName?: string; role?: "client" | "admin"; enabledFeatures?: string[]; disabled?: boolean },
  context: { ip?: string } = {},
): Promise<ManagedUser> {
  const target = await getManagedUser(scope, id);
  const role = input.role !== undefined && input.role !== target.role ? input.role : undefined;
  const disabled = input.disabled !== undefined && input.disabled !== target.disabled ? input.disabled : undefined;
  assertMayManage(actor, target, { role, disabled });
  if (scope === "clients" && role === "admin") throw new UserRuleError("owner_only");

  const changes: Record<string, unknown> = { updatedAt: nowIso() };
  if (input.fullName !== undefined) changes.fullName = input.fullName;
  if (role !== undefined) changes.role = role;
  let features: string[] | undefined;
  if (input.enabledFeatures !== undefined) {
    features = onlyKnownFeatures(input.enabledFeatures);
    changes.enabledFeatures = toJson(features);
  }
  if (disabled !== undefined) changes.disabledAt = disabled ? nowIso() : null;
  await db().updateTable("users").set(changes).where("id", "=", id).execute();

  const ip = context.ip ?? null;
  const base = { actorId: actor.id, targetType: "user", targetId: id, ip };
  if (role !== undefined) await audit({ ...base, action: "user.role_changed", meta: { from: target.role, to: role } });
  if (features && (features.length !== target.enabledFeatures.length || features.some((feature) => !target.enabledFeatures.includes(feature)))) {
    await audit({ ...base, action: "user.features_changed", meta: { from: target.enabledFeatures, to: features } });
  }
  if (disabled !== undefined) {
    // A disabled account is signed out everywhere at once.
    if (disabled) await deleteUserSessions(id);
    await audit({ ...base, action: disabled ? "user.disabled" : "user.enabled" });
  }
  if (input.fullName !== undefined && input.fullName !== target.fullName) await audit({ ...base, action: "user.renamed", meta: { from: target.fullName, to: input.fullName } });
  return getManagedUser(scope === "clients" && role === undefined ? "clients" : "users", id);
}

export async function deleteManagedUser(actor: Actor, scope: Scope, id: string, context: { ip?: string } = {}): Promise<void> {
  const target = await getManagedUser(scope, id);
  assertMayManage(actor, target, { remove: true });
  await db().deleteFrom("users").where("id", "=", id).execute();
  await audit({ actorId: actor.id, action: "user.deleted", targetType: "user", targetId: id, ip: context.ip ?? null, meta: { email: target.email, role: target.role } });
}
