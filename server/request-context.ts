import type { NextFunction, Request, Response } from "express";
import { randomUUID } from "node:crypto";
import type http from "node:http";
import { withLogContext } from "../app/lib/logger.server";

/** The request's id: the proxy's X-Request-Id when it looks like one, else a new UUID; echoed in the answer. */
export function requestId(req: http.IncomingMessage, res: http.ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  // The app's error logs (entry.server handleError) read it from the request.
  req.headers["x-request-id"] = id;
  res.setHeader("X-Request-Id", id);
  return id;
}

/**
 * After pino-http (which gave the request its id): everything that serves the request runs in its log context,
 * so every line the app writes meanwhile carries `reqId`, and a job it enqueues keeps the id (app/lib/jobs.server.ts).
 */
export function requestLogContext() {
  return (req: Request, _res: Response, next: NextFunction) => withLogContext({ reqId: String(req.id) }, next);
}
