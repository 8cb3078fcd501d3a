import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cookie-authenticated mutations sent from another site (CSRF). A
 * request with a bearer token and no cookie is not at risk and passes.
 * Browsers send Origin on every cross-site POST; Sec-Fetch-Site covers the rest.
 */
export function isForeignMutation(req: Pick<Request, "method" | "headers" | "protocol">, appOrigin: string): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  if (!req.headers.cookie) return false;
  const origin = req.headers.origin;
  if (origin && origin !== "null") {
    const host = req.headers["x-forwarded-host"] ?? req.headers.host;
    const allowed = new Set([appOrigin, `${req.protocol}://${host}`]);
    return !allowed.has(origin);
  }
  const site = req.headers["sec-fetch-site"];
  return site === "cross-site";
}

export function originCheck(appOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isForeignMutation(req, appOrigin)) return next();
    req.log?.warn({ origin: req.headers.origin }, "refused a cross-site request");
    if (req.path.startsWith("/api/")) {
      res.status(403).json({ message: "Cross-site request refused" });
    } else {
      res.status(403).type("text/plain").send("Cross-site request refused");
    }
  };
}
