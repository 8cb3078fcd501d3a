import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { logger } from "./logger.server";
import { redis } from "./redis.server";

/**
 * Named limits, in memory by default and shared through Redis when REDIS_URL
 * is set (with the memory limiter as insurance if Redis stops answering).
 * The sign-in limits count failures only (docs/decisions/008).
 */
export const LIMITS = {
  /** Failed sign-ins from one address, whatever the accounts: a ceiling for password spraying. */
  "login:ip-failures": { points: 100, duration: 60 * 60 },
  /** Failed sign-ins to one account from browsers it does not know: the lockout of untrusted clients. */
  "login:account-failures": { points: 50, duration: 60 * 60 },
  /** Failed sign-ins through one device cookie: a stolen cookie stops being trusted. */
  "login:device-failures": { points: 10, duration: 60 * 60 },
  /** Wrong two-factor codes for one account (docs/decisions/010): 10 an hour, then every code waits. */
  "mfa:account-failures": { points: 10, duration: 60 * 60 },
  "register:ip": { points: 10, duration: 60 * 60 },
  "register:account": { points: 5, duration: 60 * 60 },
  "reset:ip": { points: 10, duration: 60 * 60 },
  "reset:account": { points: 3, duration: 60 * 60 },
  "resend:ip": { points: 10, duration: 60 * 60 },
  "resend:account": { points: 3, duration: 60 * 60 },
  "email-change:account": { points: 5, duration: 60 * 60 },
  "contact:ip": { points: 5, duration: 10 * 60 },
  "upload:user": { points: 60, duration: 60 * 60 },
  /** Certificate look-ups on /verify/{no} from one address: far too few to enumerate numbers (docs/decisions/013). */
  "verify:ip": { points: 30, duration: 10 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

export type LimitName = keyof typeof LIMITS;

const limiters = new Map<LimitName, RateLimiterAbstract>();

function limiter(name: LimitName): RateLimiterAbstract {
  let found = limiters.get(name);
  if (!found) {
    const { points, duration } = LIMITS[name];
    const memory = new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration });
    const client = redis();
    found = client ? new RateLimiterRedis({ storeClient: client, keyPrefix: `rl:${name}`, points, duration, insuranceLimiter: memory }) : memory;
    limiters.set(name, found);
  }
  return found;
}

export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Counts one attempt against `name` for `key`; says whether it is still allowed. */
export async function consume(name: LimitName, key: string): Promise<LimitResult> {
  try {
    await limiter(name).consume(key.toLowerCase());
    return { ok: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
    throw rejection;
  }
}

/**
 * Whether `key` has used up `name` without counting an attempt: the sign-in limits
 * count failures only, so they are checked first and consumed on failure.
 */
export async function isLimited(name: LimitName, key: string): Promise<LimitResult> {
  const state = await limiter(name).get(key.toLowerCase());
  if (state && state.consumedPoints >= LIMITS[name].points) {
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
  }
  return { ok: true };
}

/** Forgets the attempts of `key` (after a successful sign-in, for example). */
export async function reset(name: LimitName, key: string): Promise<void> {
  await limiter(name).delete(key.toLowerCase());
}

// ---------------------------------------------------------------------------
// Back-off records: a failure count and a time before which the next attempt waits.
// The caller decides the wait from the count (growing delays); the record is forgotten
// `ttlSeconds` after the last failure. Times are the app's clock (Date.now()), so the
// same record works in memory and in Redis.

export type Backoff = { failures: number; waitUntil: number };

const MEMORY_BACKOFF_CAP = 100_000;
const memoryBackoffs = new Map<string, Backoff & { expiresAt: number }>();

/** Redis keys and memory keys carry a hash of the key (addresses and e-mails stay out of the store). */
function backoffKey(name: string, key: string): string {
  return `bo:${name}:${createHash("sha256").update(key.toLowerCase()).digest("base64url")}`;
}

function readMemoryBackoff(id: string): Backoff | null {
  const found = memoryBackoffs.get(id);
  if (!found) return null;
  if (found.expiresAt <= Date.now()) {
    memoryBackoffs.delete(id);
    return null;
  }
  return { failures: found.failures, waitUntil: found.waitUntil };
}

function writeMemoryBackoff(id: string, value: Backoff, ttlSeconds: number): void {
  memoryBackoffs.delete(id);
  // The oldest records go first when an attacker fills the map with made-up keys.
  while (memoryBackoffs.size >= MEMORY_BACKOFF_CAP) memoryBackoffs.delete(memoryBackoffs.keys().next().value!);
  memoryBackoffs.set(id, { ...value, expiresAt: Date.now() + ttlSeconds * 1000 });
}

/** Runs the Redis version when REDIS_URL is set, the memory one otherwise or when Redis fails. */
async function withStore<T>(redisWork: (client: NonNullable<ReturnType<typeof redis>>) => Promise<T>, memoryWork: () => T): Promise<T> {
  const client = redis();
  if (!client) return memoryWork();
  try {
    return await redisWork(client);
  } catch (error) {
    logger.warn({ err: error }, "redis back-off store failed; using memory");
    return memoryWork();
  }
}

export async function readBackoff(name: string, key: string): Promise<Backoff | null> {
  const id = backoffKey(name, key);
  return withStore(
    async (client) => {
      const found = await client.hgetall(id);
      if (!found.failures) return null;
      return { failures: Number(found.failures), waitUntil: Number(found.waitUntil ?? 0) };
    },
    () => readMemoryBackoff(id),
  );
}

/**
 * Counts one failure and sets the wait that `waitMsAfter(failures)` gives for the new count
 * (0: no wait). Answers the record as it now is.
 */
export async function recordBackoffFailure(name: string, key: string, waitMsAfter: (failures: number) => number, ttlSeconds: number): Promise<Backoff> {
  const id = backoffKey(name, key);
  return withStore(
    async (client) => {
      const [[incrementError, failures] = [null, 0]] =
        (await client
          .multi()
          .hincrby(id, "failures", 1)
          .pexpire(id, ttlSeconds * 1000)
          .exec()) ?? [];
      if (incrementError) throw incrementError;
      const count = Number(failures);
      const wait = waitMsAfter(count);
      const waitUntil = wait > 0 ? Date.now() + wait : 0;
      await client.hset(id, "waitUntil", String(waitUntil));
      return { failures: count, waitUntil };
    },
    () => {
      const failures = (readMemoryBackoff(id)?.failures ?? 0) + 1;
      const wait = waitMsAfter(failures);
      const record = { failures, waitUntil: wait > 0 ? Date.now() + wait : 0 };
      writeMemoryBackoff(id, record, ttlSeconds);
      return record;
    },
  );
}

export async function clearBackoff(name: string, key: string): Promise<void> {
  const id = backoffKey(name, key);
  memoryBackoffs.delete(id);
  await withStore(
    async (client) => {
      await client.del(id);
    },
    () => undefined,
  );
}

export function resetLimitersForTests(): void {
  limiters.clear();
  memoryBackoffs.clear();
}
