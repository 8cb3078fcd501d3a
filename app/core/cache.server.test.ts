import { afterEach, describe, expect, it, vi } from "vitest";
import { defineCache, invalidateCache, scopeKey } from "./cache.server";

const NOW = Date.parse("2026-03-18T12:00:00.000Z");
let names = 0;
const fresh = (ttlMs = 1_000, max?: number) => defineCache<{ n: number }>({ name: `test-${++names}`, ttlMs, max });

function counter() {
  let n = 0;
  const load = vi.fn(async () => ({ n: ++n }));
  return load;
}

describe("defineCache", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps a value for its time to live, counted on the caller's clock", async () => {
    const cache = fresh(1_000);
    const load = counter();
    const first = await cache.get("k", load, { now: NOW });
    expect(await cache.get("k", load, { now: NOW + 999 })).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    const later = await cache.get("k", load, { now: NOW + 1_000 });
    expect(later).toEqual({ n: 2 });
    expect(await cache.get("k", load, { now: NOW + 1_500 })).toBe(later);
    // A clock that went back does not trust the entry either.
    expect(await cache.get("k", load, { now: NOW })).toEqual({ n: 3 });
  });

  it("expires on the real clock", async () => {
    vi.useFakeTimers({ now: NOW });
    const cache = fresh(1_000);
    const load = counter();
    await cache.get("k", load);
    vi.setSystemTime(NOW + 999);
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    vi.setSystemTime(NOW + 1_001);
    expect(await cache.get("k", load)).toEqual({ n: 2 });
  });

  it("shares one load between concurrent callers of a key, not between keys", async () => {
    const cache = fresh();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      await gate;
      return { n: 1 };
    });
    const calls = [cache.get("a", load), cache.get("a", load), cache.get("a", load), cache.get("b", load)];
    release();
    const [a1, a2, a3, b] = await Promise.all(calls);
    expect(load).toHaveBeenCalledTimes(2);
    expect(a1).toBe(a2);
    expect(a2).toBe(a3);
    expect(b).not.toBe(a1);
  });

  it("does not keep a failed load", async () => {
    const cache = fresh();
    const failing = vi.fn(async () => {
      throw new Error("down");
    });
    await expect(cache.get("k", failing)).rejects.toThrow("down");
    const load = counter();
    expect(await cache.get("k", load)).toEqual({ n: 1 });
  });

  it("invalidates one key, or every cache of a name", async () => {
    const name = `shared-${++names}`;
    const one = defineCache<{ n: number }>({ name, ttlMs: 60_000 });
    const two = defineCache<{ n: number }>({ name, ttlMs: 60_000 });
    const load = counter();
    await one.get("a", load);
    await one.get("b", load);
    two.set("page", { n: 100 });

    one.invalidate("a");
    expect(await one.get("a", load)).toEqual({ n: 3 });
    expect(await one.get("b", load)).toEqual({ n: 2 });
    expect(two.peek("page")).toEqual({ n: 100 });

    invalidateCache(name);
    expect(two.peek("page")).toBeUndefined();
    expect(await one.get("b", load)).toEqual({ n: 4 });
  });

  /** A load of `value` that waits until `release` is called; `started` resolves once it has begun. */
  function heldLoad(value: { n: number }) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let begin!: () => void;
    const started = new Promise<void>((resolve) => (begin = resolve));
    const load = async () => {
      begin();
      await gate;
      return value;
    };
    return { load, started, release };
  }

  it.each([
    ["the whole cache", undefined],
    ["its key", "k"],
  ])("does not keep a load that began before an invalidation of %s", async (_, key) => {
    const cache = fresh(60_000);
    const old = heldLoad({ n: 0 });
    const stale = cache.get("k", old.load);
    await old.started;
    cache.invalidate(key);
    old.release();
    // Its caller gets what it loaded, but the next caller loads again.
    expect(await stale).toEqual({ n: 0 });
    expect(cache.peek("k")).toBeUndefined();
    const load = counter();
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the load of a caller after an invalidation, not the one that began before it and ends after", async () => {
    const cache = fresh(60_000);
    const old = heldLoad({ n: 0 });
    const stale = cache.get("k", old.load);
    await old.started;
    cache.invalidate();
    // A caller after the invalidation does not wait for the old load.
    const load = counter();
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    old.release();
    expect(await stale).toEqual({ n: 0 });
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps at most `max` entries, the least recently used going first", async () => {
    const cache = fresh(60_000, 2);
    cache.set("a", { n: 1 });
    cache.set("b", { n: 2 });
    cache.peek("a");
    cache.set("c", { n: 3 });
    expect(cache.peek("a")).toEqual({ n: 1 });
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("c")).toEqual({ n: 3 });
  });

  it("names each scope object with its own key part", () => {
    const one = {};
    const two = {};
    expect(scopeKey(one)).toBe(scopeKey(one));
    expect(scopeKey(one)).not.toBe(scopeKey(two));
  });
});
