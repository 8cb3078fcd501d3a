import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settleAccountWork } from "~/features/auth/auth.server";
import { hashPassword } from "~/core/identity/password.server";
import { requireAdmin, requireFeature, requireGuest, requireOwner, requireUser } from "~/core/identity/guards.server";
import { env } from "~/lib/env.server";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { newId } from "~/lib/ids.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import { commitSessionCookie, createSession } from "~/lib/session.server";
import * as forgotRoute from "~/routes/api+/auth.forgot-password";
import * as loginRoute from "~/routes/api+/auth.login";
import * as logoutRoute from "~/routes/api+/auth.logout";
import * as meRoute from "~/routes/api+/auth.me";
import * as registerRoute from "~/routes/api+/auth.register";
import * as resendRoute from "~/routes/api+/auth.resend-verification";
import * as resetRoute from "~/routes/api+/auth.reset-password";
import * as verifyRoute from "~/routes/api+/auth.verify-email";
import * as profileRoute from "~/routes/api+/profile.me";
import * as loginPage from "~/routes/_auth+/login";
import * as forgotPage from "~/routes/_auth+/forgot-password";
import * as registerPage from "~/routes/_auth+/register";
import * as logoutResource from "~/routes/resources+/logout";
import { call, callJson, type CallOptions } from "../support/api";
import { makeUser as makeTestUser, type UserOptions } from "../support/factories";
import { latestMailTo, tokenIn } from "../support/mail";
import { describeEachDialect } from "../setup/database";

const PASSWORD = "Correct-Horse-Battery-9";
const BASE = "http://localhost:3000";
let passwordHash = "";
let counter = 0;
const ip = () => `198.51.100.${++counter % 250}:${newId().slice(0, 6)}`;
type Handler = Parameters<typeof call>[0];

/** An API call from a fresh address (the sign-in limits count per address). */
function api(handler: Handler, options: CallOptions) {
  return callJson<{ message?: string } & Record<string, unknown>>(handler, { ...options, headers: { "x-client-ip": ip(), ...options.headers } });
}

/** The text of a message key in a language, as the API must answer it. */
async function text(language: "en" | "fr" | "ar", key: string, params?: Record<string, unknown>): Promise<string> {
  return String((await getFixedT(language))(key, params));
}

/** The same call in French and in Arabic (Accept-Language) answers `key` in that language, not in English. */
async function expectTranslated(handler: Handler, options: () => CallOptions | Promise<CallOptions>, status: number, key: string): Promise<void> {
  const english = await text("en", key);
  for (const language of ["fr", "ar"] as const) {
    const base = await options();
    const { status: got, body } = await api(handler, { ...base, headers: { ...base.headers, "accept-language": `${language},en;q=0.5` } });
    expect([got, body.message], `${language} ${key}`).toEqual([status, await text(language, key)]);
    expect(body.message).not.toBe(english);
  }
}

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

describeEachDialect("auth API and guards", (db) => {
  beforeEach(() => resetLimitersForTests());
  const makeUser = (options: UserOptions = {}) => makeTestUser(db(), { passwordHash, fullName: "A client", ...options });
  const login = (body: unknown, headers: Record<string, string> = {}) => api(loginRoute.action, { path: "/api/auth/login", method: "POST", body, headers });

  describe("POST /api/auth/login", () => {
    it("answers { token, user } and the token is a bearer session for /api/auth/me", async () => {
      const user = await makeUser({ features: [] });
      const { status, body, response } = await login({ email: user.email, password: PASSWORD, rememberMe: true });
      expect(status).toBe(200);
      expect(body.user).toEqual({
        id: user.id,
        email: user.email,
        role: "client",
        fullName: "A client",
        avatarUrl: null,
        enabledFeatures: [],
        emailVerified: true,
        locale: "en",
      });
      expect(body.message).toBe("Login successful");
      expect(response.headers.get("set-cookie")).toMatch(/^firm_device=/);
      const token = body.token as string;
      const session = await db()
        .selectFrom("sessions")
        .select(["kind", "remember"])
        .where("userId", "=", user.id)
        .where("remember", "=", true)
        .executeTakeFirstOrThrow();
      expect(session).toEqual({ kind: "token", remember: true });

      const me = await api(meRoute.loader, { path: "/api/auth/me", as: { token } });
      expect(me.status).toBe(200);
      expect(me.body).toEqual(body.user);
      const profile = await api(profileRoute.loader, { path: "/api/profile/me", as: { token } });
      expect(profile.body).toEqual({ profile: { fullName: "A client", avatarUrl: null, phone: null, postalAddress: null } });
    });

    it("answers 400 'Invalid credentials' for a wrong password and for an unknown address alike, in the caller's language", async () => {
      const user = await makeUser();
      const wrong = await login({ email: user.email, password: "not-it-at-all" });
      const unknown = await login({ email: "nobody-here@example.com", password: PASSWORD });
      expect([wrong.status, unknown.status]).toEqual([400, 400]);
      expect(wrong.body).toEqual({ message: "Invalid credentials" });
      expect(unknown.body).toEqual({ message: "Invalid credentials" });
      await expectTranslated(
        loginRoute.action,
        () => ({ path: "/api/auth/login", method: "POST", body: { email: "nobody-here@example.com", password: PASSWORD } }),
        400,
        "auth:errors.invalidCredentials",
      );
      await expectTranslated(
        loginRoute.action,
        () => ({ path: "/api/auth/login", method: "POST", body: { email: user.email, password: PASSWORD } }),
        200,
        "auth:toast.loginSuccess",
      );
    });

    it("answers 405 to a wrong method and 400 to a bad body", async () => {
      const get = await api(loginRoute.loader, { path: "/api/auth/login" });
      expect(get.status).toBe(405);
      expect(get.body.message).toMatch(/^Method not allowed/);
      expect(get.response.headers.get("allow")).toBe("POST");
      expect((await api(loginRoute.action, { path: "/api/auth/login", method: "PUT", body: {} })).status).toBe(405);
      await expectTranslated(loginRoute.action, () => ({ path: "/api/auth/login", method: "DELETE" }), 405, "common:api.methodNotAllowed");
      const bad = await login({ email: "not-an-email" });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toEqual(expect.any(String));
      const broken = await call(loginRoute.action, {
        path: "/api/auth/login",
        method: "POST",
        body: new URLSearchParams(),
        headers: { "content-type": "application/json", "x-client-ip": ip() },
      });
      expect(broken.status).toBe(400);
    });

    it("refuses a disabled account with 403", async () => {
      const user = await makeUser({ disabled: true });
      const refused = await login({ email: user.email, password: PASSWORD });
      expect(refused.status).toBe(403);
      await expectTranslated(
        loginRoute.action,
        () => ({ path: "/api/auth/login", method: "POST", body: { email: user.email, password: PASSWORD } }),
        403,
        "auth:errors.accountDisabled",
      );
    });
  });

  describe("tokens", () => {
    it("answers 401 { message } for a missing, unknown, expired or revoked token", async () => {
      const missing = await api(meRoute.loader, { path: "/api/auth/me" });
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ message: "Authentication required" });
      await expectTranslated(meRoute.loader, () => ({ path: "/api/auth/me" }), 401, "common:api.authRequired");
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: { token: "made-up-token" } })).status).toBe(401);

      const user = await makeUser();
      await db()
        .updateTable("sessions")
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where("userId", "=", user.id)
        .execute();
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: user })).status).toBe(401);

      const live = await createSession(user.id, { remember: false, kind: "token" });
      const out = await api(logoutRoute.action, { path: "/api/auth/logout", method: "POST", as: live });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: "Logged out successfully" });
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: live })).status).toBe(401);
      expect((await api(logoutRoute.action, { path: "/api/auth/logout", method: "POST", as: live })).status).toBe(401);
      await expectTranslated(
        logoutRoute.action,
        async () => ({ path: "/api/auth/logout", method: "POST", as: await createSession(user.id, { remember: false, kind: "token" }) }),
        200,
        "auth:toast.logoutSuccess",
      );
    });

    it("disabling an account revokes its tokens at once", async () => {
      const user = await makeUser();
      await db().updateTable("users").set({ disabledAt: new Date().toISOString() }).where("id", "=", user.id).execute();
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: user })).status).toBe(401);
    });
  });

  describe("PATCH /api/auth/me and GET /api/profile/me", () => {
    it("updates fullName and locale, removes the avatar with null, and refuses other fields", async () => {
      const user = await makeUser();
      const changed = await api(meRoute.action, {
        path: "/api/auth/me",
        method: "PATCH",
        as: user,
        body: { fullName: "New Name", avatarUrl: null, locale: "ar" },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ fullName: "New Name", avatarUrl: null, locale: "ar" });
      const sneaky = await api(meRoute.action, { path: "/api/auth/me", method: "PATCH", as: user, body: { role: "owner" } });
      expect(sneaky.status).toBe(400);
      expect((await db().selectFrom("users").select("role").where("id", "=", user.id).executeTakeFirstOrThrow()).role).toBe("client");
      // An outside address is no avatar: the pages' CSP would refuse it, and it would tell another site who looks.
      await expectTranslated(
        meRoute.action,
        () => ({ path: "/api/auth/me", method: "PATCH", as: user, body: { avatarUrl: "https://example.com/a.png" } }),
        400,
        "users:errors.avatarUrlInvalid",
      );
      expect((await api(meRoute.action, { path: "/api/auth/me", method: "DELETE", as: user })).status).toBe(405);
      // The user's saved language answers when the request names none.
      const french = await makeUser({ locale: "fr" });
      const refused = await callJson<{ message: string }>(meRoute.action, {
        path: "/api/auth/me",
        method: "PATCH",
        as: french,
        body: { role: "owner" },
        headers: { "x-client-ip": ip() },
      });
      expect(refused.body.message).toBe(await text("fr", "common:validation.unknownField"));
    });

    it("keeps a phone and a postal address: checked, shown by /api/profile/me, cleared with null or an empty text", async () => {
      const user = await makeUser();
      const profile = async () => (await api(profileRoute.loader, { path: "/api/profile/me", as: user })).body.profile;
      const patch = (body: Record<string, unknown>) => api(meRoute.action, { path: "/api/auth/me", method: "PATCH", as: user, body });
      expect((await patch({ phone: " +33 (1) 42-68-53-00 ", postalAddress: " 12 rue de la Paix\n\n75002 Paris \nFrance" })).status).toBe(200);
      expect(await profile()).toMatchObject({ phone: "+33 (1) 42-68-53-00", postalAddress: "12 rue de la Paix\n75002 Paris\nFrance" });
      // Refused with the field's name and the message in the caller's language.
      const refused = async (body: Record<string, unknown>, language: "en" | "ar" | "fr") =>
        (await api(meRoute.action, { path: "/api/auth/me", method: "PATCH", as: user, body, headers: { "accept-language": language } })).body;
      expect(await refused({ phone: "call me at noon" }, "ar")).toMatchObject({ message: `phone: ${await text("ar", "auth:errors.phoneInvalid")}` });
      expect(await refused({ phone: "+1 555" }, "en")).toMatchObject({ message: `phone: ${await text("en", "auth:errors.phoneInvalid")}` });
      const sevenLines = Array.from({ length: 7 }, (_, i) => `Line ${i}`).join("\n");
      expect(await refused({ postalAddress: sevenLines }, "fr")).toMatchObject({ message: `postalAddress: ${await text("fr", "auth:errors.addressTooLong")}` });
      // A refused change keeps what was saved.
      expect(await profile()).toMatchObject({ phone: "+33 (1) 42-68-53-00" });
      expect((await patch({ phone: null, postalAddress: "" })).status).toBe(200);
      expect(await profile()).toMatchObject({ phone: null, postalAddress: null });
    });

    it("answers /api/profile/me's refusals in the caller's language", async () => {
      await expectTranslated(profileRoute.loader, () => ({ path: "/api/profile/me" }), 401, "common:api.authRequired");
      const user = await makeUser();
      await expectTranslated(profileRoute.action, () => ({ path: "/api/profile/me", method: "POST", as: user, body: {} }), 405, "common:api.methodNotAllowed");
    });
  });

  describe("register, verify, forgot and reset through the API", () => {
    it("runs the whole account life cycle", async () => {
      const email = `api-${newId().slice(0, 8)}@example.com`;
      const register = (body: Record<string, unknown>) => api(registerRoute.action, { path: "/api/auth/register", method: "POST", body });
      expect((await register({ fullName: "Api User", email, password: "password123" })).status).toBe(400);
      const created = await register({ fullName: "Api User", email, password: PASSWORD, locale: "fr" });
      expect(created.status).toBe(202);
      expect(created.body).toEqual({ message: await text("en", "auth:register.sent") });
      // An address that has an account gets exactly the same answer; its owner gets an e-mail instead.
      const duplicate = await register({ fullName: "Api User", email, password: "Some-other-passphrase" });
      expect([duplicate.status, duplicate.body]).toEqual([created.status, created.body]);
      expect(latestMailTo(env().dataDir, email)?.subject).toBe("Quelqu’un a tenté de créer un compte avec votre adresse");

      const signedIn = await login({ email, password: PASSWORD });
      expect(signedIn.body.user).toMatchObject({ email, role: "client", emailVerified: false, locale: "fr" });
      const token = signedIn.body.token as string;

      // Resend with the bearer token only; the newest link is the one that works.
      expect((await api(resendRoute.action, { path: "/api/auth/resend-verification", method: "POST", as: { token }, body: {} })).status).toBe(200);
      await settleAccountWork();
      const verifyToken = tokenIn(latestMailTo(env().dataDir, email)!, "/verify-email");
      expect((await api(verifyRoute.action, { path: "/api/auth/verify-email", method: "POST", body: { token: verifyToken } })).status).toBe(200);
      const reused = await api(verifyRoute.action, { path: "/api/auth/verify-email", method: "POST", body: { token: verifyToken } });
      expect(reused.status).toBe(400);
      expect(reused.body).toEqual({ message: "This link is invalid or has already been used." });
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: { token } })).body).toMatchObject({ emailVerified: true });

      const forgotKnown = await api(forgotRoute.action, { path: "/api/auth/forgot-password", method: "POST", body: { email } });
      const forgotUnknown = await api(forgotRoute.action, { path: "/api/auth/forgot-password", method: "POST", body: { email: "nobody-at-all@example.com" } });
      expect(forgotKnown.status).toBe(200);
      expect(forgotKnown.body).toEqual(forgotUnknown.body);
      await settleAccountWork();
      const resetToken = tokenIn(latestMailTo(env().dataDir, email)!, "/reset-password");
      const reset = await api(resetRoute.action, {
        path: "/api/auth/reset-password",
        method: "POST",
        body: { token: resetToken, password: "A-fresh-long-passphrase" },
      });
      expect(reset.body).toEqual({ message: "Your password has been reset" });
      // The reset signed out every session, the API token included.
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: { token } })).status).toBe(401);
      expect(
        (await api(resetRoute.action, { path: "/api/auth/reset-password", method: "POST", body: { token: resetToken, password: "Another-long-passphrase" } }))
          .status,
      ).toBe(400);
      expect((await login({ email, password: "A-fresh-long-passphrase" })).status).toBe(200);
    });

    it("answers each of them in French and Arabic", async () => {
      const user = await makeUser();
      const register = () => ({
        path: "/api/auth/register",
        method: "POST",
        body: { fullName: "Api User", email: `t-${newId().slice(0, 8)}@example.com`, password: PASSWORD },
      });
      await expectTranslated(registerRoute.action, register, 202, "auth:register.sent");
      await expectTranslated(
        registerRoute.action,
        () => ({ path: "/api/auth/register", method: "POST", body: { fullName: "Api User", email: user.email, password: PASSWORD } }),
        202,
        "auth:register.sent",
      );
      await expectTranslated(
        forgotRoute.action,
        () => ({ path: "/api/auth/forgot-password", method: "POST", body: { email: `nobody-${newId().slice(0, 6)}@example.com` } }),
        200,
        "auth:toast.resetSent",
      );
      await expectTranslated(
        resendRoute.action,
        () => ({ path: "/api/auth/resend-verification", method: "POST", body: { email: `nobody-${newId().slice(0, 6)}@example.com` } }),
        200,
        "auth:toast.verificationSent",
      );
      await expectTranslated(resendRoute.action, () => ({ path: "/api/auth/resend-verification", method: "POST", body: {} }), 400, "auth:errors.emailRequired");
      await expectTranslated(
        verifyRoute.action,
        () => ({ path: "/api/auth/verify-email", method: "POST", body: { token: "a-token-that-was-never-issued" } }),
        400,
        "auth:errors.tokenInvalid",
      );
      await expectTranslated(
        resetRoute.action,
        () => ({ path: "/api/auth/reset-password", method: "POST", body: { token: "a-token-that-was-never-issued", password: PASSWORD } }),
        400,
        "auth:errors.tokenInvalid",
      );
      await settleAccountWork();
    });
  });

  it("registers in the request's language when the body names none", async () => {
    const email = `ar-${newId().slice(0, 8)}@example.com`;
    await api(registerRoute.action, {
      path: "/api/auth/register",
      method: "POST",
      body: { fullName: "Api User", email, password: PASSWORD },
      headers: { "accept-language": "ar" },
    });
    expect((await db().selectFrom("users").select("locale").where("email", "=", email).executeTakeFirstOrThrow()).locale).toBe("ar");
    expect(latestMailTo(env().dataDir, email)?.subject).toBe("تأكيد بريدك الإلكتروني");
  });

  describe("the register and forgot-password pages", () => {
    const form = (fields: Record<string, string>) =>
      new Request(`${BASE}/register`, {
        method: "POST",
        headers: { "x-client-ip": ip(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const post = (request: Request) => registerPage.action({ request, params: {}, context: {} });

    it("answers a taken address exactly like a new one: the same redirect, no session, no cookie", async () => {
      const owner = await makeUser();
      const fields = { fullName: "Layla Haddad", password: PASSWORD, confirmPassword: PASSWORD, redirectTo: "/client/appointments/new" };
      const fresh = await post(form({ ...fields, email: `new-${newId().slice(0, 8)}@example.com` }));
      const taken = await post(form({ ...fields, email: owner.email }));
      for (const response of [fresh, taken]) {
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/login?registered=1&redirectTo=%2Fclient%2Fappointments%2Fnew");
        expect(response.headers.get("set-cookie")).toBeNull();
      }
      expect(await fresh.text()).toBe(await taken.text());
      expect(latestMailTo(env().dataDir, owner.email)?.subject).toBe("Someone tried to create an account with your address");
    });

    it("the forgot-password page answers a known and an unknown address alike", async () => {
      const owner = await makeUser();
      const ask = (email: string) =>
        forgotPage.action({
          request: new Request(`${BASE}/forgot-password`, {
            method: "POST",
            headers: { "x-client-ip": ip(), "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ email }),
          }),
          params: {},
          context: {},
        });
      const known = await ask(owner.email);
      const unknown = await ask(`nobody-${newId().slice(0, 8)}@example.com`);
      for (const response of [known, unknown]) {
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/login");
      }
      await settleAccountWork();
      expect(latestMailTo(env().dataDir, owner.email)?.subject).toBe("Reset your password");
    });
  });

  describe("guards", () => {
    const page = (path: string, cookie?: string) => new Request(`${BASE}${path}`, { headers: { "x-client-ip": ip(), ...(cookie ? { cookie } : {}) } });
    const cookieFor = async (userId: string, remember = false) =>
      (await commitSessionCookie(await createSession(userId, { remember, kind: "cookie" }))).split(";")[0]!;
    const thrown = async (promise: Promise<unknown>) => {
      try {
        await promise;
      } catch (value) {
        return value as Response;
      }
      return null;
    };

    it("sends signed-out visitors to /login with the page to come back to", async () => {
      const response = await thrown(requireUser(page("/client/service-orders?status=open")));
      expect(response?.status).toBe(302);
      expect(response?.headers.get("location")).toBe("/login?redirectTo=%2Fclient%2Fservice-orders%3Fstatus%3Dopen");
    });

    it("sends clients away from staff pages and staff away from /login; the API answers 401/403 instead", async () => {
      const client = await makeUser({ role: "client" });
      // Owner and admins reach dashboard pages with two-factor set up (two-factor.test.ts checks the guard without it).
      const admin = await makeUser({ role: "admin", twoFactor: true });
      const owner = await makeUser({ role: "owner", twoFactor: true });
      const clientCookie = await cookieFor(client.id);
      const adminCookie = await cookieFor(admin.id);
      const ownerCookie = await cookieFor(owner.id);

      expect((await thrown(requireAdmin(page("/dashboard", clientCookie))))?.headers.get("location")).toBe("/client");
      expect(await requireAdmin(page("/dashboard", adminCookie))).toMatchObject({ id: admin.id });
      expect(await requireAdmin(page("/dashboard", ownerCookie))).toMatchObject({ id: owner.id });
      expect((await thrown(requireOwner(page("/dashboard/x", adminCookie))))?.headers.get("location")).toBe("/dashboard");
      expect(await requireOwner(page("/dashboard/x", ownerCookie))).toMatchObject({ id: owner.id });

      expect((await thrown(requireGuest(page("/login", clientCookie))))?.headers.get("location")).toBe("/client");
      expect((await thrown(requireGuest(page("/register", adminCookie))))?.headers.get("location")).toBe("/dashboard");
      expect(await thrown(requireGuest(page("/login")))).toBeNull();

      expect((await thrown(requireAdmin(page("/api/admin/users", clientCookie))))?.status).toBe(403);
      expect((await thrown(requireUser(page("/api/auth/me"))))?.status).toBe(401);
    });

    it("grants a client feature to admins always and to clients through enabledFeatures", async () => {
      const plain = await makeUser({ role: "client", features: [] });
      const granted = await makeUser({ role: "client", features: ["reports"] });
      const admin = await makeUser({ role: "admin" });
      expect((await thrown(requireFeature(page("/client/reports", await cookieFor(plain.id)), "reports")))?.headers.get("location")).toBe("/client");
      expect(await requireFeature(page("/client/reports", await cookieFor(granted.id)), "reports")).toMatchObject({ id: granted.id });
      expect(await requireFeature(page("/client/reports", await cookieFor(admin.id)), "reports")).toMatchObject({ id: admin.id });
    });

    it("signs in through the page with a fresh cookie of the right lifetime and a device cookie, back to a same-origin page only", async () => {
      const user = await makeUser({ role: "client" });
      const form = (fields: Record<string, string>) =>
        new Request(`${BASE}/login`, {
          method: "POST",
          headers: { "x-client-ip": ip(), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        });
      const pageCall = (request: Request) => loginPage.action({ request, params: {}, context: {} });
      const remembered = await pageCall(form({ email: user.email, password: PASSWORD, rememberMe: "on", redirectTo: "/client/appointments/new" }));
      expect(remembered.status).toBe(302);
      expect(remembered.headers.get("location")).toBe("/client/appointments/new");
      const cookies = remembered.headers.getSetCookie();
      expect(cookies.find((cookie) => cookie.startsWith("firm_auth_token="))).toMatch(
        /firm_auth_token=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/,
      );
      expect(cookies.find((cookie) => cookie.startsWith("firm_device="))).toMatch(/firm_device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/);
      expect(cookies.some((cookie) => cookie.startsWith("toast="))).toBe(true);

      const session = await pageCall(form({ email: user.email, password: PASSWORD, redirectTo: "https://evil.example/steal" }));
      expect(session.headers.get("location")).toBe("/client");
      expect(session.headers.get("set-cookie")).toMatch(/firm_auth_token=[^;]+; Max-Age=86400;/);
      const protocolRelative = await pageCall(form({ email: user.email, password: PASSWORD, redirectTo: "//evil.example" }));
      expect(protocolRelative.headers.get("location")).toBe("/client");

      const failed = await pageCall(form({ email: user.email, password: "wrong-password-1" }));
      expect(failed.status).toBe(400);
      const failedBody = JSON.stringify(await failed.json());
      expect(failedBody).toContain("auth:errors.invalidCredentials");
      // The password typed is never sent back.
      expect(failedBody).not.toContain("wrong-password-1");

      // Sign-out deletes the row and the cookie.
      const cookie = cookies.find((value) => value.startsWith("firm_auth_token="))!.split(";")[0]!;
      const before = await db().selectFrom("sessions").select("id").where("userId", "=", user.id).execute();
      const out = await logoutResource.action({
        request: new Request(`${BASE}/resources/logout`, { method: "POST", headers: { cookie, "x-client-ip": ip() } }),
        params: {},
        context: {},
      });
      expect(out.headers.get("location")).toBe("/");
      expect(out.headers.get("set-cookie")).toMatch(/firm_auth_token=; Max-Age=0/);
      const after = await db().selectFrom("sessions").select("id").where("userId", "=", user.id).execute();
      expect(after).toHaveLength(before.length - 1);
    });
  });
});
