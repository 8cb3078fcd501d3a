import { cachified, getPendingValuesCache, type Cache, type CacheEntry } from "@epic-web/cachified";
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { randomUUID } from "node:crypto";
import { logger, withoutLogContext } from "~/lib/logger.server";
import { redis } from "~/lib/redis.server";

/**
 * The one in-memory cache of the app: named caches of values that are read far more often than they
 * change. A value is kept for the cache's time to live (`ttlMs`), concurrent callers of one key share one
 * load, and a failed load is not kept (the next caller tries again). `invalidateCache(name, key?)` empties
 * one key or the whole cache in this process at once and, when REDIS_URL is set, on every other instance
 * through one Redis channel; without Redis each instance's entries expire after their time to live instead.
 * Several caches may share a name: they are emptied together.
 */
export type NamedCache<T> = {
  /** The kept value of `key`, else what `load` gives (kept). `now` is the caller's clock (the TTL is counted from it). */
  get(key: string, load: () => Promise<T>, options?: { now?: number }): Promise<T>;
  /** The kept value of `key` when there is one still alive, without loading. */
  peek(key: string, options?: { now?: number }): T | undefined;
  /** Keeps a value already at hand. */
  set(key: string, value: T, options?: { now?: number }): void;
  /** Empties `key`, or the whole cache, here and on every instance (every cache of the same name). */
  invalidate(key?: string): void;
};

export type CacheOptions = {
  /** What other instances know the cache by. */
  name: string;
  ttlMs: number;
  /** The most entries kept: the least recently used go first. */
  max?: number;
};

type Kept<T> = { at: number; value: T };

/** How to empty one cache here: a key, or everything. */
type LocalClear = (key?: string) => void;

const CHANNEL = "firm:cache-invalidated";
const instance = randomUUID();
const clearsByName = new Map<string, Set<LocalClear>>();
let subscriber: Redis | null | undefined;

function clearHere(name: string, key?: string): void {
  for (const clear of clearsByName.get(name) ?? []) clear(key);
}

let subscribed: Promise<void> = Promise.resolve();

/** Listens for other instances' invalidations, from the first use of any cache (or the start-up) on. */
function listen(): void {
  if (subscriber !== undefined) return;
  const client = redis();
  // Its messages belong to no request (the first use of a cache may be inside one).
  subscriber = client ? withoutLogContext(() => client.duplicate()) : null;
  if (!subscriber) {
    subscribed = Promise.resolve();
    return;
  }
  subscriber.on("error", (error) => logger.warn({ err: error }, "redis cache subscriber error"));
  subscriber.on("message", (_channel: string, message: string) => {
    try {
      const { name, key, from } = JSON.parse(message) as { name?: string; key?: string; from?: string };
      if (from !== instance && name) clearHere(name, key ?? undefined);
    } catch (error) {
      logger.warn({ err: error }, "unreadable cache message");
    }
  });
  subscribed = subscriber.subscribe(CHANNEL).then(
    () => undefined,
    (error: unknown) => logger.warn({ err: error }, "redis cache subscription failed"),
  );
}

/** Starts listening for other instances' invalidations and waits until the subscription holds (start-up: no message is missed once it serves). */
export function listenForInvalidations(): Promise<void> {
  listen();
  return subscribed;
}

/** Empties `key`, or every cache called `name`, here and on every other instance (through Redis, when it is configured). */
export function invalidateCache(name: string, key?: string): void {
  listen();
  clearHere(name, key);
  const client = redis();
  if (!client) return;
  client
    .publish(CHANNEL, JSON.stringify({ name, key, from: instance }))
    .catch((error: unknown) => logger.warn({ err: error }, "redis cache invalidation failed"));
}

/** Defines a named cache (once per module). */
export function defineCache<T>({ name, ttlMs, max = 1_000 }: CacheOptions): NamedCache<T> {
  const entries = new LRUCache<string, CacheEntry<Kept<T>>>({ max });
  // Invalidations are numbered: a load that began before one of its key is not kept when it ends.
  let invalidations = 1;
  let clearedAllAt = 0;
  const clearedAt = new Map<string, number>();
  const store: Cache<Kept<T>> = {
    name,
    get: (key) => entries.get(key),
    set(key, entry) {
      const began = Number(entry.metadata.traceId ?? invalidations);
      if (began < clearedAllAt || began < (clearedAt.get(key) ?? 0)) return;
      entries.set(key, entry);
    },
    delete: (key) => entries.delete(key),
  };
  const pending = getPendingValuesCache(store);

  const clear: LocalClear = (key) => {
    invalidations += 1;
    if (key === undefined) {
      clearedAllAt = invalidations;
      clearedAt.clear();
      entries.clear();
      pending.clear();
    } else {
      clearedAt.set(key, invalidations);
      entries.delete(key);
      pending.delete(key);
    }
  };
  let registered = clearsByName.get(name);
  if (!registered) clearsByName.set(name, (registered = new Set()));
  registered.add(clear);

  const alive = (kept: Kept<T>, now: number) => now - kept.at >= 0 && now - kept.at < ttlMs;

  return {
    async get(key, load, options = {}) {
      listen();
      const now = options.now ?? Date.now();
      const kept = await cachified<Kept<T>>({
        key,
        cache: store,
        ttl: ttlMs,
        traceId: invalidations,
        // The time to live is counted on the caller's clock as well, so a caller may say what time it is.
        checkValue: (value) => alive(value as Kept<T>, now),
        getFreshValue: async () => ({ at: now, value: await load() }),
      });
      return kept.value;
    },
    peek(key, options = {}) {
      listen();
      const kept = entries.get(key)?.value;
      return kept && alive(kept, options.now ?? Date.now()) ? kept.value : undefined;
    },
    set(key, value, options = {}) {
      listen();
      entries.set(key, { value: { at: options.now ?? Date.now(), value }, metadata: { createdTime: Date.now(), ttl: ttlMs, swr: 0 } });
    },
    invalidate: (key) => invalidateCache(name, key),
  };
}

const scopes = new WeakMap<object, number>();
let lastScope = 0;

/** A key part naming an object (a database connection), for caches whose entries belong to one such object. */
export function scopeKey(scope: object): string {
  let id = scopes.get(scope);
  if (id === undefined) scopes.set(scope, (id = ++lastScope));
  return `#${id}`;
}

/** Stops listening for other instances (tests, shutdown). */
export async function closeCaches(): Promise<void> {
  const current = subscriber;
  subscriber = undefined;
  await current?.quit().catch(() => current.disconnect());
}
