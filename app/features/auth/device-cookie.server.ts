import { createCookie } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { env } from "~/lib/env.server";

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies";
 * docs/decisions/008). At each successful sign-in the browser gets a signed, long-lived
 * cookie naming the account (its id) with a random nonce. A later sign-in to that
 * account from that browser is "trusted": the throttles that protect the account from
 * strangers (the per-pair waits, the per-IP and per-account ceilings) do not apply to it,
 * so nobody else's failures can keep the owner's own browser out. A cookie used for too
 * many failures stops being trusted (its nonce is counted: rate-limit "login:device-failures").
 *
 * One cookie per browser holds up to MAX_ACCOUNTS accounts (people who share a computer).
 */
export const DEVICE_COOKIE_NAME = "firm_device";
export const DEVICE_COOKIE_DAYS = 365;
const MAX_ACCOUNTS = 5;

const deviceCookie = createCookie(DEVICE_COOKIE_NAME, {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env().appUrl.startsWith("https://"),
  secrets: env().sessionSecrets,
  maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
});

const EntriesSchema = z.array(z.object({ u: z.string().max(100), n: z.string().max(100) })).max(MAX_ACCOUNTS);
type Entry = z.infer<typeof EntriesSchema>[number];

/** The accounts this browser signed in to (an unsigned, tampered or old-secret cookie reads as none). */
async function readEntries(request: Request | undefined): Promise<Entry[]> {
  if (!request) return [];
  const value: unknown = await deviceCookie.parse(request.headers.get("cookie")).catch(() => null);
  const parsed = EntriesSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** The nonce of this browser's device cookie for the account, when it has one. */
export async function trustedDeviceNonce(request: Request | undefined, userId: string): Promise<string | null> {
  return (await readEntries(request)).find((entry) => entry.u === userId)?.n ?? null;
}

/** The Set-Cookie of a successful sign-in: a fresh nonce for this account, the others kept (newest first). */
export async function deviceCookieAfterSignIn(request: Request | undefined, userId: string): Promise<string> {
  const others = (await readEntries(request)).filter((entry) => entry.u !== userId);
  const entries = [{ u: userId, n: randomBytes(16).toString("base64url") }, ...others].slice(0, MAX_ACCOUNTS);
  return deviceCookie.serialize(entries);
}
