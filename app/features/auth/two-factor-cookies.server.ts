import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/lib/env.server";
import { CHALLENGE_SECONDS } from "./two-factor.schema";

/**
 * The browser's cookies of two-factor sign-in (docs/decisions/010), as Set-Cookie values for the doors:
 *
 * - `firm_mfa_pending`: the sealed pending sign-in between the password and the code (ten minutes).
 * - `firm_mfa_trust`: "trust this browser for 30 days". Signed; names the account, its two-factor
 *   set-up time and an expiry. A reset or a new set-up changes that time, so every trusted browser
 *   of the account is asked for a code again. Up to five accounts per browser.
 */
export const TRUST_DAYS = 30;
const MAX_ACCOUNTS = 5;
const secure = () => env().appUrl.startsWith("https://");

const pendingCookie = createCookie("firm_mfa_pending", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: secure(),
  secrets: env().sessionSecrets,
  maxAge: CHALLENGE_SECONDS,
});

const trustCookie = createCookie("firm_mfa_trust", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: secure(),
  secrets: env().sessionSecrets,
  maxAge: TRUST_DAYS * 24 * 60 * 60,
});

export async function readPendingChallenge(request: Request): Promise<string | null> {
  const value: unknown = await pendingCookie.parse(request.headers.get("cookie")).catch(() => null);
  return typeof value === "string" && value ? value : null;
}

export const setPendingChallenge = (token: string) => pendingCookie.serialize(token);
export const clearPendingChallenge = () => pendingCookie.serialize("", { maxAge: 0 });

const TrustSchema = z.array(z.object({ u: z.string().max(100), s: z.string().max(40), e: z.number() })).max(MAX_ACCOUNTS);
type TrustEntry = z.infer<typeof TrustSchema>[number];

async function readTrust(request: Request | undefined): Promise<TrustEntry[]> {
  if (!request) return [];
  const value: unknown = await trustCookie.parse(request.headers.get("cookie")).catch(() => null);
  const parsed = TrustSchema.safeParse(value);
  return parsed.success ? parsed.data.filter((entry) => entry.e > Date.now()) : [];
}

/** Whether this browser was trusted for the account's current two-factor set-up (`stamp`: its set-up time). */
export async function isBrowserTrusted(request: Request | undefined, userId: string, stamp: string): Promise<boolean> {
  return (await readTrust(request)).some((entry) => entry.u === userId && entry.s === stamp);
}

/** The Set-Cookie that trusts this browser for the account for 30 days (other accounts kept, newest first). */
export async function trustBrowser(request: Request, userId: string, stamp: string): Promise<string> {
  const others = (await readTrust(request)).filter((entry) => entry.u !== userId);
  const entries = [{ u: userId, s: stamp, e: Date.now() + TRUST_DAYS * 24 * 60 * 60 * 1000 }, ...others].slice(0, MAX_ACCOUNTS);
  return trustCookie.serialize(entries);
}
