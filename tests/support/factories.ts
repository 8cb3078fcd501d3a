import { ensureTwoFactorWithSecret } from "~/features/auth/two-factor.server";
import { insertUser } from "~/features/users/users.server";
import type { DB } from "~/lib/db/connection.server";
import { createSession } from "~/lib/session.server";

/**
 * The one set of integration-test factories: people with an API token.
 * Every suite makes its users here, through the users area's `insertUser`
 * (the one insert into `users`), not with its own insert.
 */
export type TestUser = { id: string; email: string; role: string; locale: string; token: string; fullName: string };

export type UserOptions = {
  role?: string;
  locale?: string;
  features?: string[];
  verified?: boolean;
  disabled?: boolean;
  email?: string;
  fullName?: string;
  /** An argon2 hash of a real password (core/identity/password.server hashPassword), when the test signs in with it. */
  passwordHash?: string;
  timeZone?: string | null;
  /**
   * Two-factor sign-in on, with TEST_TOTP_SECRET. By default on for owner and admins made without a
   * password (they use their session token, as if they had signed in with the code: the
   * back-office guard sends owner and admins without two-factor to set it up); off otherwise.
   */
  twoFactor?: boolean;
};

/** The base32 TOTP secret of factory users with two-factor (tests compute codes with otpauth). */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

let counter = 0;

export async function makeUser(db: DB, options: UserOptions = {}): Promise<TestUser> {
  const role = options.role ?? "client";
  const locale = options.locale ?? "en";
  const tag = `${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = (options.email ?? `${role}-${tag}@example.com`).toLowerCase();
  const fullName = options.fullName ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${tag.slice(-4)}`;
  const id = await insertUser(
    {
      email,
      passwordHash: options.passwordHash ?? "x",
      role,
      fullName,
      locale,
      timeZone: options.timeZone ?? null,
      enabledFeatures: options.features,
      emailVerifiedAt: options.verified === false ? null : new Date().toISOString(),
      disabledAt: options.disabled ? new Date().toISOString() : null,
    },
    db,
  );
  if (options.twoFactor ?? ((role === "owner" || role === "admin") && !options.passwordHash)) await ensureTwoFactorWithSecret(db, id, TEST_TOTP_SECRET);
  const { token } = await createSession(id, { remember: false, kind: "token" });
  return { id, email, role, locale, token, fullName };
}

/** The people of a rights matrix: two clients, an admin, the owner, and nobody signed in. */
export type Cast = { clientA: TestUser; clientB: TestUser; admin: TestUser; owner: TestUser; anonymous: null };

export async function makeCast(db: DB): Promise<Cast> {
  return {
    clientA: await makeUser(db, { role: "client", locale: "fr" }),
    clientB: await makeUser(db, { role: "client" }),
    admin: await makeUser(db, { role: "admin" }),
    owner: await makeUser(db, { role: "owner" }),
    anonymous: null,
  };
}
