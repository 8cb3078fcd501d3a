/**
 * The one way a business rule says "no" (docs/decisions/007). Rule modules
 * (`app/features/<area>/*.server.ts`) throw an AppError; each door turns it
 * into its own answer with one adapter:
 * - the JSON API (`apiHandler`, lib/api.server.ts): `{ message }` in the caller's language, with `status`;
 * - page loaders (`loadOrNotFound`, lib/http.server.ts): a missing or foreign record is the area's 404;
 * - page actions (`refusal`, lib/http.server.ts): a field error when `field` names one, otherwise a toast
 *   (or, when the form carries typed text, a message above the form that keeps what was typed).
 *
 * `key` is an i18n key ("orders:errors.notFound"); `params` its interpolation values.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

export type RefusalParams = Record<string, string | number>;

export type RefusalOptions = {
  params?: RefusalParams;
  /** The form field the refusal belongs to (Conform's field name), when it belongs to one. */
  field?: string;
  /** Per-field messages (i18n keys), e.g. a schema's issues in the API. */
  fieldErrors?: Record<string, string[]>;
  /** Extra response headers, e.g. Retry-After on a 429. */
  headers?: Record<string, string>;
};

export class AppError extends Error {
  readonly status: RefusalStatus;
  readonly key: string;
  readonly params: RefusalParams;
  readonly field: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: RefusalStatus, key: string, options: RefusalOptions = {}) {
    super(key);
    this.name = "AppError";
    this.status = status;
    this.key = key;
    this.params = options.params ?? {};
    this.field = options.field;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** A record that does not exist, or that the caller may not know exists (another client's). */
export const notFound = (key = "common:api.notFound") => new AppError(404, key);
/** The caller may see the record but not do this to it. */
export const forbidden = (key = "common:api.forbidden") => new AppError(403, key);
/** The record's state does not allow it (a transition, a slot taken meanwhile). */
export const conflict = (key: string, options?: RefusalOptions) => new AppError(409, key, options);
/** Input that passes the schema but breaks a rule; `field` names the form field. */
export const invalid = (key: string, options?: RefusalOptions) => new AppError(400, key, options);
/** Too many attempts: the caller may try again after `retryAfterSeconds`. */
export const rateLimited = (retryAfterSeconds: number, key = "common:errors.rateLimited") =>
  new AppError(429, key, {
    params: { seconds: retryAfterSeconds, minutes: Math.ceil(retryAfterSeconds / 60) },
    headers: { "Retry-After": String(retryAfterSeconds) },
  });

/** A unique index refused the row: the only database error a rule module turns into a refusal. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * A message with parameters as one string (Conform keeps field errors as strings):
 * "orders:errors.tooLarge\u001f{\"max\":10}". Plain keys stay as they are.
 */
const PARAMS_SEPARATOR = "\u001f";

export function encodeMessage(key: string, params?: RefusalParams): string {
  return params && Object.keys(params).length > 0 ? `${key}${PARAMS_SEPARATOR}${JSON.stringify(params)}` : key;
}

export function decodeMessage(message: string): { key: string; params: RefusalParams } {
  const at = message.indexOf(PARAMS_SEPARATOR);
  if (at < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, at), params: JSON.parse(message.slice(at + 1)) as RefusalParams };
  } catch {
    return { key: message.slice(0, at), params: {} };
  }
}
