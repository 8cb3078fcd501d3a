import { beforeEach, describe, expect, it } from "vitest";
import { RegisterSchema } from "~/features/auth/auth.schema";
import {
  changePassword,
  confirmEmailChange,
  registerUser,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signIn,
  verifyEmail,
} from "~/features/auth/auth.server";
import { isCommonPassword } from "~/features/auth/common-passwords";
import { hashPassword, verifyPassword } from "~/features/auth/password.server";
import { toJson, type DB } from "~/lib/db/connection.server";
import { env } from "~/lib/env.server";
import { newId } from "~/lib/ids.server";
import { LIMITS, resetLimitersForTests } from "~/lib/rate-limit.server";
import { createSession, findSession, REMEMBER_ME_SECONDS, SESSION_SECONDS } from "~/lib/session.server";
import { latestMailTo, readMails, tokenIn } from "../support/mail";
import { describeEachDialect } from "../setup/database";

const PASSWORD = "Correct-Horse-Battery-9";
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter % 250}-${Date.now()}`;
const uniqueEmail = (prefix = "user") => `${prefix}-${newId().slice(0, 8)}@example.com`;
const mailDir = () => env().dataDir;

async function makeUser(db: () => DB, overrides: { role?: string; verified?: boolean; locale?: string; disabled?: boolean } = {}) {
  const id = newId();
  const email = uniqueEmail(overrides.role ?? "client");
  await db()
    .insertInto("users")
    .values({
      id,
      email,
      passwordHash: await hashPassword(PASSWORD),
      role: overrides.role ?? "client",
      fullName: "Test Person",
      locale: overrides.locale ?? "en",
      enabledFeatures: toJson([]),
      emailVerifiedAt: overrides.verified === false ? null : new Date().toISOString(),
      disabledAt: overrides.disabled ? new Date().toISOString() : null,
    })
    .execute();
  return { id, email };
}

describe("password rules", () => {
  it("refuses short and common passwords and accepts a long uncommon one", () => {
    const base = { fullName: "A", email: "a@example.com", confirmPassword: "" };
    const check = (password: string) => RegisterSchema.safeParse({ ...base, password, confirmPassword: password });
    expect(check("short-9").success).toBe(false);
    expect(isCommonPassword("qwertyuiop")).toBe(true);
    expect(isCommonPassword("QwertyUIOP")).toBe(true);
    const common = check("1234567890");
    expect(common.success).toBe(false);
    expect(common.error?.issues[0]?.message).toBe("auth:errors.passwordTooCommon");
    expect(check("a-quiet-harbour-at-dawn").success).toBe(true);
    const mismatch = RegisterSchema.safeParse({ ...base, password: "a-quiet-harbour-at-dawn", confirmPassword: "something-else-1" });
    expect(mismatch.error?.issues[0]?.path).toEqual(["confirmPassword"]);
  });

  it("hashes with argon2id", async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, PASSWORD)).toBe(true);
    expect(await verifyPassword(hash, "wrong-password-1")).toBe(false);
  });
});

describeEachDialect("accounts", (db) => {
  beforeEach(() => resetLimitersForTests());

  describe("registration", () => {
    it("creates a client in the visitor's language and e-mails a verification link in that language", async () => {
      const email = uniqueEmail("new");
      const result = await registerUser({ fullName: "Amina Saleh", email: email.toUpperCase(), password: PASSWORD, locale: "fr" }, { ip: freshIp() });
      expect(result.ok).toBe(true);
      const row = await db().selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
      expect(row.role).toBe("client");
      expect(row.locale).toBe("fr");
      expect(row.emailVerifiedAt).toBeNull();
      expect(row.passwordHash).not.toContain(PASSWORD);
      expect(row.enabledFeatures).toEqual(["service_orders", "appointments", "reports"]);
      const mail = latestMailTo(mailDir(), email)!;
      expect(mail.subject).toBe("Vérifiez votre adresse e-mail");
      expect(tokenIn(mail, "/verify-email")).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      // The token is stored hashed, never as sent.
      const stored = await db().selectFrom("verificationTokens").select("tokenHash").where("userId", "=", row.id).execute();
      expect(stored.map((token) => token.tokenHash)).not.toContain(tokenIn(mail, "/verify-email"));

      const again = await registerUser({ fullName: "Someone Else", email, password: PASSWORD }, { ip: freshIp() });
      expect(again).toEqual({ ok: false, reason: "email_taken" });
      expect((await db().selectFrom("auditLog").select("action").where("targetId", "=", row.id).execute()).map((entry) => entry.action)).toContain("auth.registered");
    });

    it("is rate limited per IP", async () => {
      const ip = freshIp();
      for (let i = 0; i < LIMITS["register:ip"].points; i++) {
        const result = await registerUser({ fullName: "Bulk", email: uniqueEmail("bulk"), password: PASSWORD }, { ip });
        expect(result.ok).toBe(true);
      }
      const blocked = await registerUser({ fullName: "Bulk", email: uniqueEmail("bulk"), password: PASSWORD }, { ip });
      expect(blocked.ok).toBe(false);
      expect(!blocked.ok && blocked.reason).toBe("rate_limited");
    });

    it("is rate limited per address", async () => {
      const email = uniqueEmail("probe");
      for (let i = 0; i < LIMITS["register:account"].points; i++) {
        const result = await registerUser({ fullName: "Probe", email, password: PASSWORD }, { ip: freshIp() });
        expect(result.ok || (!result.ok && result.reason === "email_taken")).toBe(true);
      }
      const blocked = await registerUser({ fullName: "Probe", email, password: PASSWORD }, { ip: freshIp() });
      expect(!blocked.ok && blocked.reason).toBe("rate_limited");
    });
  });

  describe("sign-in", () => {
    it("answers unknown e-mail and wrong password alike, and audits both", async () => {
      const user = await makeUser(db);
      const wrong = await signIn({ email: user.email, password: "not-the-password", rememberMe: false }, { ip: freshIp(), kind: "cookie" });
      const unknown = await signIn({ email: uniqueEmail("ghost"), password: PASSWORD, rememberMe: false }, { ip: freshIp(), kind: "cookie" });
      expect(wrong).toEqual({ ok: false, reason: "invalid" });
      expect(unknown).toEqual({ ok: false, reason: "invalid" });
      const failures = await db().selectFrom("auditLog").select(["action", "targetId"]).where("action", "=", "auth.login_failed").execute();
      expect(failures.some((entry) => entry.targetId === user.id)).toBe(true);
    });

    it("opens a fresh session each time: 30 days with remember-me, 1 day without", async () => {
      const user = await makeUser(db);
      const short = await signIn({ email: user.email, password: PASSWORD, rememberMe: false }, { ip: freshIp(), kind: "cookie" });
      const long = await signIn({ email: user.email, password: PASSWORD, rememberMe: true }, { ip: freshIp(), kind: "token" });
      if (!short.ok || !long.ok) throw new Error("sign-in failed");
      expect(short.session.token).not.toBe(long.session.token);
      expect(short.session.maxAge).toBe(SESSION_SECONDS);
      expect(long.session.maxAge).toBe(REMEMBER_ME_SECONDS);
      const lifetime = (expiresAt: string) => (Date.parse(expiresAt) - Date.now()) / 1000;
      expect(lifetime(short.session.expiresAt)).toBeGreaterThan(SESSION_SECONDS - 60);
      expect(lifetime(short.session.expiresAt)).toBeLessThanOrEqual(SESSION_SECONDS);
      expect(lifetime(long.session.expiresAt)).toBeGreaterThan(REMEMBER_ME_SECONDS - 60);
      const rows = await db().selectFrom("sessions").select(["id", "kind", "remember"]).where("userId", "=", user.id).orderBy("remember").execute();
      expect(rows.map((row) => [row.kind, row.remember])).toEqual([
        ["cookie", false],
        ["token", true],
      ]);
      // Only the hash of the secret is stored.
      expect(rows.map((row) => row.id)).not.toContain(short.session.token);
      expect(short.user).toMatchObject({ id: user.id, email: user.email, role: "client", emailVerified: true });
      const success = await db().selectFrom("auditLog").select("action").where("targetId", "=", user.id).where("action", "=", "auth.login").execute();
      expect(success).toHaveLength(2);
    });

    it("lets unverified accounts in and keeps disabled ones out", async () => {
      const unverified = await makeUser(db, { verified: false });
      const disabled = await makeUser(db, { disabled: true });
      const a = await signIn({ email: unverified.email, password: PASSWORD, rememberMe: false }, { ip: freshIp(), kind: "cookie" });
      expect(a.ok && a.user.emailVerified).toBe(false);
      expect(await signIn({ email: disabled.email, password: PASSWORD, rememberMe: false }, { ip: freshIp(), kind: "cookie" })).toEqual({ ok: false, reason: "disabled" });
    });

    it("limits failed attempts per account, and a success clears the count", async () => {
      const user = await makeUser(db);
      const attempt = (password: string) => signIn({ email: user.email, password, rememberMe: false }, { ip: freshIp(), kind: "cookie" });
      const points = LIMITS["login:account"].points;
      for (let i = 0; i < points - 1; i++) expect((await attempt("wrong-password-x")).ok).toBe(false);
      expect((await attempt(PASSWORD)).ok).toBe(true); // the success resets the failures
      for (let i = 0; i < points; i++) expect(await attempt("wrong-password-x")).toEqual({ ok: false, reason: "invalid" });
      const blocked = await attempt(PASSWORD); // even the right password waits now
      expect(blocked.ok).toBe(false);
      expect(!blocked.ok && blocked.reason).toBe("rate_limited");
    });

    it("limits every attempt per IP", async () => {
      const user = await makeUser(db);
      const ip = freshIp();
      for (let i = 0; i < LIMITS["login:ip"].points; i++) {
        await signIn({ email: i % 2 ? user.email : uniqueEmail("spray"), password: i % 2 ? PASSWORD : "nope-nope-nope", rememberMe: false }, { ip, kind: "cookie" });
      }
      const blocked = await signIn({ email: user.email, password: PASSWORD, rememberMe: false }, { ip, kind: "cookie" });
      expect(!blocked.ok && blocked.reason).toBe("rate_limited");
    });
  });

  describe("sessions", () => {
    it("forgets expired sessions and deletes their rows", async () => {
      const user = await makeUser(db);
      const session = await createSession(user.id, { remember: false, kind: "cookie" });
      expect(await findSession(session.token)).not.toBeNull();
      await db().updateTable("sessions").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("userId", "=", user.id).execute();
      expect(await findSession(session.token)).toBeNull();
      expect(await db().selectFrom("sessions").select("id").where("userId", "=", user.id).execute()).toHaveLength(0);
      expect(await findSession("a-token-that-was-never-issued")).toBeNull();
    });

    it("sweeps the user's expired sessions at the next sign-in", async () => {
      const user = await makeUser(db);
      const stale = await createSession(user.id, { remember: false, kind: "token" });
      await db().updateTable("sessions").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("userId", "=", user.id).execute();
      const fresh = await signIn({ email: user.email, password: PASSWORD, rememberMe: false }, { ip: freshIp(), kind: "cookie" });
      expect(fresh.ok).toBe(true);
      const rows = await db().selectFrom("sessions").select("id").where("userId", "=", user.id).execute();
      expect(rows).toHaveLength(1);
      expect(await findSession(stale.token)).toBeNull();
    });
  });

  describe("e-mail verification", () => {
    it("verifies once; a reused token is refused", async () => {
      const user = await makeUser(db, { verified: false });
      expect((await resendVerification(user.email, { ip: freshIp() })).ok).toBe(true);
      const token = tokenIn(latestMailTo(mailDir(), user.email)!, "/verify-email");
      expect(await verifyEmail(token)).toEqual({ ok: true, userId: user.id });
      const row = await db().selectFrom("users").select("emailVerifiedAt").where("id", "=", user.id).executeTakeFirstOrThrow();
      expect(row.emailVerifiedAt).not.toBeNull();
      expect(await verifyEmail(token)).toEqual({ ok: false, reason: "invalid" });
    });

    it("refuses an expired token, and a new link replaces the old one", async () => {
      const user = await makeUser(db, { verified: false });
      await resendVerification(user.email, { ip: freshIp() });
      const first = tokenIn(latestMailTo(mailDir(), user.email)!, "/verify-email");
      const stored = await db().selectFrom("verificationTokens").select(["expiresAt", "createdAt"]).where("userId", "=", user.id).executeTakeFirstOrThrow();
      const hours = (Date.parse(stored.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);

      await db().updateTable("verificationTokens").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("userId", "=", user.id).execute();
      expect(await verifyEmail(first)).toEqual({ ok: false, reason: "expired" });

      await resendVerification(user.email, { ip: freshIp() });
      const second = tokenIn(latestMailTo(mailDir(), user.email)!, "/verify-email");
      expect(second).not.toBe(first);
      expect(await verifyEmail(first)).toEqual({ ok: false, reason: "invalid" });
      expect((await verifyEmail(second)).ok).toBe(true);
    });

    it("answers the same for unknown and verified addresses, sending nothing, and limits resends", async () => {
      const verified = await makeUser(db);
      const before = readMails(mailDir()).length;
      expect(await resendVerification(uniqueEmail("nobody"), { ip: freshIp() })).toEqual({ ok: true });
      expect(await resendVerification(verified.email, { ip: freshIp() })).toEqual({ ok: true });
      expect(readMails(mailDir()).length).toBe(before);

      const unverified = await makeUser(db, { verified: false });
      for (let i = 0; i < LIMITS["resend:account"].points; i++) expect((await resendVerification(unverified.email, { ip: freshIp() })).ok).toBe(true);
      const blocked = await resendVerification(unverified.email, { ip: freshIp() });
      expect(!blocked.ok && blocked.reason).toBe("rate_limited");
    });
  });

  describe("password reset", () => {
    it("sends a 1-hour link in the recipient's language; the reset ends every other session and the link works once", async () => {
      const user = await makeUser(db, { locale: "ar" });
      const kept = await createSession(user.id, { remember: true, kind: "cookie" });
      const other = await createSession(user.id, { remember: false, kind: "token" });
      expect(await requestPasswordReset(user.email, { ip: freshIp() })).toEqual({ ok: true });
      const mail = latestMailTo(mailDir(), user.email)!;
      expect(mail.subject).toBe("إعادة تعيين كلمة المرور");
      const token = tokenIn(mail, "/reset-password");
      const stored = await db().selectFrom("verificationTokens").select("expiresAt").where("userId", "=", user.id).where("purpose", "=", "reset_password").executeTakeFirstOrThrow();
      const minutes = (Date.parse(stored.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);

      const NEW = "A-brand-new-passphrase";
      const result = await resetPassword(token, NEW, { keepSessionToken: kept.token });
      expect(result).toMatchObject({ ok: true, userId: user.id, endedSessions: 1 });
      expect(await findSession(kept.token)).not.toBeNull();
      expect(await findSession(other.token)).toBeNull();
      expect((await signIn({ email: user.email, password: PASSWORD, rememberMe: false }, { ip: freshIp(), kind: "cookie" })).ok).toBe(false);
      expect((await signIn({ email: user.email, password: NEW, rememberMe: false }, { ip: freshIp(), kind: "cookie" })).ok).toBe(true);
      expect(await resetPassword(token, "Yet-another-passphrase")).toEqual({ ok: false, reason: "invalid" });
      const actions = (await db().selectFrom("auditLog").select("action").where("targetId", "=", user.id).execute()).map((entry) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(["auth.password_reset_requested", "auth.password_reset"]));
    });

    it("refuses an expired link", async () => {
      const user = await makeUser(db);
      await requestPasswordReset(user.email, { ip: freshIp() });
      const token = tokenIn(latestMailTo(mailDir(), user.email)!, "/reset-password");
      await db().updateTable("verificationTokens").set({ expiresAt: new Date(Date.now() - 1).toISOString() }).where("userId", "=", user.id).execute();
      expect(await resetPassword(token, "A-brand-new-passphrase")).toEqual({ ok: false, reason: "expired" });
      expect((await signIn({ email: user.email, password: PASSWORD, rememberMe: false }, { ip: freshIp(), kind: "cookie" })).ok).toBe(true);
    });

    it("answers the same for an unknown address and sends nothing; limits requests per account", async () => {
      const before = readMails(mailDir()).length;
      expect(await requestPasswordReset(uniqueEmail("nobody"), { ip: freshIp() })).toEqual({ ok: true });
      expect(readMails(mailDir()).length).toBe(before);
      const user = await makeUser(db);
      for (let i = 0; i < LIMITS["reset:account"].points; i++) expect((await requestPasswordReset(user.email, { ip: freshIp() })).ok).toBe(true);
      const blocked = await requestPasswordReset(user.email, { ip: freshIp() });
      expect(!blocked.ok && blocked.reason).toBe("rate_limited");
    });
  });

  describe("password and e-mail change", () => {
    it("changes the password only with the current one, ending the other sessions", async () => {
      const user = await makeUser(db);
      const mine = await createSession(user.id, { remember: false, kind: "cookie" });
      const elsewhere = await createSession(user.id, { remember: false, kind: "cookie" });
      expect(await changePassword(user.id, { currentPassword: "wrong-password-1", password: "Another-long-pass" }, { keepSessionToken: mine.token })).toEqual({
        ok: false,
        reason: "wrong_password",
      });
      expect(await changePassword(user.id, { currentPassword: PASSWORD, password: "Another-long-pass" }, { keepSessionToken: mine.token })).toEqual({ ok: true });
      expect(await findSession(mine.token)).not.toBeNull();
      expect(await findSession(elsewhere.token)).toBeNull();
    });

    it("confirms a new address through a link sent to it and tells the old one", async () => {
      const user = await makeUser(db);
      const other = await makeUser(db);
      const ip = freshIp();
      expect(await requestEmailChange(user.id, { newEmail: other.email, currentPassword: PASSWORD }, { ip })).toEqual({ ok: false, reason: "email_taken" });
      expect(await requestEmailChange(user.id, { newEmail: user.email, currentPassword: PASSWORD }, { ip })).toEqual({ ok: false, reason: "same_email" });
      const newEmail = uniqueEmail("moved");
      expect(await requestEmailChange(user.id, { newEmail, currentPassword: "wrong-password-1" }, { ip })).toEqual({ ok: false, reason: "wrong_password" });
      expect(await requestEmailChange(user.id, { newEmail, currentPassword: PASSWORD }, { ip })).toEqual({ ok: true });

      const notice = latestMailTo(mailDir(), user.email)!;
      expect(notice.subject).toBe("A change of e-mail address was requested");
      expect(notice.text).toContain(newEmail);
      const token = tokenIn(latestMailTo(mailDir(), newEmail)!, "/verify-email-change");
      // Nothing changes before the new address is confirmed.
      expect((await db().selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email).toBe(user.email);
      expect(await confirmEmailChange(token)).toEqual({ ok: true, userId: user.id, email: newEmail });
      expect((await db().selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email).toBe(newEmail);
      expect(await confirmEmailChange(token)).toEqual({ ok: false, reason: "invalid" });
      // A token of one purpose is useless for another.
      expect(await verifyEmail(token)).toEqual({ ok: false, reason: "invalid" });
    });
  });
});
