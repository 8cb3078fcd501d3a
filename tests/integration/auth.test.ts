import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RegisterSchema } from "~/features/auth/auth.schema";
import {
  changePassword,
  confirmEmailChange,
  registerUser,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  settleAccountWork,
  signIn,
  verifyEmail,
  type SignedIn,
} from "~/features/auth/auth.server";
import { isCommonPassword } from "~/features/auth/common-passwords";
import { hashPassword, verifyPassword } from "~/core/identity/password.server";
import { AppError } from "~/lib/app-error";
import { env } from "~/lib/env.server";
import { newId } from "~/lib/ids.server";
import { LIMITS, resetLimitersForTests } from "~/lib/rate-limit.server";
import { createSession, findSession, REMEMBER_ME_SECONDS, SESSION_SECONDS } from "~/lib/session.server";
import { makeUser as makeTestUser, type UserOptions } from "../support/factories";
import { latestMailTo, linkIn, readMails, tokenIn } from "../support/mail";
import { describeEachDialect } from "../setup/database";

const PASSWORD = "Correct-Horse-Battery-9";
let passwordHash = "";
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter % 250}-${Date.now()}`;
const uniqueEmail = (prefix = "user") => `${prefix}-${newId().slice(0, 8)}@example.com`;
const mailDir = () => env().dataDir;

/** The refusal a call throws: its status and i18n key (or "ok" when it did not refuse). */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.key}`;
    throw error;
  }
}

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

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
  const makeUser = (options: UserOptions = {}) => makeTestUser(db(), { passwordHash, fullName: "Test Person", ...options });
  // These accounts have no two-factor: a right password opens a session (two-factor.test.ts has the rest).
  const signInAs = async (email: string, password = PASSWORD, ip = freshIp()) =>
    (await signIn({ email, password, rememberMe: false }, { ip, kind: "cookie" })) as SignedIn;

  describe("registration", () => {
    it("creates a client in the visitor's language and e-mails a verification link in that language", async () => {
      const email = uniqueEmail("new");
      await registerUser({ fullName: "Amina Saleh", email: email.toUpperCase(), password: PASSWORD, locale: "fr" }, { ip: freshIp() });
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
      expect((await db().selectFrom("auditLog").select("action").where("targetId", "=", row.id).execute()).map((entry) => entry.action)).toContain(
        "auth.registered",
      );
    });

    it("the verification link leads back to the page the visitor registered for, never to another site", async () => {
      const booking = uniqueEmail("booking");
      await registerUser(
        { fullName: "Amina Saleh", email: booking, password: PASSWORD, redirectTo: "/client/appointments/new?service=notary" },
        { ip: freshIp() },
      );
      const link = new URL(linkIn(latestMailTo(mailDir(), booking)!, "/verify-email"));
      expect(link.searchParams.get("redirectTo")).toBe("/client/appointments/new?service=notary");
      const elsewhere = uniqueEmail("elsewhere");
      await registerUser({ fullName: "Amina Saleh", email: elsewhere, password: PASSWORD, redirectTo: "//evil.example/x" }, { ip: freshIp() });
      expect(new URL(linkIn(latestMailTo(mailDir(), elsewhere)!, "/verify-email")).searchParams.has("redirectTo")).toBe(false);
    });

    it("answers an address that has an account like a new one, and e-mails its owner in their language instead", async () => {
      const owner = await makeUser({ locale: "ar" });
      const before = await db().selectFrom("users").select("passwordHash").where("id", "=", owner.id).executeTakeFirstOrThrow();
      // The same (empty) answer as for a new address: nothing thrown, nothing returned.
      expect(
        await registerUser({ fullName: "Someone Else", email: owner.email.toUpperCase(), password: "Another-long-passphrase" }, { ip: freshIp() }),
      ).toBeUndefined();
      const mail = latestMailTo(mailDir(), owner.email)!;
      expect(mail.subject).toBe("حاول شخص ما إنشاء حساب ببريدك الإلكتروني");
      expect(mail.text).toContain("/forgot-password");
      // The account is untouched: same password, one row, no verification link.
      const after = await db().selectFrom("users").select(["passwordHash"]).where("email", "=", owner.email).execute();
      expect(after).toEqual([before]);
      expect(await db().selectFrom("verificationTokens").select("id").where("userId", "=", owner.id).execute()).toHaveLength(0);
      const audit = await db().selectFrom("auditLog").select("action").where("targetId", "=", owner.id).execute();
      expect(audit.map((entry) => entry.action)).toContain("auth.register_existing");
    });

    it("is rate limited per IP", async () => {
      const ip = freshIp();
      for (let i = 0; i < LIMITS["register:ip"].points; i++) {
        expect(await outcome(registerUser({ fullName: "Bulk", email: uniqueEmail("bulk"), password: PASSWORD }, { ip }))).toBe("ok");
      }
      expect(await outcome(registerUser({ fullName: "Bulk", email: uniqueEmail("bulk"), password: PASSWORD }, { ip }))).toBe("429 auth:errors.rateLimited");
    });

    it("is rate limited per address", async () => {
      const email = uniqueEmail("probe");
      for (let i = 0; i < LIMITS["register:account"].points; i++) {
        expect(await outcome(registerUser({ fullName: "Probe", email, password: PASSWORD }, { ip: freshIp() }))).toBe("ok");
      }
      expect(await outcome(registerUser({ fullName: "Probe", email, password: PASSWORD }, { ip: freshIp() }))).toBe("429 auth:errors.rateLimited");
    });
  });

  describe("sign-in", () => {
    it("answers unknown e-mail and wrong password alike, and audits both", async () => {
      const user = await makeUser();
      expect(await outcome(signInAs(user.email, "not-the-password"))).toBe("400 auth:errors.invalidCredentials");
      expect(await outcome(signInAs(uniqueEmail("ghost")))).toBe("400 auth:errors.invalidCredentials");
      const failures = await db().selectFrom("auditLog").select(["action", "targetId"]).where("action", "=", "auth.login_failed").execute();
      expect(failures.some((entry) => entry.targetId === user.id)).toBe(true);
    });

    it("opens a fresh session each time: 30 days with remember-me, 1 day without", async () => {
      const user = await makeUser();
      const short = (await signIn({ email: user.email, password: PASSWORD, rememberMe: false }, { ip: freshIp(), kind: "cookie" })) as SignedIn;
      const long = (await signIn({ email: user.email, password: PASSWORD, rememberMe: true }, { ip: freshIp(), kind: "token" })) as SignedIn;
      expect(short.session.token).not.toBe(long.session.token);
      expect(short.session.maxAge).toBe(SESSION_SECONDS);
      expect(long.session.maxAge).toBe(REMEMBER_ME_SECONDS);
      const lifetime = (expiresAt: string) => (Date.parse(expiresAt) - Date.now()) / 1000;
      expect(lifetime(short.session.expiresAt)).toBeGreaterThan(SESSION_SECONDS - 60);
      expect(lifetime(short.session.expiresAt)).toBeLessThanOrEqual(SESSION_SECONDS);
      expect(lifetime(long.session.expiresAt)).toBeGreaterThan(REMEMBER_ME_SECONDS - 60);
      const rows = await db().selectFrom("sessions").select(["id", "kind", "remember"]).where("userId", "=", user.id).orderBy("remember").execute();
      // The factory's own token session, then the two sign-ins.
      expect(rows.filter((row) => row.remember).map((row) => row.kind)).toEqual(["token"]);
      expect(rows.filter((row) => row.kind === "cookie").map((row) => row.remember)).toEqual([false]);
      // Only the hash of the secret is stored.
      expect(rows.map((row) => row.id)).not.toContain(short.session.token);
      expect(short.user).toMatchObject({ id: user.id, email: user.email, role: "client", emailVerified: true });
      expect(short.deviceCookie).toMatch(/^firm_device=[^;]+;.*Max-Age=31536000;.*HttpOnly; SameSite=Lax/);
      const success = await db().selectFrom("auditLog").select("action").where("targetId", "=", user.id).where("action", "=", "auth.login").execute();
      expect(success).toHaveLength(2);
    });

    it("lets unverified accounts in and keeps disabled ones out", async () => {
      const unverified = await makeUser({ verified: false });
      const disabled = await makeUser({ disabled: true });
      expect((await signInAs(unverified.email)).user.emailVerified).toBe(false);
      expect(await outcome(signInAs(disabled.email))).toBe("403 auth:errors.accountDisabled");
    });
  });

  describe("sessions", () => {
    it("forgets expired sessions and deletes their rows", async () => {
      const user = await makeUser();
      await db().deleteFrom("sessions").where("userId", "=", user.id).execute();
      const session = await createSession(user.id, { remember: false, kind: "cookie" });
      expect(await findSession(session.token)).not.toBeNull();
      await db()
        .updateTable("sessions")
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where("userId", "=", user.id)
        .execute();
      expect(await findSession(session.token)).toBeNull();
      expect(await db().selectFrom("sessions").select("id").where("userId", "=", user.id).execute()).toHaveLength(0);
      expect(await findSession("a-token-that-was-never-issued")).toBeNull();
    });

    it("sweeps the user's expired sessions at the next sign-in", async () => {
      const user = await makeUser();
      await db()
        .updateTable("sessions")
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where("userId", "=", user.id)
        .execute();
      await signInAs(user.email);
      const rows = await db().selectFrom("sessions").select("id").where("userId", "=", user.id).execute();
      expect(rows).toHaveLength(1);
      expect(await findSession(user.token)).toBeNull();
    });
  });

  describe("e-mail verification", () => {
    it("verifies once; a reused token is refused", async () => {
      const user = await makeUser({ verified: false });
      await resendVerification(user.email, { ip: freshIp() });
      await settleAccountWork();
      const token = tokenIn(latestMailTo(mailDir(), user.email)!, "/verify-email");
      expect(await verifyEmail(token)).toEqual({ userId: user.id });
      const row = await db().selectFrom("users").select("emailVerifiedAt").where("id", "=", user.id).executeTakeFirstOrThrow();
      expect(row.emailVerifiedAt).not.toBeNull();
      expect(await outcome(verifyEmail(token))).toBe("400 auth:errors.tokenInvalid");
    });

    it("refuses an expired token, and a new link replaces the old one", async () => {
      const user = await makeUser({ verified: false });
      await resendVerification(user.email, { ip: freshIp() });
      await settleAccountWork();
      const first = tokenIn(latestMailTo(mailDir(), user.email)!, "/verify-email");
      const stored = await db().selectFrom("verificationTokens").select(["expiresAt", "createdAt"]).where("userId", "=", user.id).executeTakeFirstOrThrow();
      const hours = (Date.parse(stored.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);

      await db()
        .updateTable("verificationTokens")
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where("userId", "=", user.id)
        .execute();
      expect(await outcome(verifyEmail(first))).toBe("400 auth:errors.tokenExpired");

      await resendVerification(user.email, { ip: freshIp() });
      await settleAccountWork();
      const second = tokenIn(latestMailTo(mailDir(), user.email)!, "/verify-email");
      expect(second).not.toBe(first);
      expect(await outcome(verifyEmail(first))).toBe("400 auth:errors.tokenInvalid");
      expect(await outcome(verifyEmail(second))).toBe("ok");
    });

    it("answers the same for unknown and verified addresses, sending nothing, and limits resends", async () => {
      const verified = await makeUser();
      const before = readMails(mailDir()).length;
      expect(await outcome(resendVerification(uniqueEmail("nobody"), { ip: freshIp() }))).toBe("ok");
      expect(await outcome(resendVerification(verified.email, { ip: freshIp() }))).toBe("ok");
      await settleAccountWork();
      expect(readMails(mailDir()).length).toBe(before);

      const unverified = await makeUser({ verified: false });
      for (let i = 0; i < LIMITS["resend:account"].points; i++) expect(await outcome(resendVerification(unverified.email, { ip: freshIp() }))).toBe("ok");
      expect(await outcome(resendVerification(unverified.email, { ip: freshIp() }))).toBe("429 auth:errors.rateLimited");
      await settleAccountWork();
    });
  });

  describe("password reset", () => {
    it("sends a 1-hour link in the recipient's language; the reset ends every other session and the link works once", async () => {
      const user = await makeUser({ locale: "ar" });
      const kept = await createSession(user.id, { remember: true, kind: "cookie" });
      const other = await createSession(user.id, { remember: false, kind: "token" });
      await requestPasswordReset(user.email, { ip: freshIp() });
      await settleAccountWork();
      const mail = latestMailTo(mailDir(), user.email)!;
      expect(mail.subject).toBe("إعادة تعيين كلمة المرور");
      const token = tokenIn(mail, "/reset-password");
      const stored = await db()
        .selectFrom("verificationTokens")
        .select("expiresAt")
        .where("userId", "=", user.id)
        .where("purpose", "=", "reset_password")
        .executeTakeFirstOrThrow();
      const minutes = (Date.parse(stored.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);

      const NEW = "A-brand-new-passphrase";
      // The factory's token session and `other` end; `kept` stays.
      expect(await resetPassword(token, NEW, { keepSessionToken: kept.token })).toEqual({ userId: user.id, endedSessions: 2 });
      expect(await findSession(kept.token)).not.toBeNull();
      expect(await findSession(other.token)).toBeNull();
      expect(await outcome(signInAs(user.email))).toBe("400 auth:errors.invalidCredentials");
      expect(await outcome(signInAs(user.email, NEW))).toBe("ok");
      expect(await outcome(resetPassword(token, "Yet-another-passphrase"))).toBe("400 auth:errors.tokenInvalid");
      const actions = (await db().selectFrom("auditLog").select("action").where("targetId", "=", user.id).execute()).map((entry) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(["auth.password_reset_requested", "auth.password_reset"]));
    });

    it("counts a reset as a verified address (the link proved it)", async () => {
      const user = await makeUser({ verified: false });
      await requestPasswordReset(user.email, { ip: freshIp() });
      await settleAccountWork();
      await resetPassword(tokenIn(latestMailTo(mailDir(), user.email)!, "/reset-password"), "A-brand-new-passphrase");
      expect((await signInAs(user.email, "A-brand-new-passphrase")).user.emailVerified).toBe(true);
    });

    it("refuses an expired link", async () => {
      const user = await makeUser();
      await requestPasswordReset(user.email, { ip: freshIp() });
      await settleAccountWork();
      const token = tokenIn(latestMailTo(mailDir(), user.email)!, "/reset-password");
      await db()
        .updateTable("verificationTokens")
        .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
        .where("userId", "=", user.id)
        .execute();
      expect(await outcome(resetPassword(token, "A-brand-new-passphrase"))).toBe("400 auth:errors.tokenExpired");
      expect(await outcome(signInAs(user.email))).toBe("ok");
    });

    it("does the same work before answering for an unknown address, sends nothing, and limits requests per account", async () => {
      const before = readMails(mailDir()).length;
      const unknown = uniqueEmail("nobody");
      expect(await outcome(requestPasswordReset(unknown, { ip: freshIp() }))).toBe("ok");
      await settleAccountWork();
      expect(readMails(mailDir()).length).toBe(before);
      // The answer's work is the same for both: a look-up and an audit entry; the link is made after the answer.
      const logged = await db().selectFrom("auditLog").select(["targetId", "meta"]).where("action", "=", "auth.password_reset_requested").execute();
      expect(logged.find((entry) => (entry.meta as { email?: string }).email === unknown)).toMatchObject({ targetId: null });

      const user = await makeUser();
      for (let i = 0; i < LIMITS["reset:account"].points; i++) expect(await outcome(requestPasswordReset(user.email, { ip: freshIp() }))).toBe("ok");
      expect(await outcome(requestPasswordReset(user.email, { ip: freshIp() }))).toBe("429 auth:errors.rateLimited");
      await settleAccountWork();
    });
  });

  describe("password and e-mail change", () => {
    it("changes the password only with the current one, ending the other sessions", async () => {
      const user = await makeUser();
      const mine = await createSession(user.id, { remember: false, kind: "cookie" });
      const elsewhere = await createSession(user.id, { remember: false, kind: "cookie" });
      expect(
        await outcome(changePassword(user.id, { currentPassword: "wrong-password-1", password: "Another-long-pass" }, { keepSessionToken: mine.token })),
      ).toBe("400 auth:errors.wrongPassword");
      expect(await outcome(changePassword(user.id, { currentPassword: PASSWORD, password: "Another-long-pass" }, { keepSessionToken: mine.token }))).toBe("ok");
      expect(await findSession(mine.token)).not.toBeNull();
      expect(await findSession(elsewhere.token)).toBeNull();
    });

    it("confirms a new address through a link sent to it and tells the old one", async () => {
      const user = await makeUser();
      const other = await makeUser();
      const ip = freshIp();
      expect(await outcome(requestEmailChange(user.id, { newEmail: other.email, currentPassword: PASSWORD }, { ip }))).toBe("400 auth:errors.emailTaken");
      expect(await outcome(requestEmailChange(user.id, { newEmail: user.email, currentPassword: PASSWORD }, { ip }))).toBe("400 auth:errors.emailSame");
      const newEmail = uniqueEmail("moved");
      expect(await outcome(requestEmailChange(user.id, { newEmail, currentPassword: "wrong-password-1" }, { ip }))).toBe("400 auth:errors.wrongPassword");
      expect(await outcome(requestEmailChange(user.id, { newEmail, currentPassword: PASSWORD }, { ip }))).toBe("ok");

      const notice = latestMailTo(mailDir(), user.email)!;
      expect(notice.subject).toBe("A change of e-mail address was requested");
      expect(notice.text).toContain(newEmail);
      const token = tokenIn(latestMailTo(mailDir(), newEmail)!, "/verify-email-change");
      // Nothing changes before the new address is confirmed.
      expect((await db().selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email).toBe(user.email);
      expect(await confirmEmailChange(token)).toEqual({ userId: user.id, email: newEmail });
      expect((await db().selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email).toBe(newEmail);
      expect(await outcome(confirmEmailChange(token))).toBe("400 auth:errors.tokenInvalid");
      // A token of one purpose is useless for another.
      expect(await outcome(verifyEmail(token))).toBe("400 auth:errors.tokenInvalid");
    });
  });
});
