import type { NextFunction, Request, Response } from "express";

/**
 * The host's refusals of requests that must not reach the app: methods it does
 * not serve, URLs that cannot be decoded, bodies over the limit, multipart bodies
 * without a boundary. Each is a 4xx: `{ message }` as JSON under /api (and for
 * 413 everywhere), a line of text elsewhere, in the caller's language.
 */

/** Every JSON, form or other non-multipart body is read whole here, up to this size (uploads keep their own limits). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Permissions-Policy: deny-all for the browser features the portal never uses,
 * to it and anything it frames. Fullscreen stays for the page itself (the shell's
 * full-screen hotkey). Only names Chromium knows (an unknown one is a console error).
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "fullscreen=(self)",
].join(", ");

const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

type MessageKey = "methodNotAllowed" | "badUrl" | "tooLarge" | "badMultipart" | "crossSite" | "starting";
const MESSAGES: Record<"en" | "ar" | "fr", Record<MessageKey, string>> = {
  en: {
    methodNotAllowed: "This method is not allowed here.",
    badUrl: "The address is malformed.",
    tooLarge: "The request is too large (at most 1 MB).",
    badMultipart: "The form data is malformed (no boundary).",
    crossSite: "Cross-site request refused.",
    starting: "The server is starting. Please try again in a few moments.",
  },
  ar: {
    methodNotAllowed: "هذه الطريقة غير مسموح بها هنا.",
    badUrl: "العنوان غير صالح.",
    tooLarge: "الطلب كبير جدًا (1 ميغابايت على الأكثر).",
    badMultipart: "بيانات النموذج غير صالحة (لا يوجد حد فاصل).",
    crossSite: "تم رفض طلب من موقع آخر.",
    starting: "الخادم قيد التشغيل. يرجى المحاولة مرة أخرى بعد لحظات.",
  },
  fr: {
    methodNotAllowed: "Cette méthode n'est pas autorisée ici.",
    badUrl: "L'adresse est mal formée.",
    tooLarge: "La requête est trop volumineuse (1 Mo au maximum).",
    badMultipart: "Les données du formulaire sont mal formées (pas de délimiteur).",
    crossSite: "Requête intersite refusée.",
    starting: "Le serveur démarre. Veuillez réessayer dans quelques instants.",
  },
};

/** The first of our languages that Accept-Language names, else English (the host has no session to ask). */
function languageOf(req: Pick<Request, "headers">): keyof typeof MESSAGES {
  const header = String(req.headers["accept-language"] ?? "");
  for (const part of header.split(",")) {
    const base = part.trim().split(/[-;]/)[0]?.toLowerCase();
    if (base === "en" || base === "ar" || base === "fr") return base;
  }
  return "en";
}

function isApiPath(req: Pick<Request, "originalUrl" | "url">): boolean {
  const url = req.originalUrl || req.url;
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/** Answers a refusal: JSON under /api (or when `json`), text elsewhere. */
export function refuse(req: Request, res: Response, status: number, key: MessageKey, options: { json?: boolean; headers?: Record<string, string> } = {}): void {
  const message = MESSAGES[languageOf(req)][key];
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  if (options.json || isApiPath(req)) res.status(status).json({ message });
  else res.status(status).type("text/plain").send(message);
}

/** TRACE, CONNECT and other methods the app does not serve: 405 (Express would pass them on and fail). */
export function methodGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SERVED_METHODS.includes(req.method)) return next();
    refuse(req, res, 405, "methodNotAllowed", { headers: { Allow: SERVED_METHODS.join(", ") } });
  };
}

/** A path with bad percent-encoding (`/%E0%A4%A`) is a 400, before any route tries to decode it. */
export function urlGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    try {
      decodeURIComponent(req.path);
      return next();
    } catch {
      refuse(req, res, 400, "badUrl");
    }
  };
}

/** What a balancer asks of an instance that is still starting: these reach the app, which answers them without the database's tables. */
const PROBES = new Set(["/api/health", "/api/ready"]);

/**
 * Until start-up is over (migrations, seeds) every request but the two probes gets 503 with Retry-After: the
 * server listens from the start so that a balancer sees "not ready" rather than a refused connection.
 */
export function startingGuard(isReady: () => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isReady() || PROBES.has(req.path)) return next();
    refuse(req, res, 503, "starting", { headers: { "Retry-After": "5" } });
  };
}

/** What is still read (and dropped) of a refused body, so the client reads the 413 before the connection closes. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;
const DRAIN_LIMIT_MS = 5_000;

/**
 * The 413, always JSON. Nothing of the rest of the body is kept. Closing at once would reset a client
 * that is still sending, and a reset can drop the answer it has not read yet; so the rest is read and
 * dropped, up to a bound of bytes and time, and only then does the answer end and the connection
 * close. The answer is written whole at once (its Content-Length tells the client it is complete), but
 * ended only after the rest: Node closes a "Connection: close" answer's connection as soon as it ends.
 */
function tooLarge(req: Request, res: Response): void {
  const body = JSON.stringify({ message: MESSAGES[languageOf(req)].tooLarge });
  res.writeHead(413, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body), Connection: "close" });
  res.write(body);
  let drained = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off("data", onDrain);
    if (!res.writableEnded) res.end();
  };
  const onDrain = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) stop();
  };
  const timer = setTimeout(stop, DRAIN_LIMIT_MS);
  timer.unref();
  req.on("data", onDrain);
  req.once("end", stop);
  req.once("close", stop);
  req.resume();
}

/**
 * Reads a non-multipart body whole, at most `limit` bytes, before the app parses
 * it: a declared Content-Length over the limit is refused at once, a chunked body
 * as soon as the bytes received pass it. The bytes are left in `res.locals.body`
 * for the Remix request (server/remix-handler.ts). Multipart bodies stream on to
 * the upload handlers, which have their own limits; without a boundary they are
 * a 400 here.
 */
export function bodyLimit(limit = BODY_LIMIT_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const type = String(req.headers["content-type"] ?? "").toLowerCase();
    if (type.startsWith("multipart/")) {
      return /;\s*boundary=[^;\s]/.test(type) ? next() : refuse(req, res, 400, "badMultipart");
    }
    const declared = req.headers["content-length"];
    if (declared !== undefined && !(Number(declared) <= limit)) return tooLarge(req, res);

    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      cleanup();
      req.pause();
      tooLarge(req, res);
    };
    const onEnd = () => {
      cleanup();
      res.locals.body = Buffer.concat(chunks);
      next();
    };
    const onError = (error: Error) => {
      cleanup();
      next(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}

/** The X-Forwarded-Host Express trusts (trust proxy on and the peer a trusted proxy), else null. */
export function trustedForwardedHost(req: Request): string | null {
  const forwarded = req.get("x-forwarded-host");
  if (!forwarded) return null;
  const trust = req.app.get("trust proxy fn") as ((address: string | undefined, hop: number) => boolean) | undefined;
  if (!trust?.(req.socket.remoteAddress, 0)) return null;
  return forwarded.split(",")[0]!.trim() || null;
}

/** Host and port the request was addressed to, the way req.hostname reads them (with the port). */
export function requestHost(req: Request): string | undefined {
  return trustedForwardedHost(req) ?? req.get("host");
}
