import type { NextFunction, Request, Response } from "express";

/**
 * The rendered HTML of anonymous public pages, kept in memory per path, query,
 * language, theme and consent state, so that the home page costs about as much
 * as a static file. The store lives in the app (platform.pageCache) so that a
 * content change (clearPublicCache) empties it; entries also expire after a
 * minute, so time-windowed content (announcements) shows up on time.
 * Each hit gets the request's own CSP nonce.
 */
export type CachedPage = { html: string; nonce: string; contentType: string; storedAt: number };
export type PageCacheStore = {
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  clear(): void;
};

export const PAGE_CACHE_TTL_MS = 60_000;

const CACHEABLE = /^\/(?:services(?:\/[a-z_]+)?|termsOfService|privacyPolicy|privacy-policy|cookiePolicy)?$/;
/** Cookies that change what an anonymous page shows. */
const VARYING_COOKIES = ["lng", "theme", "cookie_consent", "cookie_consent_settings", "cookie_consent_hidden", "announcement_dismissed"];
/** Cookies that make a page personal (a session) or one-off (a flash message): never cached. */
const PERSONAL_COOKIES = ["firm_auth_token", "toast"];

function cookieMap(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

/** The cache key of a request, or null when its answer must not be shared. */
export function pageCacheKey(req: Pick<Request, "method" | "path" | "originalUrl" | "headers">): string | null {
  if (req.method !== "GET" || !CACHEABLE.test(req.path)) return null;
  const cookies = cookieMap(req.headers.cookie);
  if (PERSONAL_COOKIES.some((name) => cookies.has(name))) return null;
  const varying = VARYING_COOKIES.map((name) => cookies.get(name) ?? "").join("|");
  // Without a chosen language the server picks one from Accept-Language.
  const language = cookies.has("lng") || req.originalUrl.includes("lng=") ? "" : String(req.headers["accept-language"] ?? "");
  return `${req.originalUrl}\n${varying}\n${language}`;
}

export function pageCache(store: PageCacheStore, now: () => number = Date.now) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = pageCacheKey(req);
    if (!key) return next();
    const nonce = res.locals.cspNonce as string;
    const hit = store.get(key);
    if (hit && now() - hit.storedAt < PAGE_CACHE_TTL_MS) {
      res.setHeader("X-Page-Cache", "hit");
      res.setHeader("Cache-Control", "no-cache");
      res.type(hit.contentType).send(hit.html.replaceAll(hit.nonce, nonce));
      return;
    }
    // Render as usual and keep a copy of what goes out (before compression, which wraps res earlier).
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as string));
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as string));
      const contentType = String(res.getHeader("content-type") ?? "");
      if (res.statusCode === 200 && !res.getHeader("set-cookie") && contentType.startsWith("text/html")) {
        store.set(key, { html: Buffer.concat(chunks).toString("utf8"), nonce, contentType, storedAt: now() });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}
