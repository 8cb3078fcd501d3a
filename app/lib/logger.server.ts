import { AsyncLocalStorage } from "node:async_hooks";
import os from "node:os";
import pino from "pino";

/**
 * Structured logs (JSON lines). Every line carries `instance` (INSTANCE_ID, else hostname:pid), and every line
 * written while serving a request or running a job carries that work's context through AsyncLocalStorage
 * (`reqId`; a job's `jobId` and `job`, and the `reqId` of the request that enqueued it): a `logger.warn(...)` deep
 * in an area needs no logger passed down to be found with the rest of its request, across instances.
 */
export type LogContext = { reqId?: string; jobId?: string; job?: string };

// One store per process: the host (server/) and the app's build each bundle this module, and the host starts
// the request's context that the build's log lines read.
const STORE_KEY = Symbol.for("firm-portal.log-context");
const store = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??= new AsyncLocalStorage<LogContext>()) as AsyncLocalStorage<LogContext>;

/** Runs `work` with `context` added to every log line written meanwhile (and in what it starts). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return store.run({ ...store.getStore(), ...context }, work);
}

/** Runs `work` outside any request's context: for connections made on first use that outlive the request (their events are no part of it). */
export function withoutLogContext<T>(work: () => T): T {
  return store.exit(work);
}

/** The context of the work in progress (the request's id, the job's), if any. */
export function logContext(): LogContext {
  return store.getStore() ?? {};
}

export const instanceId = process.env.INSTANCE_ID?.trim() || `${os.hostname()}:${process.pid}`;

const loggerOptions: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: { instance: instanceId },
  mixin: () => ({ ...store.getStore() }),
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token"], remove: true },
};

type Destination = { write(line: string): void };
const stdout: Destination = pino.destination(1);
let destination: Destination = stdout;

export const logger = pino(loggerOptions, { write: (line: string) => destination.write(line) });

/** For tests: the log lines go to `to` (null: back to stdout). */
export function logToForTests(to: Destination | null): void {
  destination = to ?? stdout;
}

export type Logger = typeof logger;
