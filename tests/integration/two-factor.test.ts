import { Secret, TOTP } from "otpauth";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { completeTwoFactorSignIn, signIn } from "~/features/auth/auth.server";
import { hashPassword } from "~/core/identity/password.server";
import { assertTwoFactorSecretsReadable, confirmTwoFactorSetup, startTwoFactorSetup, totpStep, verifySecondFactor } from "~/features/auth/two-factor.server";
import { hasTwoFactor } from "~/core/identity/two-factor-state.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { seedDemoIfEnabled } from "~/features/demo/demo.server";
import { resetEnvForTests } from "~/lib/env.server";
import { LIMITS, resetLimitersForTests } from "~/lib/rate-limit.server";
import { createSession } from "~/lib/session.server";
import * as loginPage from "~/routes/_auth+/login";
import * as twoFactorPage from "~/routes/_auth+/login_.two-factor";
import * as setupPage from "~/routes/_auth+/two-factor.setup";
import * as loginRoute from "~/routes/api+/auth.login";
import * as mfaRoute from "~/routes/api+/auth.mfa";
import * as meRoute from "~/routes/api+/auth.me";
import * as dashboardHome from "~/routes/dashboard+/_index";
import * as dashboardProfile from "~/routes/dashboard+/profile";
import * as resetResource from "~/routes/resources+/two-factor.reset";
import { call, callJson, type CallOptions } from "../support/api";
import { makeUser as makeTestUser, TEST_TOTP_SECRET, type UserOptions } from "../support/factories";
import { describeEachDialect } from "../setup/database";

const PASSWORD = "Correct-Horse-Battery-9";
let passwordHash = "";
let counter = 0;
const ip = () => `203.0.113.${++counter % 250}`;
type Handler = Parameters<typeof call>[0];

/** The code an authenticator app shows `steps` periods of 30 s from now. */
function codeAt(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + steps * 30_000 });
}

function api(handler: Handler, options: CallOptions) {
  return callJson<Record<string, unknown>>(handler, { ...options, headers: { "x-client-ip": ip(), ...options.headers } });
}

/** The cookies a response sets, as a Cookie header for the next request. */
function cookiesOf(response: Response, previous = ""): string {
  const jar = new Map(previous ? previous.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const) : []);
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].filter((pair) => !pair.endsWith("=")).join("; ");
}

function form(values: Record<string, string>): URLSearchParams {
  return new URLSearchParams(values);
}

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

describeEachDialect("two-factor sign-in", (db) => {
  beforeEach(() => resetLimitersForTests());
  const makeUser = (options: UserOptions = {}) => makeTestUser(db(), { passwordHash, ...options });
  const auditActions = async (userId: string) =>
    (await db().selectFrom("auditLog").select("action").where("targetId", "=", userId).execute()).map((row) => row.action);

  describe("codes", () => {
    it("accepts the current code and the next one (one step either side), not one from a minute ago", () => {
      expect(totpStep(TEST_TOTP_SECRET, codeAt(TEST_TOTP_SECRET))).toBe(Math.floor(Date.now() / 30_000));
      expect(totpStep(TEST_TOTP_SECRET, codeAt(TEST_TOTP_SECRET, 1))).not.toBeNull();
      expect(totpStep(TEST_TOTP_SECRET, codeAt(TEST_TOTP_SECRET, -2))).toBeNull();
      expect(totpStep(TEST_TOTP_SECRET, codeAt(TEST_TOTP_SECRET, 3))).toBeNull();
      expect(totpStep(TEST_TOTP_SECRET, "12345")).toBeNull();
    });

    it("a code works once: the same code again is refused, a later one is accepted", async () => {
      const admin = await makeUser({ role: "admin", twoFactor: true });
      const code = codeAt(TEST_TOTP_SECRET);
      expect(await verifySecondFactor(admin.id, code, { stage: "test" })).toBe("totp");
      await expect(verifySecondFactor(admin.id, code, { stage: "test" })).rejects.toMatchObject({
        status: 400,
        key: "security:errors.codeInvalid",
        field: "code",
      });
      expect(await verifySecondFactor(admin.id, codeAt(TEST_TOTP_SECRET, 1), { stage: "test" })).toBe("totp");
      expect(await auditActions(admin.id)).toContain("auth.two_factor_failed");
    });

    it("wrong codes are limited per account: past the ceiling even the right code waits (429 with Retry-After)", async () => {
      const admin = await makeUser({ role: "admin", twoFactor: true });
      for (let i = 0; i < LIMITS["mfa:account-failures"].points; i++) {
        await expect(verifySecondFactor(admin.id, "000000", { stage: "test" })).rejects.toMatchObject({ status: 400 });
      }
      const refusal = await verifySecondFactor(admin.id, codeAt(TEST_TOTP_SECRET), { stage: "test" }).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ status: 429, key: "security:errors.tooManyCodes" });
      expect((refusal as { headers?: Record<string, string> }).headers?.["Retry-After"]).toMatch(/^\d+$/);
    });
  });

  describe("start-up", () => {
    it("refuses to start when the encryption key does not open the stored secrets, naming the setting", async () => {
      await makeUser({ role: "admin", twoFactor: true });
      await expect(assertTwoFactorSecretsReadable(db())).resolves.toBeUndefined();
      process.env.FILE_ENCRYPTION_KEY = "ab".repeat(32);
      resetEnvForTests();
      try {
        await expect(assertTwoFactorSecretsReadable(db())).rejects.toMatchObject({ name: "EnvError", message: expect.stringContaining("FILE_ENCRYPTION_KEY") });
      } finally {
        delete process.env.FILE_ENCRYPTION_KEY;
        resetEnvForTests();
      }
      await expect(assertTwoFactorSecretsReadable(db())).resolves.toBeUndefined();
    });
  });

  describe("set-up and recovery codes", () => {
    it("sets up with the shown secret, stores it encrypted, gives ten recovery codes each usable once", async () => {
      const client = await makeUser({ role: "client" });
      const setup = await startTwoFactorSetup(client);
      expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      expect(setup.qrSvg).toContain("<svg");
      await expect(confirmTwoFactorSetup(client.id, { setupToken: setup.setupToken, code: "000000" })).rejects.toMatchObject({ status: 400, field: "code" });
      const other = await makeUser();
      await expect(confirmTwoFactorSetup(other.id, { setupToken: setup.setupToken, code: codeAt(setup.secret) })).rejects.toMatchObject({
        key: "security:errors.setupExpired",
      });

      const codes = await confirmTwoFactorSetup(client.id, { setupToken: setup.setupToken, code: codeAt(setup.secret) });
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const row = await db().selectFrom("twoFactorCredentials").select("secret").where("userId", "=", client.id).executeTakeFirstOrThrow();
      expect(row.secret).not.toContain(setup.secret);
      const stored = await db().selectFrom("twoFactorRecoveryCodes").select("codeHash").where("userId", "=", client.id).execute();
      expect(stored.map((code) => code.codeHash)).not.toContain(codes[0]);

      expect(await verifySecondFactor(client.id, codes[0]!.toUpperCase(), { stage: "test" })).toBe("recovery");
      await expect(verifySecondFactor(client.id, codes[0]!, { stage: "test" })).rejects.toMatchObject({ status: 400, key: "security:errors.codeInvalid" });
      expect(await auditActions(client.id)).toEqual(expect.arrayContaining(["auth.two_factor_enabled", "auth.recovery_code_used"]));
    });

    it("the set-up page keeps its secret after a wrong code and shows the recovery codes after the right one", async () => {
      const admin = await makeUser({ role: "admin", twoFactor: false });
      const page = await callJson<{ setup: { secret: string; setupToken: string }; required: boolean; enabled: boolean }>(setupPage.loader, {
        path: "/two-factor/setup",
        as: admin,
      });
      expect(page.body).toMatchObject({ required: true, enabled: false });
      const wrong = await callJson<{ setup: { secret: string } }>(setupPage.action, {
        path: "/two-factor/setup",
        method: "POST",
        as: admin,
        body: form({ setupToken: page.body.setup.setupToken, code: "000000" }),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.setup.secret).toBe(page.body.setup.secret);
      const right = await callJson<{ recoveryCodes: string[] }>(setupPage.action, {
        path: "/two-factor/setup",
        method: "POST",
        as: admin,
        body: form({ setupToken: page.body.setup.setupToken, code: codeAt(page.body.setup.secret) }),
      });
      expect(right.body.recoveryCodes).toHaveLength(10);
      expect(await hasTwoFactor(admin.id)).toBe(true);
    });
  });

  describe("the back-office guard", () => {
    it("sends an owner or admin without two-factor to set it up before any dashboard page answers; staff and clients are not asked", async () => {
      const admin = await makeUser({ role: "admin", twoFactor: false });
      const sent = await call(dashboardHome.loader, { path: "/dashboard?x=1", as: admin });
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe(`/two-factor/setup?redirectTo=${encodeURIComponent("/dashboard?x=1")}`);

      const ready = await makeUser({ role: "admin", twoFactor: true });
      expect((await call(dashboardHome.loader, { path: "/dashboard", as: ready })).status).toBe(200);
      const staff = await makeUser({ role: "staff" });
      expect((await call(dashboardHome.loader, { path: "/dashboard", as: staff })).status).toBe(200);
    });
  });

  describe("sign-in", () => {
    it("API: login answers mfaRequired with a token, auth/mfa with the code gives the bearer token; the same code twice is refused", async () => {
      const admin = await makeUser({ role: "admin", twoFactor: true });
      const first = await api(loginRoute.action, { path: "/api/auth/login", method: "POST", body: { email: admin.email, password: PASSWORD } });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ mfaRequired: true, mfaToken: expect.any(String) });
      expect(first.body.token).toBeUndefined();

      const code = codeAt(TEST_TOTP_SECRET);
      const wrong = await api(mfaRoute.action, { path: "/api/auth/mfa", method: "POST", body: { mfaToken: first.body.mfaToken, code: "111111" } });
      expect(wrong.status).toBe(400);
      const done = await api(mfaRoute.action, { path: "/api/auth/mfa", method: "POST", body: { mfaToken: first.body.mfaToken, code } });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ token: expect.any(String), user: { id: admin.id, role: "admin" } });
      const me = await api(meRoute.loader, { path: "/api/auth/me", as: { token: done.body.token as string } });
      expect(me.status).toBe(200);

      const again = await api(mfaRoute.action, { path: "/api/auth/mfa", method: "POST", body: { mfaToken: first.body.mfaToken, code } });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe("This code is not valid or has already been used");

      const forged = await api(mfaRoute.action, {
        path: "/api/auth/mfa",
        method: "POST",
        body: { mfaToken: "not-a-token", code: codeAt(TEST_TOTP_SECRET, 1) },
      });
      expect(forged.status).toBe(400);
      expect(forged.body.message).toBe("Your sign-in has expired. Please sign in again.");
      const actions = await auditActions(admin.id);
      expect(actions).toEqual(expect.arrayContaining(["auth.two_factor_challenged", "auth.login", "auth.two_factor_failed"]));
    });

    it("without two-factor the API login gives the token at once", async () => {
      const client = await makeUser();
      const answer = await api(loginRoute.action, { path: "/api/auth/login", method: "POST", body: { email: client.email, password: PASSWORD } });
      expect(answer.body).toMatchObject({ token: expect.any(String) });
      expect(answer.body.mfaRequired).toBeUndefined();
    });

    it("pages: the password leads to the code step; a recovery code signs in; a trusted browser skips the code until two-factor is reset", async () => {
      const admin = await makeUser({ role: "admin", twoFactor: true });
      const headers = { "x-client-ip": ip() };
      const password = await call(loginPage.action, {
        path: "/login",
        method: "POST",
        headers,
        body: form({ email: admin.email, password: PASSWORD, redirectTo: "/dashboard/clients" }),
      });
      expect(password.status).toBe(302);
      expect(password.headers.get("location")).toBe("/login/two-factor?redirectTo=%2Fdashboard%2Fclients");
      let cookie = cookiesOf(password);
      expect(cookie).toContain("firm_mfa_pending=");
      expect(cookie).not.toContain("firm_auth_token=");

      expect((await call(twoFactorPage.loader, { path: "/login/two-factor", headers: { ...headers, cookie } })).status).toBe(200);
      expect((await call(twoFactorPage.loader, { path: "/login/two-factor", headers })).headers.get("location")).toBe("/login");

      const wrong = await call(twoFactorPage.action, {
        path: "/login/two-factor",
        method: "POST",
        headers: { ...headers, cookie },
        body: form({ code: "123456" }),
      });
      expect(wrong.status).toBe(400);
      const done = await call(twoFactorPage.action, {
        path: "/login/two-factor",
        method: "POST",
        headers: { ...headers, cookie },
        body: form({ code: codeAt(TEST_TOTP_SECRET), trustBrowser: "on", redirectTo: "/dashboard/clients" }),
      });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/dashboard/clients");
      cookie = cookiesOf(done, cookie);
      expect(cookie).toContain("firm_auth_token=");
      expect(cookie).toContain("firm_mfa_trust=");
      expect(cookie).not.toContain("firm_mfa_pending=");

      // The trusted browser signs in with the password alone.
      const trusted = await signIn(
        { email: admin.email, password: PASSWORD, rememberMe: false },
        { ip: ip(), kind: "cookie", request: new Request("http://localhost/login", { headers: { cookie } }) },
      );
      expect(trusted.mfaRequired).toBeFalsy();

      // A browser without the cookie uses a recovery code (the admin sets up anew to get codes).
      const setup = await startTwoFactorSetup(admin);
      const codes = await confirmTwoFactorSetup(admin.id, { setupToken: setup.setupToken, code: codeAt(setup.secret) });
      // The new set-up ended the old trust.
      const untrusted = await signIn(
        { email: admin.email, password: PASSWORD, rememberMe: true },
        { ip: ip(), kind: "cookie", request: new Request("http://localhost/login", { headers: { cookie } }) },
      );
      expect(untrusted.mfaRequired).toBe(true);
      if (!untrusted.mfaRequired) return;
      const viaRecovery = await completeTwoFactorSignIn({ mfaToken: untrusted.mfaToken, code: codes[3]! }, { ip: ip() });
      expect(viaRecovery.secondFactor).toBe("recovery");
      expect(viaRecovery.session.maxAge).toBe(60 * 60 * 24 * 30);
      await expect(completeTwoFactorSignIn({ mfaToken: untrusted.mfaToken, code: codes[3]! }, { ip: ip() })).rejects.toMatchObject({
        key: "security:errors.codeInvalid",
      });
    });
  });

  describe("owner reset", () => {
    it("the owner resets an admin's two-factor: their sessions end and they are asked to set it up again; an admin cannot", async () => {
      const owner = await makeUser({ role: "owner", twoFactor: true });
      const otherAdmin = await makeUser({ role: "admin", twoFactor: true });
      const admin = await makeUser({ role: "admin", twoFactor: true });
      const body = () => form({ userId: admin.id, redirectTo: `/dashboard/clients/${admin.id}` });

      const refused = await call(resetResource.action, { path: "/resources/two-factor/reset", method: "POST", as: otherAdmin, body: body() });
      expect(refused.status).toBe(302);
      expect(await hasTwoFactor(admin.id)).toBe(true);

      const done = await call(resetResource.action, { path: "/resources/two-factor/reset", method: "POST", as: owner, body: body() });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe(`/dashboard/clients/${admin.id}`);
      expect(await hasTwoFactor(admin.id)).toBe(false);
      expect(await db().selectFrom("sessions").select("id").where("userId", "=", admin.id).execute()).toHaveLength(0);
      expect(await auditActions(admin.id)).toContain("auth.two_factor_reset");

      const fresh = await createSession(admin.id, { remember: false, kind: "token" });
      const sent = await call(dashboardHome.loader, { path: "/dashboard", as: { token: fresh.token } });
      expect(sent.headers.get("location")).toMatch(/^\/two-factor\/setup/);

      const self = await call(resetResource.action, { path: "/resources/two-factor/reset", method: "POST", as: owner, body: form({ userId: owner.id }) });
      expect(self.status).toBe(302);
      expect(await hasTwoFactor(owner.id)).toBe(true);
    });
  });

  describe("demo accounts", () => {
    it("have two-factor with DEMO_TOTP_SECRET only under SEED_DEMO", async () => {
      const secret = "JBSWY3DPEHPK3PXP";
      expect(await seedDemoIfEnabled(db(), { seedDemo: false, demoPassword: "Demo-Passw0rd!", demoTotpSecret: secret })).toBeNull();
      expect(await db().selectFrom("users").select("id").where("email", "like", "%@demo.test").execute()).toHaveLength(0);

      await seedPublicContent(db());
      await seedDemoIfEnabled(db(), { seedDemo: true, demoPassword: "Demo-Passw0rd!", demoTotpSecret: secret });
      const people = await db().selectFrom("users").select(["id", "email"]).where("email", "like", "%@demo.test").execute();
      const byEmail = new Map(people.map((person) => [person.email, person.id]));
      expect(await hasTwoFactor(byEmail.get("owner@demo.test")!)).toBe(true);
      expect(await hasTwoFactor(byEmail.get("admin@demo.test")!)).toBe(true);
      expect(await hasTwoFactor(byEmail.get("client@demo.test")!)).toBe(false);
      expect(await verifySecondFactor(byEmail.get("owner@demo.test")!, codeAt(secret), { stage: "test" })).toBe("totp");

      const login = await api(loginRoute.action, { path: "/api/auth/login", method: "POST", body: { email: "admin@demo.test", password: "Demo-Passw0rd!" } });
      expect(login.body.mfaRequired).toBe(true);
      const done = await api(mfaRoute.action, { path: "/api/auth/mfa", method: "POST", body: { mfaToken: login.body.mfaToken, code: codeAt(secret) } });
      expect(done.body.token).toEqual(expect.any(String));
    });
  });

  describe("sessions", () => {
    it("the profile lists sessions and API tokens; one signs out another; 'everywhere else' keeps this one", async () => {
      const admin = await makeUser({ role: "admin", twoFactor: true });
      const browserRequest = new Request("http://localhost/login", {
        headers: {
          "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
          "x-client-ip": "192.0.2.7",
        },
      });
      const browser = await createSession(admin.id, { remember: false, kind: "cookie", request: browserRequest });
      const laptop = await createSession(admin.id, {
        remember: false,
        kind: "cookie",
        request: new Request("http://localhost/", { headers: { "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Version/17.0 Safari/605.1.15" } }),
      });
      const current = { token: browser.token };

      type Loaded = {
        security: {
          sessions: Array<{ id: string; current: boolean; kind: string; ip: string | null; device: { browser: string | null; os: string | null } }>;
          twoFactor: { enabled: boolean; required: boolean };
        };
      };
      const page = await callJson<Loaded>(dashboardProfile.loader, { path: "/dashboard/profile", as: current });
      const sessions = page.body.security.sessions;
      expect(sessions).toHaveLength(3); // the factory's API token, this browser, the laptop
      expect(page.body.security.twoFactor).toMatchObject({ enabled: true, required: true });
      const mine = sessions.find((session) => session.current)!;
      expect(mine).toMatchObject({ kind: "cookie", ip: "192.0.2.7", device: { browser: "Chrome", os: "Windows" } });
      expect(sessions.find((session) => session.kind === "token")).toBeDefined();
      const laptopRow = sessions.find((session) => session.device.browser === "Safari")!;

      const refused = await call(dashboardProfile.action, {
        path: "/dashboard/profile",
        method: "POST",
        as: current,
        body: form({ intent: "signOutSession", sessionId: mine.id }),
      });
      expect(refused.status).toBe(302);
      const ended = await call(dashboardProfile.action, {
        path: "/dashboard/profile",
        method: "POST",
        as: current,
        body: form({ intent: "signOutSession", sessionId: laptopRow.id }),
      });
      expect(ended.status).toBe(302);
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: { token: laptop.token } })).status).toBe(401);
      // Another person's session id is not this person's to end.
      const stranger = await makeUser();
      const strangers = await db().selectFrom("sessions").select("id").where("userId", "=", stranger.id).executeTakeFirstOrThrow();
      await call(dashboardProfile.action, {
        path: "/dashboard/profile",
        method: "POST",
        as: current,
        body: form({ intent: "signOutSession", sessionId: strangers.id }),
      });
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: stranger })).status).toBe(200);

      const everywhere = await call(dashboardProfile.action, {
        path: "/dashboard/profile",
        method: "POST",
        as: current,
        body: form({ intent: "signOutOthers" }),
      });
      expect(everywhere.status).toBe(302);
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: admin })).status).toBe(401);
      expect((await api(meRoute.loader, { path: "/api/auth/me", as: current })).status).toBe(200);
      const after = await callJson<Loaded>(dashboardProfile.loader, { path: "/dashboard/profile", as: current });
      expect(after.body.security.sessions.map((session) => session.current)).toEqual([true]);
      expect(await auditActions(admin.id)).toEqual(expect.arrayContaining(["auth.session_revoked", "auth.sessions_revoked_others"]));
    });

    it("last seen is written at most once a minute per session", async () => {
      const client = await makeUser();
      const old = new Date(Date.now() - 30_000).toISOString();
      await db().updateTable("sessions").set({ lastSeenAt: old }).where("userId", "=", client.id).execute();
      await api(meRoute.loader, { path: "/api/auth/me", as: client });
      const recent = await db().selectFrom("sessions").select("lastSeenAt").where("userId", "=", client.id).executeTakeFirstOrThrow();
      expect(recent.lastSeenAt).toBe(old);
      const older = new Date(Date.now() - 90_000).toISOString();
      await db().updateTable("sessions").set({ lastSeenAt: older }).where("userId", "=", client.id).execute();
      await api(meRoute.loader, { path: "/api/auth/me", as: client });
      const updated = await db().selectFrom("sessions").select("lastSeenAt").where("userId", "=", client.id).executeTakeFirstOrThrow();
      expect(updated.lastSeenAt > older).toBe(true);
    });
  });
});
