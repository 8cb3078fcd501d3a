import { createCookie } from "@remix-run/node";
import { expect, test as base, type BrowserContext, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { Secret, TOTP } from "otpauth";

/**
 * Browser tests sign in by setting a real session cookie: a session row is
 * written into the test server's database and its secret is signed exactly as
 * the app signs it. (Only the tests of the sign-in screens use the forms.)
 */
export const DEMO = {
  owner: "owner@demo.test",
  admin: "admin@demo.test",
  client: "client@demo.test",
  client2: "client2@demo.test",
  password: "Demo-Passw0rd!",
  /** DEMO_TOTP_SECRET: the demo owner's and admin's two-factor secret (base32). */
  totpSecret: process.env.DEMO_TOTP_SECRET ?? "JBSWY3DPEHPK3PXP",
} as const;

const TOTP_PERIOD_MS = 30_000;

/**
 * A two-factor code that the server will accept for this account now. A code works once (the
 * server keeps the last step used), and parallel tests sign in as the same demo staff: take the
 * first step after the last one used, within the server's window (now and the next step), and
 * wait for the next period when both are used.
 */
export async function totpCode(email: string, secret: string = DEMO.totpSecret): Promise<string> {
  const db = openTestDatabase();
  let lastUsed: number | null;
  try {
    const row = db.prepare(LAST_USED_STEP_SQL.replaceAll("$1", "?")).get(email) as { step: number | null } | undefined;
    lastUsed = row?.step ?? null;
  } finally {
    db.close();
  }
  return totpCodeAfter(lastUsed, secret);
}

/** The last two-factor step the server accepted for an account (`$1`: its e-mail), on either dialect. */
export const LAST_USED_STEP_SQL = "select t.last_used_step as step from two_factor_credentials t join users u on u.id = t.user_id where u.email = $1";

/** A code of the first step after `lastUsed` the server accepts (see totpCode), waiting when that step is the next period's. */
export async function totpCodeAfter(lastUsed: number | null, secret: string = DEMO.totpSecret): Promise<string> {
  const now = Math.floor(Date.now() / TOTP_PERIOD_MS);
  const step = Math.max(now, (lastUsed ?? -1) + 1);
  if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * TOTP_PERIOD_MS - Date.now() + 50));
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: step * TOTP_PERIOD_MS + 1000 });
}

const sessionCookie = createCookie("firm_auth_token", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secrets: ["e2e-secret-0123456789abcdef"],
});

export function openTestDatabase(): Database.Database {
  const file = path.join(process.env.E2E_DATA_DIR!, "app.db");
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  return db;
}

/** Writes a session row for `email` (as the app does after a full sign-in, second factor included); answers its secret. */
function insertSession(email: string, kind: "cookie" | "token", remember: boolean): { userId: string; token: string } {
  const db = openTestDatabase();
  try {
    const user = db.prepare("select id from users where email = ?").get(email) as { id: string } | undefined;
    if (!user) throw new Error(`no user ${email} in the test database`);
    const token = randomBytes(32).toString("base64url");
    const maxAge = remember ? 60 * 60 * 24 * 30 : 60 * 60 * 24;
    db.prepare("insert into sessions (id, user_id, kind, remember, expires_at) values (?, ?, ?, ?, ?)").run(
      createHash("sha256").update(token).digest("hex"),
      user.id,
      kind,
      remember ? 1 : 0,
      new Date(Date.now() + maxAge * 1000).toISOString(),
    );
    return { userId: user.id, token };
  } finally {
    db.close();
  }
}

export async function signIn(context: BrowserContext, email: string, options: { remember?: boolean } = {}): Promise<string> {
  const { userId, token } = insertSession(email, "cookie", Boolean(options.remember));
  const value = (await sessionCookie.serialize(token)).split(";")[0]!.split("=").slice(1).join("=");
  const baseURL = `http://localhost:${process.env.E2E_PORT}`;
  await context.addCookies([{ name: "firm_auth_token", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return userId;
}

/**
 * An API token of `email`, written as the app writes one after `auth/login` (and `auth/mfa`):
 * tests that are not about signing in need no code, whose one use per 30 s parallel tests share.
 */
export function apiToken(email: string): string {
  return insertSession(email, "token", false).token;
}

/**
 * Drops the session cookies after leaving the page: an open area page answers a lost
 * session by going to /login on its own, which would race the test's next step.
 */
export async function leaveAndSignOut(page: Page, context: BrowserContext): Promise<void> {
  await page.goto("about:blank");
  await context.clearCookies();
}

/** A throwaway client account, for tests that change what they touch. */
export function createClient(overrides: { email?: string; fullName?: string; features?: string[]; locale?: "en" | "ar" | "fr" } = {}): {
  id: string;
  email: string;
} {
  const db = openTestDatabase();
  try {
    const demo = db.prepare("select password_hash from users where email = ?").get(DEMO.client) as { password_hash: string };
    const id = randomUUID();
    const email = overrides.email ?? `client-${id.slice(0, 8)}@example.com`;
    db.prepare(
      "insert into users (id, email, password_hash, role, full_name, locale, enabled_features, email_verified_at) values (?, ?, ?, 'client', ?, ?, ?, ?)",
    ).run(
      id,
      email,
      demo.password_hash,
      overrides.fullName ?? "Test Client",
      overrides.locale ?? "en",
      JSON.stringify(overrides.features ?? ["service_orders", "appointments", "reports"]),
      new Date().toISOString(),
    );
    return { id, email };
  } finally {
    db.close();
  }
}

/** A throwaway owner or admin without two-factor sign-in (the back-office guard sends them to set it up). */
export function createStaff(role: "admin" | "owner" = "admin", locale: "en" | "ar" | "fr" = "en"): { id: string; email: string } {
  const db = openTestDatabase();
  try {
    const demo = db.prepare("select password_hash from users where email = ?").get(DEMO.client) as { password_hash: string };
    const id = randomUUID();
    const email = `${role}-${id.slice(0, 8)}@example.com`;
    db.prepare(
      "insert into users (id, email, password_hash, role, full_name, locale, enabled_features, email_verified_at) values (?, ?, ?, ?, ?, ?, '[]', ?)",
    ).run(id, email, demo.password_hash, role, "Test Staff", locale, new Date().toISOString());
    return { id, email };
  } finally {
    db.close();
  }
}

/** A different client address per test, for suites that meet per-IP rate limits (the server trusts loopback proxies). */
export function uniqueIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/**
 * Waits until React has hydrated this element (its props are attached): a click on a link
 * before that would be an ordinary page load instead of a client-side navigation.
 */
export async function hydrated(locator: Locator): Promise<void> {
  // Checked every 50 ms (expect.poll's default backs off to 1 s, which left most tests waiting after hydration).
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))), { intervals: [50] }).toBe(true);
}

export const test = base;
export { expect };

/**
 * Records every console error, page error (hydration mismatches included) and failed
 * same-origin request of a page; `expectNone()` fails the test with the list.
 * Browser tests of a page's journey start with it: a page test fails on any error, so a hydration
 * mismatch or a broken request is never passed over.
 */
export function watchErrors(page: Page): { errors: string[]; expectNone: () => void } {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.port === process.env.E2E_PORT && response.status() >= 500) errors.push(`http ${response.status()}: ${url.pathname}`);
  });
  return {
    errors,
    expectNone: () => expect(errors, errors.join("\n")).toEqual([]),
  };
}
