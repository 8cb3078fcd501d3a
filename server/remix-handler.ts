import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixRequestHandler,
  writeReadableStreamToWritable,
  type ServerBuild,
} from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { refuse, requestHost, trustedForwardedHost } from "./http-guards";
import type { AppLoadContext } from "./platform";

/**
 * Express → Remix, as @remix-run/express does it, with three differences:
 * - the body is the one server/http-guards.ts bodyLimit already read (bounded), when it read one;
 * - X-Forwarded-Host reaches the app (and Remix's own origin check) only when
 *   Express trusts the proxy; otherwise the Host header names the request's host;
 * - the app's response headers replace those set before (helmet's), instead of
 *   being appended to them: a download's own `X-Content-Type-Options` and CSP are
 *   sent once. Only Set-Cookie is appended.
 */
export function remixRequest(req: Request, res: Response): globalThis.Request | null {
  const host = requestHost(req);
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return null;
  }
  const headers = new Headers();
  const forwardedHostTrusted = trustedForwardedHost(req) !== null;
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined || (name === "x-forwarded-host" && !forwardedHostTrusted)) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body: unknown = res.locals.body;
    init.body = Buffer.isBuffer(body) ? new Uint8Array(body) : createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  // Abort loaders and actions when the answer can no longer be sent (closed before finished).
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

export async function sendRemixResponse(res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name.toLowerCase() === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export function createRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
}) {
  const handle = createRemixRequestHandler(options.build, options.mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = remixRequest(req, res);
      if (!request) return refuse(req, res, 400, "badUrl");
      await sendRemixResponse(res, await handle(request, options.getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
}
