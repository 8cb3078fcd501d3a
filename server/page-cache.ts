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
 * A hit sends the same bytes every time (compressed once per encoding): its
 * Content-Security-Policy allows exactly the page's inline scripts by their
 * SHA-256 hashes instead of the nonce they were rendered with.
 */
export type CachedPage = {
  html: string;
  contentType: string;
  storedAt: number;
  /** `'sha256-…'` sources of the page's inline scripts */
  scriptHashes: string[];
  encoded: { br?: Buffer; gzip?: Buffer };
};
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

const INLINE_SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [tag, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(tag.slice(0, tag.indexOf(">")))) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body ?? "").digest("base64")}'`);
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
    encoding === "br"
      ? brotliCompressSync(page.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(page.html, { level: 9 });
  return page.encoded[encoding]!;
}

function sendHit(req: Request, res: Response, page: CachedPage): void {
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") {
    res.setHeader("Content-Security-Policy", policy.replace(/'nonce-[^']*'/g, page.scriptHashes.join(" ") || "'none'"));
  }
  res.setHeader("X-Page-Cache", "hit");
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("Content-Type", page.contentType);
  const encoding = encodingFor(req);
  if (!encoding) {
    res.end(page.html);
    return;
  }
  // Already encoded: the compression middleware leaves it alone.
  res.setHeader("Content-Encoding", encoding);
  res.end(encode(page, encoding));
}

export function pageCache(store: PageCacheStore, now: () => number = Date.now) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = pageCacheKey(req);
    if (!key) return next();
    const hit = store.get(key);
    if (hit && now() - hit.storedAt < PAGE_CACHE_TTL_MS) {
      sendHit(req, res, hit);
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
        const html = Buffer.concat(chunks).toString("utf8");
        store.set(key, { html, contentType, storedAt: now(), scriptHashes: inlineScriptHashes(html), encoded: {} });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}
