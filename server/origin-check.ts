import type { NextFunction, Request, Response } from "express";
import { refuse, trustedForwardedHost } from "./http-guards";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginRequest = Pick<Request, "method" | "headers" | "protocol" | "path">;

/**
 * Refuses mutations sent from another site (CSRF). Browsers send Origin on every
 * cross-site POST; Sec-Fetch-Site covers the rest. An opaque origin (`Origin: null`:
 * sandboxed frames, some privacy modes) is never trusted.
 *
 * - Under /api, only cookie-authenticated requests are at risk: a request with a
 *   bearer token and no cookie passes whatever its Origin.
 * - Pages and resource routes serve browsers only: a foreign origin is refused with
 *   or without cookies (the consent, theme and language routes set cookies for
 *   whoever posts to them, and a refused page post would otherwise reach Remix's
 *   own check, which throws).
 *
 * `forwardedHost` is X-Forwarded-Host only when Express trusts the proxy that sent
 * it (TRUST_PROXY); otherwise the Host header names the site.
 */
export function isForeignMutation(req: OriginRequest, appOrigin: string, forwardedHost: string | null = null): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const api = req.path === "/api" || req.path.startsWith("/api/");
  if (api && !req.headers.cookie) return false;
  const origin = req.headers.origin;
  if (origin === "null") return true;
  if (origin) {
    const host = forwardedHost ?? req.headers.host;
    const allowed = new Set([appOrigin, ...(host ? [`${req.protocol}://${host}`] : [])]);
    return !allowed.has(origin);
  }
  return req.headers["sec-fetch-site"] === "cross-site";
}

export function originCheck(appOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isForeignMutation(req, appOrigin, trustedForwardedHost(req))) return next();
    req.log?.warn({ origin: req.headers.origin }, "refused a cross-site request");
    refuse(req, res, 403, "crossSite");
  };
}
