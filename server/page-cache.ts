import type { NextFunction, Request, Response } from "express";
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/**
 * The rendered HTML of anonymous public pages, kept in memory per path, query,
 * language, theme and consent state, so that the home page costs about as much
 * as a static file. The store lives in the app (platform.pageCache) so that a
 * content change (clearPublicCache) empties it; entries also expire after a
 * minute, so time-windowed content (announcements) shows up on time.
 *
 * Two middlewares: `pageCacheStore` sits after compression and keeps a copy of
 * what a render sends (the HTML before compression, and its headers);
 * `pageCacheHits` sits before the security headers and the static files, and
 * answers a hit with the same bytes every time (compressed once per encoding) and
 * the headers the render had, less those of one request or one encoding. Its
 * Content-Security-Policy allows exactly the page's inline scripts by their
 * SHA-256 hashes instead of the nonce they were rendered with.
 */
export type CachedPage = {
  html: string;
  /** The render's headers, ready to be sent again (the CSP names the scripts' hashes). */
  headers: Record<string, string | number | string[]>;
  storedAt: number;
  encoded: { br?: Buffer; gzip?: Buffer };
};
export type PageCacheStore = {
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
};

export const PAGE_CACHE_TTL_MS = 60_000;

const CACHEABLE = /^\/(?:services(?:\/[a-z_]+)?|contact|termsOfService|privacyPolicy|privacy-policy|cookiePolicy)?$/;
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

const INLINE_SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [tag, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(tag.slice(0, tag.indexOf(">")))) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

function encodingFor(req: Request): "br" | "gzip" | null {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

function encode(page: CachedPage, encoding: "br" | "gzip"): Buffer {
  page.encoded[encoding] ??=
    encoding === "br" ? brotliCompressSync(page.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(page.html, { level: 9 });
  return page.encoded[encoding]!;
}

/** Headers that belong to one response or one encoding, never replayed. */
const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "set-cookie",
  "date",
  "connection",
  "keep-alive",
  "etag",
  "x-request-id",
  "x-page-cache",
]);

function replayableHeaders(res: Response, html: string): CachedPage["headers"] {
  const headers: CachedPage["headers"] = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = value;
  }
  const policy = headers["content-security-policy"];
  if (typeof policy === "string") {
    headers["content-security-policy"] = policy.replace(/'nonce-[^']*'/g, inlineScriptHashes(html).join(" ") || "'none'");
  }
  headers["cache-control"] = "no-cache";
  return headers;
}

/** Answers a request from the cache when it can: first in the chain. `onHit` adds what a hit needs of the rest (its id, the log line). */
export function pageCacheHits(store: PageCacheStore, options: { now?: () => number; onHit?: (req: Request, res: Response) => void } = {}) {
  const now = options.now ?? Date.now;
  return (req: Request, res: Response, next: NextFunction) => {
    const key = pageCacheKey(req);
    const page = key ? store.get(key) : undefined;
    if (!page || now() - page.storedAt >= PAGE_CACHE_TTL_MS) return next();
    options.onHit?.(req, res);
    const encoding = encodingFor(req);
    const headers = { ...page.headers, "x-page-cache": "hit", vary: "Accept-Encoding" };
    if (!encoding) {
      res.writeHead(200, headers).end(page.html);
      return;
    }
    // Already encoded: nothing after this compresses it again.
    res.writeHead(200, { ...headers, "content-encoding": encoding }).end(encode(page, encoding));
  };
}

/** Keeps a copy of what a render of a cacheable page sends; after compression, which wraps res earlier. */
export function pageCacheStore(store: PageCacheStore, now: () => number = Date.now) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = pageCacheKey(req);
    if (!key) return next();
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
        const html = Buffer.concat(chunks).toString("utf8");
        store.set(key, { html, headers: replayableHeaders(res, html), storedAt: now(), encoded: {} });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}
