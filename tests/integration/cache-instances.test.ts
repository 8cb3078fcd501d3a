import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as CacheModule from "~/core/cache.server";
import type * as ZoneModule from "~/core/office/time-zone.server";
import type * as AvailabilityModule from "~/features/availability/index.server";
import type * as LanguagesModule from "~/features/languages/index.server";
import type * as ResourcesModule from "~/lib/i18n/resources.server";
import type * as DbModule from "~/lib/db/db.server";
import type * as RedisModule from "~/lib/redis.server";
import { insertUser } from "~/features/users/users.server";
import { createTestDatabase } from "../setup/database";

/**
 * The one cache across instances: an invalidation on one process empties the same named cache on
 * another through Redis. Two copies of the modules (vi.resetModules) stand for two instances, each
 * with its own Redis connections. Needs TEST_REDIS_URL.
 */
const redisUrl = process.env.TEST_REDIS_URL;

type Instance = {
  cache: typeof CacheModule;
  redis: typeof RedisModule;
  db: typeof DbModule;
  zone: typeof ZoneModule;
  availability: typeof AvailabilityModule;
  languages: typeof LanguagesModule;
  resources: typeof ResourcesModule;
};

async function startInstance(): Promise<Instance> {
  vi.resetModules();
  const env = await import("~/lib/env.server");
  env.resetEnvForTests();
  return {
    cache: await import("~/core/cache.server"),
    redis: await import("~/lib/redis.server"),
    db: await import("~/lib/db/db.server"),
    zone: await import("~/core/office/time-zone.server"),
    availability: await import("~/features/availability/index.server"),
    languages: await import("~/features/languages/index.server"),
    resources: await import("~/lib/i18n/resources.server"),
  };
}

describe.skipIf(!redisUrl)("invalidating a cache on every instance", () => {
  const instances: Instance[] = [];

  beforeAll(async () => {
    process.env.REDIS_URL = redisUrl;
    instances.push(await startInstance(), await startInstance());
  });

  afterAll(async () => {
    for (const { cache, redis } of instances) {
      await cache.closeCaches();
      await redis.closeRedis();
    }
    delete process.env.REDIS_URL;
    vi.resetModules();
    (await import("~/lib/env.server")).resetEnvForTests();
  });

  /** The same named cache on both instances, each counting its loads. */
  function sharedCache(name: string) {
    return instances.map(({ cache }) => {
      let loads = 0;
      const named = cache.defineCache<number>({ name, ttlMs: 60_000 });
      return { named, read: (key: string) => named.get(key, async () => ++loads) };
    });
  }

  /** Until the other instance's subscription is in place, nothing reaches it: wait for it once. */
  async function subscribed(): Promise<void> {
    const [first] = instances;
    const probe = `probe-${Math.random()}`;
    const [, there] = sharedCache(probe);
    await there!.read("k");
    await expect
      .poll(async () => {
        first!.cache.invalidateCache(probe);
        return there!.read("k");
      })
      .toBeGreaterThan(1);
  }

  it("a whole cache emptied on one is emptied on the other; a key, only that key", async () => {
    // Two copies of the module, so nothing is shared in memory.
    expect(instances[0]!.cache).not.toBe(instances[1]!.cache);
    await subscribed();
    const name = `bus-${Math.random()}`;
    const [here, there] = sharedCache(name);
    expect(await there!.read("a")).toBe(1);
    expect(await there!.read("b")).toBe(2);
    expect(await here!.read("a")).toBe(1);

    here!.named.invalidate("a");
    // This instance at once; the other when the message arrives.
    expect(await here!.read("a")).toBe(2);
    await expect.poll(() => there!.read("a")).toBe(3);
    expect(await there!.read("b")).toBe(2);

    instances[0]!.cache.invalidateCache(name);
    await expect.poll(() => there!.read("b")).toBe(4);
    expect(await there!.read("a")).toBe(4 + 1);
  });

  it("an instance does not act on its own messages twice", async () => {
    await subscribed();
    const name = `own-${Math.random()}`;
    const [here] = sharedCache(name);
    expect(await here!.read("k")).toBe(1);
    here!.named.invalidate();
    expect(await here!.read("k")).toBe(2);
    // Time for its own message to come back from Redis: it must not empty the cache again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await here!.read("k")).toBe(2);
  });

  it("the office's time zone, saved on one instance, is read anew on the other", async () => {
    await subscribed();
    // One database for both instances, as in production.
    const database = await createTestDatabase("sqlite");
    try {
      for (const instance of instances) instance.db.setDb(database.db);
      const [here, there] = instances;
      const rules = await here!.availability.getAvailabilitySettings();
      expect(await there!.zone.getOfficeTimeZone()).toBe(rules.timeZone);
      await here!.availability.updateAvailabilitySettings({ ...rules, timeZone: "America/Chicago" });
      expect(await here!.zone.getOfficeTimeZone()).toBe("America/Chicago");
      await expect.poll(() => there!.zone.getOfficeTimeZone()).toBe("America/Chicago");

      // A change on one is seen on the other well before the minute the zone is kept.
      await here!.availability.updateAvailabilitySettings({ ...rules, timeZone: "America/Denver" });
      expect(await here!.zone.getOfficeTimeZone()).toBe("America/Denver");
      await expect.poll(() => there!.zone.getOfficeTimeZone(), { timeout: 5_000 }).toBe("America/Denver");
    } finally {
      for (const instance of instances) instance.db.setDb(undefined);
      await database.close();
    }
  });

  it("an interface string changed on one instance is what the other hands out from its next request", async () => {
    const database = await createTestDatabase("sqlite");
    try {
      for (const instance of instances) instance.db.setDb(database.db);
      const [here, there] = instances;
      const inbox = (instance: Instance) => (instance.resources.resources().fr.common as { nav: { inbox: string } }).nav.inbox;
      const id = await insertUser({ email: "languages-admin@example.com", passwordHash: "x", role: "admin", fullName: "Ada Admin" }, database.db);
      await there!.languages.refreshOverrides();
      const bundled = inbox(there!);

      const value = `Courrier ${Math.random().toString(36).slice(2)}`;
      await here!.languages.saveOverride({ id }, { language: "fr", namespace: "common", key: "nav.inbox", value });
      expect(inbox(here!)).toBe(value);
      // What each request does before it hands out strings.
      await there!.languages.refreshOverrides();
      expect(inbox(there!)).toBe(value);

      await here!.languages.resetOverride({ id }, { language: "fr", namespace: "common", key: "nav.inbox" });
      await there!.languages.refreshOverrides();
      expect(inbox(there!)).toBe(bundled);
    } finally {
      for (const instance of instances) instance.db.setDb(undefined);
      await database.close();
    }
  });
});
