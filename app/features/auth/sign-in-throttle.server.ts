import { AppError } from "~/lib/app-error";
import { clearBackoff, consume, isLimited, readBackoff, recordBackoffFailure, reset, type LimitResult } from "~/lib/rate-limit.server";

/**
 * Sign-in throttling (docs/decisions/008). Only failures count, and a success is never
 * what keeps anyone out:
 *
 * - per (account, IP) pair: the first FREE_FAILURES failures cost nothing; from then on
 *   each failure makes that pair wait before its next attempt, FIRST_WAIT doubling up to
 *   MAX_WAIT. A success clears the pair; otherwise it is forgotten PAIR_MEMORY after its
 *   last failure. Someone failing from another address never slows the owner down.
 * - per IP: a generous ceiling on failures (LIMITS "login:ip-failures"), against one
 *   address trying many accounts; an office behind one address signs in as usual.
 * - per account, for browsers it does not know: a ceiling on failures from all addresses
 *   together (LIMITS "login:account-failures"), against guessing spread over many addresses.
 * - a browser with the account's device cookie skips all three (device-cookie.server.ts);
 *   its own failures are counted (LIMITS "login:device-failures") and past that ceiling
 *   it is treated like any other browser.
 */
export const FREE_FAILURES = 4;
export const FIRST_WAIT_SECONDS = 15;
export const MAX_WAIT_SECONDS = 15 * 60;
export const PAIR_MEMORY_SECONDS = 24 * 60 * 60;

/** The wait after the pair's `failures`-th failure: none for the first FREE_FAILURES, then 15 s, 30 s, 1 min, … 15 min. */
export function waitAfterFailures(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (failures - FREE_FAILURES - 1)) * 1000;
}

export type SignInAttempt = {
  email: string;
  ip: string;
  /** The nonce of the browser's device cookie for this account, when it has one. */
  deviceNonce: string | null;
};

const pairKey = (attempt: SignInAttempt) => `${attempt.email.toLowerCase()}\n${attempt.ip}`;

/** The refusal of a throttled attempt: how long to wait, in the caller's language, with Retry-After. */
function throttled(seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(429, "auth:errors.signInThrottled", {
    params: { count: Math.ceil(wait / 60) },
    headers: { "Retry-After": String(wait) },
  });
}

function refuseIfLimited(result: LimitResult): void {
  if (!result.ok) throw throttled(result.retryAfterSeconds);
}

/** Whether the attempt comes from a browser the account trusts (a device cookie that has not failed too often). */
export async function isTrusted(attempt: SignInAttempt): Promise<boolean> {
  return attempt.deviceNonce !== null && (await isLimited("login:device-failures", attempt.deviceNonce)).ok;
}

/** Before the password is checked: throws a 429 AppError when this attempt must wait. */
export async function checkSignInAllowed(attempt: SignInAttempt, trusted: boolean): Promise<void> {
  if (trusted) return;
  const pair = await readBackoff("login:pair", pairKey(attempt));
  if (pair && pair.waitUntil > Date.now()) throw throttled((pair.waitUntil - Date.now()) / 1000);
  refuseIfLimited(await isLimited("login:ip-failures", attempt.ip));
  refuseIfLimited(await isLimited("login:account-failures", attempt.email));
}

/**
 * A wrong password (or an unknown address). A stranger's failure counts against the pair, the IP
 * and the account; a trusted browser's only against its device cookie (so that nobody's typing
 * mistakes in their own browser hold back anyone else).
 */
export async function recordSignInFailure(attempt: SignInAttempt, trusted: boolean): Promise<void> {
  if (trusted && attempt.deviceNonce) {
    await consume("login:device-failures", attempt.deviceNonce);
    return;
  }
  await recordBackoffFailure("login:pair", pairKey(attempt), waitAfterFailures, PAIR_MEMORY_SECONDS);
  await consume("login:ip-failures", attempt.ip);
  await consume("login:account-failures", attempt.email);
}

/**
 * The right password: a stranger's pair starts afresh (a trusted browser's success says nothing
 * about the other browsers at its address, so it leaves their pair alone), and so does the
 * device cookie's count. The ceilings are left alone.
 */
export async function recordSignInSuccess(attempt: SignInAttempt, trusted: boolean): Promise<void> {
  if (!trusted) await clearBackoff("login:pair", pairKey(attempt));
  if (attempt.deviceNonce) await reset("login:device-failures", attempt.deviceNonce);
}

/** A password reset (the owner proved the address): the account's ceiling starts afresh. */
export async function clearAccountThrottle(email: string): Promise<void> {
  await reset("login:account-failures", email);
}
