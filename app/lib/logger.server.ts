import pino from "pino";

/** Structured logs (JSON lines); request logs carry the request id through pino-http's child loggers. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: undefined,
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token"], remove: true },
});

export type Logger = typeof logger;
