import { db } from "~/lib/db/db.server";

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
