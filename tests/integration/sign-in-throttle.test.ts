import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signIn, type SignedIn } from "~/features/auth/auth.server";
import { hashPassword } from "~/core/identity/password.server";
import { FIRST_WAIT_SECONDS, FREE_FAILURES, MAX_WAIT_SECONDS, waitAfterFailures } from "~/features/auth/sign-in-throttle.server";
import { AppError } from "~/lib/app-error";
import { resetEnvForTests } from "~/lib/env.server";
import { newId } from "~/lib/ids.server";
import { LIMITS, resetLimitersForTests } from "~/lib/rate-limit.server";
import { closeRedis } from "~/lib/redis.server";
import * as loginRoute from "~/routes/api+/auth.login";
import { call } from "../support/api";
import { makeUser } from "../support/factories";
import { describeEachDialect } from "../setup/database";

/**
 * Sign-in throttling (docs/decisions/008), in the database and, with TEST_REDIS_URL, through Redis:
 * failures count per (account, IP) pair with growing waits, a success clears its pair, a
 * generous per-IP ceiling and a per-account ceiling hold strangers back, and a browser with
 * the account's device cookie is never kept out by anyone else's failures.
 */
const PASSWORD = "Correct-Horse-Battery-9";
const WRONG = "not-the-password-at-all";
let passwordHash = "";
let counter = 0;
const newIp = () => `203.0.113.${++counter % 250}:${newId().slice(0, 6)}`;
const unknownEmail = () => `nobody-${newId().slice(0, 8)}@example.com`;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** A browser: its address and the cookies it keeps (the device cookie after a successful sign-in). */
type Browser = { ip: string; cookie: string | null };
const browser = (ip = newIp()): Browser => ({ ip, cookie: null });

async function attempt(who: Browser, email: string, password: string): Promise<{ outcome: string; retryAfter?: number; signedIn?: SignedIn }> {
  const request = new Request("http://localhost:3000/login", { method: "POST", headers: who.cookie ? { cookie: who.cookie } : {} });
  try {
    const signedIn = (await signIn({ email, password, rememberMe: false }, { ip: who.ip, kind: "cookie", request })) as SignedIn;
    who.cookie = signedIn.deviceCookie.split(";")[0]!;
    return { outcome: "ok", signedIn };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const retryAfter = error.headers?.["Retry-After"];
    return { outcome: String(error.status), retryAfter: retryAfter ? Number(retryAfter) : undefined };
  }
}

/** Moves the app's clock on (the waits are decided from it, in the database and in Redis alike). */
function later(seconds: number): void {
  vi.setSystemTime(Date.now() + seconds * 1000);
}

describe("the wait after each failure of a pair", () => {
  it("is nothing for the first failures, then doubles from 15 seconds up to 15 minutes", () => {
    const waits = Array.from({ length: 12 }, (_, index) => waitAfterFailures(index + 1) / 1000);
    expect(waits.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(0));
    expect(waits.slice(FREE_FAILURES)).toEqual([15, 30, 60, 120, 240, 480, 900, 900]);
    expect(FIRST_WAIT_SECONDS).toBe(15);
    expect(MAX_WAIT_SECONDS).toBe(900);
  });
});

function throttleSuite(store: "database" | "redis") {
  describeEachDialect(`sign-in throttling (${store})`, (db, dialect) => {
    // The ceilings take 100 and 50 password checks (hence their longer time-out); they depend on the store,
    // not on the database: once per store.
    const oncePerStore = dialect === "sqlite" ? it : it.skip;
    beforeEach(() => {
      resetLimitersForTests();
      vi.useFakeTimers({ toFake: ["Date"] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const owner = () => makeUser(db(), { role: "owner", passwordHash });

    it("does not lock the owner out for someone else's failures from another address", async () => {
      const { email } = await owner();
      const attacker = browser();
      // More failures than the old per-account lock allowed (8), waiting out each delay.
      for (let i = 0; i < 10; i++) {
        expect((await attempt(attacker, email, WRONG)).outcome).toBe("400");
        later(MAX_WAIT_SECONDS + 1);
      }
      const home = browser();
      expect((await attempt(home, email, PASSWORD)).outcome).toBe("ok");
    });

    it("makes a pair wait longer after each failure, even with the right password, and answers 429 with Retry-After", async () => {
      const { email } = await owner();
      const stranger = browser();
      for (let i = 0; i < FREE_FAILURES; i++) expect((await attempt(stranger, email, WRONG)).outcome).toBe("400");
      // Free failures: the next attempt is taken at once.
      expect((await attempt(stranger, email, WRONG)).outcome).toBe("400");
      expect(await attempt(stranger, email, PASSWORD)).toEqual({ outcome: "429", retryAfter: 15 });
      later(16);
      expect((await attempt(stranger, email, WRONG)).outcome).toBe("400");
      expect(await attempt(stranger, email, WRONG)).toEqual({ outcome: "429", retryAfter: 30 });
      later(31);
      expect((await attempt(stranger, email, WRONG)).outcome).toBe("400");
      expect(await attempt(stranger, email, WRONG)).toEqual({ outcome: "429", retryAfter: 60 });
      // Waiting attempts are not failures: they neither check the password nor lengthen the wait.
      later(30);
      expect(await attempt(stranger, email, PASSWORD)).toEqual({ outcome: "429", retryAfter: 30 });
      later(31);
      expect((await attempt(stranger, email, PASSWORD)).outcome).toBe("ok");
    });

    it("starts a pair afresh after a success", async () => {
      const { email } = await owner();
      const me = browser();
      for (let i = 0; i <= FREE_FAILURES; i++) await attempt(me, email, WRONG);
      expect((await attempt(me, email, PASSWORD)).outcome).toBe("429");
      later(FIRST_WAIT_SECONDS + 1);
      expect((await attempt(me, email, PASSWORD)).outcome).toBe("ok");
      // The success forgot the failures: the free ones are free again.
      const fresh = { ...me, cookie: null };
      for (let i = 0; i < FREE_FAILURES; i++) expect((await attempt(fresh, email, WRONG)).outcome).toBe("400");
      expect((await attempt(fresh, email, PASSWORD)).outcome).toBe("ok");
    });

    it("lets a browser that signed in before (device cookie) in with the right password while its address is throttled", async () => {
      const { email } = await owner();
      const office = newIp();
      const ownersBrowser = browser(office);
      expect((await attempt(ownersBrowser, email, PASSWORD)).outcome).toBe("ok");
      expect(ownersBrowser.cookie).toMatch(/^firm_device=/);
      // Someone in the same office (same address) fails until that pair waits.
      const colleague = browser(office);
      for (let i = 0; i <= FREE_FAILURES; i++) await attempt(colleague, email, WRONG);
      expect((await attempt(colleague, email, PASSWORD)).outcome).toBe("429");
      expect((await attempt(ownersBrowser, email, PASSWORD)).outcome).toBe("ok");
      // A forged or tampered cookie is no device cookie.
      const forger = { ip: office, cookie: `${ownersBrowser.cookie!.slice(0, -3)}abc` };
      expect((await attempt(forger, email, PASSWORD)).outcome).toBe("429");
      // Another account's cookie does not vouch for this one.
      const other = await makeUser(db(), { passwordHash });
      const otherBrowser = browser(office);
      expect((await attempt(otherBrowser, other.email, PASSWORD)).outcome).toBe("ok");
      expect((await attempt({ ip: office, cookie: otherBrowser.cookie }, email, PASSWORD)).outcome).toBe("429");
    });

    it("stops trusting a device cookie used for too many failures", async () => {
      const { email } = await owner();
      const stolen = browser();
      expect((await attempt(stolen, email, PASSWORD)).outcome).toBe("ok");
      for (let i = 0; i < LIMITS["login:device-failures"].points; i++) expect((await attempt(stolen, email, WRONG)).outcome).toBe("400");
      // Now it is any other browser: its failures make its pair wait, the right password too.
      for (let i = 0; i <= FREE_FAILURES; i++) expect((await attempt(stolen, email, WRONG)).outcome).toBe("400");
      expect((await attempt(stolen, email, PASSWORD)).outcome).toBe("429");
    });

    oncePerStore(
      "keeps a generous ceiling of failures per address, for strangers only; successes never count",
      async () => {
        const { email } = await owner();
        const sprayer = newIp();
        const trusted = browser(sprayer);
        expect((await attempt(trusted, email, PASSWORD)).outcome).toBe("ok");
        // An office's successful sign-ins do not count at all.
        for (let i = 0; i < 5; i++) expect((await attempt(browser(sprayer), email, PASSWORD)).outcome).toBe("ok");
        for (let i = 0; i < LIMITS["login:ip-failures"].points; i++) expect((await attempt(browser(sprayer), unknownEmail(), WRONG)).outcome).toBe("400");
        const blocked = await attempt(browser(sprayer), email, PASSWORD);
        expect(blocked.outcome).toBe("429");
        expect(blocked.retryAfter).toBeGreaterThan(0);
        expect((await attempt(browser(), email, PASSWORD)).outcome).toBe("ok");
        expect((await attempt(trusted, email, PASSWORD)).outcome).toBe("ok");
      },
      120_000,
    );

    oncePerStore(
      "keeps strangers out of an account failed from many addresses, but not the owner's own browser",
      async () => {
        const { email } = await owner();
        const ownersBrowser = browser();
        expect((await attempt(ownersBrowser, email, PASSWORD)).outcome).toBe("ok");
        for (let i = 0; i < LIMITS["login:account-failures"].points; i++) expect((await attempt(browser(), email, WRONG)).outcome).toBe("400");
        expect((await attempt(browser(), email, PASSWORD)).outcome).toBe("429");
        expect((await attempt(ownersBrowser, email, PASSWORD)).outcome).toBe("ok");
      },
      120_000,
    );

    it("answers the API's throttled attempt with 429, Retry-After and a translated message", async () => {
      const { email } = await owner();
      const ip = newIp();
      const post = (password: string, language = "en") =>
        call(loginRoute.action, {
          path: "/api/auth/login",
          method: "POST",
          body: { email, password },
          headers: { "x-client-ip": ip, "accept-language": language },
        });
      for (let i = 0; i <= FREE_FAILURES; i++) expect((await post(WRONG)).status).toBe(400);
      const refused = await post(PASSWORD, "fr");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("15");
      expect(await refused.json()).toEqual({
        message: "Trop de connexions échouées depuis cet endroit. Patientez 1 minute avant de réessayer, ou réinitialisez votre mot de passe.",
      });
      later(16);
      const ok = await post(PASSWORD);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("set-cookie")).toMatch(/^firm_device=/);
    });
  });
}

throttleSuite("database");

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("through Redis", () => {
  beforeAll(() => {
    process.env.REDIS_URL = redisUrl;
    resetEnvForTests();
  });
  afterAll(async () => {
    await closeRedis();
    delete process.env.REDIS_URL;
    resetEnvForTests();
    resetLimitersForTests();
  });
  throttleSuite("redis");
});
