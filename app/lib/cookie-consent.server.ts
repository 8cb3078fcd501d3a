import {
  CONSENT_COOKIE,
  CONSENT_HIDDEN_COOKIE,
  CONSENT_HIDE_MS,
  CONSENT_MAX_AGE,
  CONSENT_SETTINGS_COOKIE,
  parseConsentSettings,
  type ConsentSettings,
  type ConsentState,
} from "~/lib/cookie-consent";

function parse(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      cookies[name] = part.slice(index + 1).trim();
    }
  }
  return cookies;
}

type CookieOptions = { path: string; maxAge: number; sameSite: "lax"; secure: boolean; httpOnly: boolean };

function serialize(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${options.maxAge}`, `Path=${options.path}`, "SameSite=Lax"];
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** The visitor's consent as the server sees it, so the first HTML shows or hides the banner correctly. */
export function readConsent(request: Request): ConsentState {
  const cookies = parse(request.headers.get("Cookie") ?? "");
  return {
    given: cookies[CONSENT_COOKIE] === "true",
    ...hiddenFor(cookies[CONSENT_HIDDEN_COOKIE]),
    settings: parseConsentSettings(cookies[CONSENT_SETTINGS_COOKIE]),
  };
}

/**
 * The hide cookie holds the time the banner comes back (ms since the epoch): the page can
 * say how long it stays hidden, so it reappears on time even on pages without JavaScript.
 */
function hiddenFor(value: string | undefined): { hidden: boolean; hiddenMs: number } {
  if (!value) return { hidden: false, hiddenMs: 0 };
  const until = Number(value);
  const remaining = Number.isFinite(until) ? Math.min(CONSENT_HIDE_MS, Math.max(0, until - Date.now())) : CONSENT_HIDE_MS;
  return { hidden: remaining > 0, hiddenMs: remaining };
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || (process.env.APP_URL ?? "").startsWith("https://");
}

/** Both cookies: 30 days, path /, Secure on https, SameSite Lax. */
export function consentCookies(request: Request, settings: ConsentSettings): string[] {
  const options = { path: "/", maxAge: CONSENT_MAX_AGE, sameSite: "lax" as const, secure: isHttps(request), httpOnly: true };
  return [serialize(CONSENT_COOKIE, "true", options), serialize(CONSENT_SETTINGS_COOKIE, JSON.stringify({ ...settings, necessary: true }), options)];
}

/** "Hide for 30 seconds" without JavaScript: a cookie that expires after 30 s. */
export function hideCookie(request: Request): string {
  return serialize(CONSENT_HIDDEN_COOKIE, String(Date.now() + CONSENT_HIDE_MS), {
    path: "/",
    maxAge: CONSENT_HIDE_MS / 1000,
    sameSite: "lax",
    secure: isHttps(request),
    httpOnly: true,
  });
}
