import { createCookie } from "@remix-run/node";
import { env } from "~/lib/env.server";

/**
 * The restricted session a one-click link opens (docs/decisions/021): a signed cookie of its own,
 * apart from the session cookie, that names one link, its user and the one record it opens, and
 * when it ends. Nothing else reads it: `requireUser` and the API's bearer tokens look only at the
 * session cookie and the Authorization header (session.server.ts), so a restricted session is no
 * session there. The area that issued the link checks on every request that the link is still
 * live (not revoked, not expired, its record still open, its user active), so revoking works at once.
 *
 * The cookie has no Max-Age: it ends with the browser, and at `expiresAt` (at most
 * RESTRICTED_SESSION_HOURS after the link was opened, never past the link's own expiry).
 */
export const LINK_SESSION_COOKIE_NAME = "firm_request_link";
export const RESTRICTED_SESSION_HOURS = 12;

export type LinkSession = { linkId: string; userId: string; listId: string; expiresAt: string };

const linkSessionCookie = createCookie(LINK_SESSION_COOKIE_NAME, {
  path: "/",
  httpOnly: true,
  // Lax, not Strict: the link is opened from a mail client, and the redirect that follows must carry it.
  sameSite: "lax",
  secure: env().appUrl.startsWith("https://"),
  secrets: env().sessionSecrets,
});

/** The Set-Cookie value of a restricted session for one link (ending at the link's expiry or after RESTRICTED_SESSION_HOURS, whichever is first). */
export function commitLinkSession(session: Omit<LinkSession, "expiresAt"> & { linkExpiresAt: string }, now = new Date()): Promise<string> {
  const cap = now.getTime() + RESTRICTED_SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(Math.min(cap, Date.parse(session.linkExpiresAt))).toISOString();
  const value: LinkSession = { linkId: session.linkId, userId: session.userId, listId: session.listId, expiresAt };
  return linkSessionCookie.serialize(value);
}

export function clearLinkSession(): Promise<string> {
  return linkSessionCookie.serialize("", { maxAge: 0 });
}

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 200;

/** The request's restricted session, or null (none, tampered with, or past its end). Whether its link is still live is the issuing area's check. */
export async function readLinkSession(request: Request, now = new Date()): Promise<LinkSession | null> {
  let value: unknown;
  try {
    value = await linkSessionCookie.parse(request.headers.get("cookie"));
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { linkId, userId, listId, expiresAt } = value as Record<string, unknown>;
  if (!isText(linkId) || !isText(userId) || !isText(listId) || !isText(expiresAt)) return null;
  if (!(Date.parse(expiresAt) > now.getTime())) return null;
  return { linkId, userId, listId, expiresAt };
}

/**
 * The Referrer-Policy of the pages a link leads to (/r/… and /requests/…), set for every document
 * there by entry.server: `same-origin`, so that no Referer leaves the firm's site. (The redirect
 * that answers a live link is `no-referrer`, see the /r route. The pages themselves cannot be
 * `no-referrer`: under it browsers send `Origin: null` with the page's own form posts, the
 * language, theme and cookie-consent forms included, and the host's cross-site check refuses those.)
 */
export function linkPageReferrerPolicy(pathname: string): string | null {
  return pathname.startsWith("/r/") || pathname === "/requests" || pathname.startsWith("/requests/") ? "same-origin" : null;
}
