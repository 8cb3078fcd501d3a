import { beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "~/features/auth/password.server";
import { requireFeature, requireGuest, requireOwner, requireAdmin, requireUser } from "~/features/auth/guards.server";
import { toJson, type DB } from "~/lib/db/connection.server";
import { env } from "~/lib/env.server";
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
import * as logoutResource from "~/routes/resources+/logout";
import { latestMailTo, tokenIn } from "../support/mail";
import { describeEachDialect } from "../setup/database";

const PASSWORD = "Correct-Horse-Battery-9";
const BASE = "http://localhost:3000";
let counter = 0;
const ip = () => `198.51.100.${++counter}`;
const args = (request: Request) => ({ request, params: {}, context: {} });

function api(path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}): Request {
  const headers: Record<string, string> = { "x-client-ip": ip(), ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return new Request(`${BASE}${path}`, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

/** Loaders and actions answer with a Response, or throw one (guards); both count. */
async function call(handler: (a: ReturnType<typeof args>) => Promise<Response> | Response, request: Request): Promise<Response> {
  try {
    return await handler(args(request));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function makeUser(db: () => DB, role = "client", features: string[] = []) {
  const id = newId();
  const email = `${role}-${id.slice(0, 8)}@example.com`;
  await db()
    .insertInto("users")
    .values({ id, email, passwordHash: await hashPassword(PASSWORD), role, fullName: `A ${role}`, enabledFeatures: toJson(features), emailVerifiedAt: new Date().toISOString() })
    .execute();
  return { id, email };
}

describeEachDialect("auth API and guards", (db) => {
  beforeEach(() => resetLimitersForTests());

  describe("POST /api/auth/login", () => {
    it("answers { token, user } and the token is a bearer session for /api/auth/me", async () => {
      const user = await makeUser(db);
      const response = await call(loginRoute.action, api("/api/auth/login", { method: "POST", body: { email: user.email, password: PASSWORD, rememberMe: true } }));
      expect(response.status).toBe(200);
      const body = await response.json();
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
      expect(typeof body.token).toBe("string");
      const session = await db().selectFrom("sessions").select(["kind", "remember"]).where("userId", "=", user.id).executeTakeFirstOrThrow();
      expect(session).toEqual({ kind: "token", remember: true });

      const me = await call(meRoute.loader, api("/api/auth/me", { token: body.token }));
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ id: user.id, email: user.email, role: "client", emailVerified: true });
      const profile = await call(profileRoute.loader, api("/api/profile/me", { token: body.token }));
      expect(await profile.json()).toEqual({ profile: { fullName: "A client", avatarUrl: null } });
    });

    it("answers 400 'Invalid credentials' for a wrong password and for an unknown address alike", async () => {
      const user = await makeUser(db);
      const wrong = await call(loginRoute.action, api("/api/auth/login", { method: "POST", body: { email: user.email, password: "not-it-at-all" } }));
      const unknown = await call(loginRoute.action, api("/api/auth/login", { method: "POST", body: { email: "nobody-here@example.com", password: PASSWORD } }));
      expect([wrong.status, unknown.status]).toEqual([400, 400]);
      expect(await wrong.json()).toEqual({ message: "Invalid credentials" });
      expect(await unknown.json()).toEqual({ message: "Invalid credentials" });
    });

    it("answers 405 to a wrong method, 400 to a bad body and 429 with Retry-After when limited", async () => {
      const get = await call(loginRoute.loader as never, api("/api/auth/login"));
      expect(get.status).toBe(405);
      expect((await get.json()).message).toMatch(/^Method not allowed/);
      const put = await call(loginRoute.action, api("/api/auth/login", { method: "PUT", body: {} }));
      expect(put.status).toBe(405);
      const bad = await call(loginRoute.action, api("/api/auth/login", { method: "POST", body: { email: "not-an-email" } }));
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toEqual(expect.any(String));
      const broken = await call(loginRoute.action, new Request(`${BASE}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", "x-client-ip": ip() }, body: "{" }));
      expect(broken.status).toBe(400);

      const user = await makeUser(db);
      let last: Response | undefined;
      for (let i = 0; i < 9; i++) last = await call(loginRoute.action, api("/api/auth/login", { method: "POST", body: { email: user.email, password: "wrong-password-x" } }));
      expect(last!.status).toBe(429);
      expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    });

    it("refuses a disabled account with 403", async () => {
      const user = await makeUser(db);
      await db().updateTable("users").set({ disabledAt: new Date().toISOString() }).where("id", "=", user.id).execute();
      const response = await call(loginRoute.action, api("/api/auth/login", { method: "POST", body: { email: user.email, password: PASSWORD } }));
      expect(response.status).toBe(403);
    });
  });

  describe("tokens", () => {
    it("answers 401 { message } for a missing, unknown, expired or revoked token", async () => {
      const missing = await call(meRoute.loader, api("/api/auth/me"));
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ message: expect.any(String) });
      expect((await call(meRoute.loader, api("/api/auth/me", { token: "made-up-token" }))).status).toBe(401);

      const user = await makeUser(db);
      const expired = await createSession(user.id, { remember: false, kind: "token" });
      await db().updateTable("sessions").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("userId", "=", user.id).execute();
      expect((await call(meRoute.loader, api("/api/auth/me", { token: expired.token }))).status).toBe(401);

      const live = await createSession(user.id, { remember: false, kind: "token" });
      const out = await call(logoutRoute.action, api("/api/auth/logout", { method: "POST", token: live.token }));
      expect(out.status).toBe(200);
      expect(await out.json()).toEqual({ message: "Logged out successfully" });
      expect((await call(meRoute.loader, api("/api/auth/me", { token: live.token }))).status).toBe(401);
      expect((await call(logoutRoute.action, api("/api/auth/logout", { method: "POST", token: live.token }))).status).toBe(401);
    });

    it("disabling an account revokes its tokens at once", async () => {
      const user = await makeUser(db);
      const session = await createSession(user.id, { remember: true, kind: "token" });
      await db().updateTable("users").set({ disabledAt: new Date().toISOString() }).where("id", "=", user.id).execute();
      expect((await call(meRoute.loader, api("/api/auth/me", { token: session.token }))).status).toBe(401);
    });
  });

  describe("PATCH /api/auth/me", () => {
    it("updates fullName, avatarUrl and locale, and refuses other fields", async () => {
      const user = await makeUser(db);
      const session = await createSession(user.id, { remember: false, kind: "token" });
      const response = await call(
        meRoute.action,
        api("/api/auth/me", { method: "PATCH", token: session.token, body: { fullName: "New Name", avatarUrl: "https://example.com/a.png", locale: "ar" } }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ fullName: "New Name", avatarUrl: "https://example.com/a.png", locale: "ar" });
      const sneaky = await call(meRoute.action, api("/api/auth/me", { method: "PATCH", token: session.token, body: { role: "owner" } }));
      expect(sneaky.status).toBe(400);
      expect((await db().selectFrom("users").select("role").where("id", "=", user.id).executeTakeFirstOrThrow()).role).toBe("client");
      expect((await call(meRoute.action, api("/api/auth/me", { method: "DELETE", token: session.token }))).status).toBe(405);
    });
  });

  describe("register, verify, forgot and reset through the API", () => {
    it("runs the whole account life cycle", async () => {
      const email = `api-${newId().slice(0, 8)}@example.com`;
      const weak = await call(registerRoute.action, api("/api/auth/register", { method: "POST", body: { fullName: "Api User", email, password: "password123" } }));
      expect(weak.status).toBe(400);
      const created = await call(registerRoute.action, api("/api/auth/register", { method: "POST", body: { fullName: "Api User", email, password: PASSWORD, locale: "fr" } }));
      expect(created.status).toBe(201);
      const { token, user } = await created.json();
      expect(user).toMatchObject({ email, role: "client", emailVerified: false, locale: "fr" });
      const duplicate = await call(registerRoute.action, api("/api/auth/register", { method: "POST", body: { fullName: "Api User", email, password: PASSWORD } }));
      expect(duplicate.status).toBe(409);

      // Resend with the bearer token only; the newest link is the one that works.
      expect((await call(resendRoute.action, api("/api/auth/resend-verification", { method: "POST", token, body: {} }))).status).toBe(200);
      const verifyToken = tokenIn(latestMailTo(env().dataDir, email)!, "/verify-email");
      const verified = await call(verifyRoute.action, api("/api/auth/verify-email", { method: "POST", body: { token: verifyToken } }));
      expect(verified.status).toBe(200);
      const reused = await call(verifyRoute.action, api("/api/auth/verify-email", { method: "POST", body: { token: verifyToken } }));
      expect(reused.status).toBe(400);
      expect(await reused.json()).toEqual({ message: "This link is invalid or has already been used" });
      expect(await (await call(meRoute.loader, api("/api/auth/me", { token }))).json()).toMatchObject({ emailVerified: true });

      const forgotKnown = await call(forgotRoute.action, api("/api/auth/forgot-password", { method: "POST", body: { email } }));
      const forgotUnknown = await call(forgotRoute.action, api("/api/auth/forgot-password", { method: "POST", body: { email: "nobody-at-all@example.com" } }));
      expect(forgotKnown.status).toBe(200);
      expect(await forgotKnown.json()).toEqual(await forgotUnknown.json());
      const resetToken = tokenIn(latestMailTo(env().dataDir, email)!, "/reset-password");
      const reset = await call(resetRoute.action, api("/api/auth/reset-password", { method: "POST", body: { token: resetToken, password: "A-fresh-long-passphrase" } }));
      expect(reset.status).toBe(200);
      // The reset signed out every session, the API token included.
      expect((await call(meRoute.loader, api("/api/auth/me", { token }))).status).toBe(401);
      const again = await call(resetRoute.action, api("/api/auth/reset-password", { method: "POST", body: { token: resetToken, password: "Another-long-passphrase" } }));
      expect(again.status).toBe(400);
      const login = await call(loginRoute.action, api("/api/auth/login", { method: "POST", body: { email, password: "A-fresh-long-passphrase" } }));
      expect(login.status).toBe(200);
    });
  });

  it("registers in the request's language when the body names none", async () => {
    const email = `ar-${newId().slice(0, 8)}@example.com`;
    const created = await call(
      registerRoute.action,
      api("/api/auth/register", { method: "POST", body: { fullName: "Api User", email, password: PASSWORD }, headers: { "accept-language": "ar" } }),
    );
    expect((await created.json()).user.locale).toBe("ar");
    expect(latestMailTo(env().dataDir, email)?.subject).toBe("تأكيد بريدك الإلكتروني");
  });

  describe("guards", () => {
    const page = (path: string, cookie?: string) => new Request(`${BASE}${path}`, { headers: { "x-client-ip": ip(), ...(cookie ? { cookie } : {}) } });
    const cookieFor = async (userId: string, remember = false) => (await commitSessionCookie(await createSession(userId, { remember, kind: "cookie" }))).split(";")[0]!;
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
      const client = await makeUser(db, "client");
      const admin = await makeUser(db, "admin");
      const owner = await makeUser(db, "owner");
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

    it("grants a feature to staff always and to clients through enabledFeatures", async () => {
      const plain = await makeUser(db, "client", []);
      const granted = await makeUser(db, "client", ["inbox"]);
      const admin = await makeUser(db, "admin");
      expect((await thrown(requireFeature(page("/dashboard/inbox", await cookieFor(plain.id)), "inbox")))?.headers.get("location")).toBe("/client");
      expect(await requireFeature(page("/dashboard/inbox", await cookieFor(granted.id)), "inbox")).toMatchObject({ id: granted.id });
      expect(await requireFeature(page("/dashboard/inbox", await cookieFor(admin.id)), "inbox")).toMatchObject({ id: admin.id });
    });

    it("signs in through the page with a fresh cookie of the right lifetime, back to a same-origin page only", async () => {
      const user = await makeUser(db, "client");
      const form = (fields: Record<string, string>) =>
        new Request(`${BASE}/login`, { method: "POST", headers: { "x-client-ip": ip(), "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
      const remembered = await call(loginPage.action, form({ email: user.email, password: PASSWORD, rememberMe: "on", redirectTo: "/client/appointments/new" }));
      expect(remembered.status).toBe(302);
      expect(remembered.headers.get("location")).toBe("/client/appointments/new");
      const cookies = remembered.headers.get("set-cookie") ?? "";
      expect(cookies).toMatch(/firm_auth_token=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
      expect(cookies).toContain("toast=");

      const session = await call(loginPage.action, form({ email: user.email, password: PASSWORD, redirectTo: "https://evil.example/steal" }));
      expect(session.headers.get("location")).toBe("/client");
      expect(session.headers.get("set-cookie")).toMatch(/firm_auth_token=[^;]+; Max-Age=86400;/);
      const protocolRelative = await call(loginPage.action, form({ email: user.email, password: PASSWORD, redirectTo: "//evil.example" }));
      expect(protocolRelative.headers.get("location")).toBe("/client");

      const failed = await call(loginPage.action, form({ email: user.email, password: "wrong-password-1" }));
      expect(failed.status).toBe(400);
      expect(JSON.stringify(await failed.json())).toContain("auth:errors.invalidCredentials");

      // Sign-out deletes the row and the cookie.
      const cookie = (remembered.headers.get("set-cookie") ?? "").split(";")[0]!;
      const before = await db().selectFrom("sessions").select("id").where("userId", "=", user.id).execute();
      const out = await call(logoutResource.action, new Request(`${BASE}/resources/logout`, { method: "POST", headers: { cookie, "x-client-ip": ip() } }));
      expect(out.headers.get("location")).toBe("/");
      expect(out.headers.get("set-cookie")).toMatch(/firm_auth_token=; Max-Age=0/);
      const after = await db().selectFrom("sessions").select("id").where("userId", "=", user.id).execute();
      expect(after).toHaveLength(before.length - 1);
    });
  });
});
