import { apiError, parseApiBody } from "~/lib/http.server";
import { getFixedT } from "~/lib/i18n/i18n.server";

/**
 * A refusal by the orders, reports or services rules. `key` is the i18n key
 * pages show (toast or field error); `message` is the English text of the
 * JSON API's `{ message }`; `status` its HTTP status.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what = "Not found") => new DomainError(404, "orders:errors.notFound", what);
export const forbidden = () => new DomainError(403, "orders:errors.forbidden", "Forbidden");

/** For API routes: runs the call and turns a DomainError into `{ message }` with its status. */
export async function apiCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw apiError(error.status, error.message);
    throw error;
  }
}

/** Page size and page number of a list, bounded. */
export type PageRequest = { page?: number; perPage?: number };
export type Page<T> = { items: T[]; total: number; page: number; perPage: number; pageCount: number };

export function pageBounds(request: PageRequest, defaultPerPage = 20): { page: number; perPage: number; offset: number } {
  const perPage = Math.min(100, Math.max(1, Math.floor(request.perPage ?? defaultPerPage)));
  const page = Math.max(1, Math.floor(request.page ?? 1));
  return { page, perPage, offset: (page - 1) * perPage };
}

export function toPage<T>(items: T[], total: number, page: number, perPage: number): Page<T> {
  return { items, total, page, perPage, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

/**
 * parseApiBody, with the schemas' i18n keys ("orders:errors.detailsRequired")
 * turned into English sentences, so API clients read messages, not keys.
 */
export async function parseApiInput<T>(request: Request, schema: Parameters<typeof parseApiBody<T>>[1]): Promise<T> {
  try {
    return await parseApiBody(request, schema);
  } catch (error) {
    if (!(error instanceof Response) || error.status !== 400) throw error;
    const body = (await error.json()) as { message: string; errors?: Record<string, string[]> };
    const t = await getFixedT("en", ["orders", "reports"]);
    const english = (text: string) => text.replace(/\b(orders|reports):[A-Za-z_.]+/g, (key) => t(key));
    const errors = Object.fromEntries(Object.entries(body.errors ?? {}).map(([field, messages]) => [field, messages.map(english)]));
    throw apiError(400, english(body.message), body.errors ? { errors } : undefined);
  }
}
