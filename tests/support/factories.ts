import type { DB } from "~/lib/db/connection.server";
import { toJson } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { createSession } from "~/lib/session.server";

/**
 * The one set of integration-test factories: people with an API token.
 * Every suite makes its users here (not with its own insert).
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
  /** An argon2 hash of a real password (features/auth/password.server hashPassword), when the test signs in with it. */
  passwordHash?: string;
  timeZone?: string | null;
};

const CLIENT_FEATURES = ["service_orders", "appointments", "reports"];

export async function makeUser(db: DB, options: UserOptions = {}): Promise<TestUser> {
  const id = newId();
  const role = options.role ?? "client";
  const locale = options.locale ?? "en";
  const email = options.email ?? `${role}-${id.slice(0, 8)}@example.com`;
  const fullName = options.fullName ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${id.slice(0, 4)}`;
  await db
    .insertInto("users")
    .values({
      id,
      email,
      passwordHash: options.passwordHash ?? "x",
      role,
      fullName,
      locale,
      timeZone: options.timeZone ?? null,
      enabledFeatures: toJson(options.features ?? (role === "client" ? CLIENT_FEATURES : [])),
      emailVerifiedAt: options.verified === false ? null : new Date().toISOString(),
      disabledAt: options.disabled ? new Date().toISOString() : null,
    })
    .execute();
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
