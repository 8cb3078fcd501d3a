import { apiError } from "~/lib/http.server";

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
