import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { redis } from "./redis.server";

/**
 * Named limits, in memory by default and shared through Redis when REDIS_URL
 * is set (with the memory limiter as insurance if Redis stops answering).
 */
export const LIMITS = {
  "login:ip": { points: 30, duration: 15 * 60 },
  "login:account": { points: 8, duration: 15 * 60 },
  "register:ip": { points: 10, duration: 60 * 60 },
  "register:account": { points: 5, duration: 60 * 60 },
  "reset:ip": { points: 10, duration: 60 * 60 },
  "reset:account": { points: 3, duration: 60 * 60 },
  "resend:ip": { points: 10, duration: 60 * 60 },
  "resend:account": { points: 3, duration: 60 * 60 },
  "email-change:account": { points: 5, duration: 60 * 60 },
  "contact:ip": { points: 5, duration: 10 * 60 },
  "upload:user": { points: 60, duration: 60 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

export type LimitName = keyof typeof LIMITS;

const limiters = new Map<LimitName, RateLimiterAbstract>();

function limiter(name: LimitName): RateLimiterAbstract {
  let found = limiters.get(name);
  if (!found) {
    const { points, duration } = LIMITS[name];
    const memory = new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration });
    const client = redis();
    found = client
      ? new RateLimiterRedis({ storeClient: client, keyPrefix: `rl:${name}`, points, duration, insuranceLimiter: memory })
      : memory;
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
 * Whether `key` has used up `name` without counting an attempt: the per-account
 * sign-in limit counts failures only, so it is checked first and consumed on failure.
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

export function resetLimitersForTests(): void {
  limiters.clear();
}
