import { z } from "zod";

/**
 * One page shape and one query schema for every list, page and API alike
 * (docs/decisions/007). Lists are paginated on the server: nothing loads a whole table.
 *
 * Query: `page` (1-based), `perPage` (also read as `limit` and `pageSize`, the
 * notification API's published name is `limit`), `sort`, `after` (a keyset cursor for the
 * API and deep pages) and each list's own filters.
 */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
/** Counts stop here: beyond it a list says "10,000+" instead of counting every row. */
export const COUNT_CAP = 10_000;
/** Past this page, lists page by cursor (app/lib/pagination.server.ts keysetPage). */
export const KEYSET_FROM_PAGE = 50;

export type Page<T> = {
  items: T[];
  /** 1-based page number. */
  page: number;
  perPage: number;
  /** Rows matching the filters, exact up to COUNT_CAP. */
  total: number;
  /** True when `total` is the list's cap (COUNT_CAP, or less for a list whose rows are dear to count) and more rows exist ("10,000+"). */
  totalCapped: boolean;
  pageCount: number;
  /** Keyset cursor of the next page (`?after=`), null on the last page. */
  nextCursor: string | null;
  /** Keyset cursor of the previous page (`?before=`), null on the first page or when paged by number. */
  prevCursor: string | null;
};

export type PageRequest = { page: number; perPage: number; after?: string; before?: string; sort?: string };

const pageNumber = z.coerce.number().int().min(1).max(1_000_000);
/** Out-of-range sizes are clamped, not refused: `?perPage=500` shows MAX_PER_PAGE rows. */
const perPageNumber = z.coerce
  .number()
  .int()
  .transform((value) => Math.min(MAX_PER_PAGE, Math.max(1, value)))
  .optional()
  .catch(undefined);

/** The common part of every list query; each field falls back on its own, so one bad value spoils nothing. */
export const PageQuerySchema = z.object({
  page: pageNumber.catch(1).default(1),
  perPage: perPageNumber,
  limit: perPageNumber,
  pageSize: perPageNumber,
  sort: z.string().trim().max(40).optional().catch(undefined),
  after: z.string().trim().max(400).optional().catch(undefined),
  before: z.string().trim().max(400).optional().catch(undefined),
});

/** Reads search params into an object; repeated keys become arrays (checkbox filters). */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((value) => value !== "");
    if (values.length === 0) continue;
    result[key] = values.length === 1 ? values[0]! : values;
  }
  return result;
}

/**
 * A list's query from a URL (page or API): the page part, the list's `sort` (one of
 * `sorts`, else the first) and its filters parsed with `filters`. A bad filter value
 * is dropped, never an error: a hand-edited URL still shows the list.
 */
export function parseListQuery<Filters extends z.ZodRawShape, Sort extends string = string>(
  source: URL | URLSearchParams,
  options: { filters?: Filters; sorts?: readonly Sort[]; defaultPerPage?: number } = {},
): PageRequest & { sort: Sort } & Partial<z.infer<z.ZodObject<Filters>>> {
  const params = source instanceof URL ? source.searchParams : source;
  const raw = searchParamsObject(params);
  const base = PageQuerySchema.parse(raw);
  const perPage = base.perPage ?? base.limit ?? base.pageSize ?? options.defaultPerPage ?? DEFAULT_PER_PAGE;
  const sorts = options.sorts ?? [];
  const sort = (sorts.find((candidate) => candidate === base.sort) ?? sorts[0] ?? "") as Sort;
  const filters: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(options.filters ?? {})) {
    const value = (schema as z.ZodTypeAny).safeParse(raw[name]);
    if (value.success && value.data !== undefined) filters[name] = value.data;
  }
  return { page: base.page, perPage, after: base.after, before: base.before, sort, ...(filters as Partial<z.infer<z.ZodObject<Filters>>>) };
}

export function offsetOf(request: Pick<PageRequest, "page" | "perPage">): number {
  return (request.page - 1) * request.perPage;
}

/** The page of a list whose total was counted (capped at `cap`, COUNT_CAP unless the list counts less, by the caller's count query). */
export function toPage<T>(
  items: T[],
  total: number,
  request: Pick<PageRequest, "page" | "perPage">,
  cursors: { next?: string | null; prev?: string | null } = {},
  cap = COUNT_CAP,
): Page<T> {
  const totalCapped = total > cap;
  const shown = totalCapped ? cap : total;
  return {
    items,
    page: request.page,
    perPage: request.perPage,
    total: shown,
    totalCapped,
    pageCount: Math.max(1, Math.ceil(shown / request.perPage)),
    nextCursor: cursors.next ?? null,
    prevCursor: cursors.prev ?? null,
  };
}

/** What a page's links need (the `Pagination` component's props), without its rows. */
export function pageLinks(page: Omit<Page<unknown>, "items">): Omit<Page<unknown>, "items" | "perPage"> {
  return {
    page: page.page,
    pageCount: page.pageCount,
    total: page.total,
    totalCapped: page.totalCapped,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

/** A page in the API's JSON: the list under its own name, then the page fields. */
export function pageJson<T, Name extends string>(name: Name, page: Page<T>): Record<Name, T[]> & Omit<Page<T>, "items"> {
  const { items, ...rest } = page;
  return { [name]: items, ...rest } as Record<Name, T[]> & Omit<Page<T>, "items">;
}

/** Keyset cursors: the sort values of the last row, opaque to callers. */
export function encodeCursor(values: ReadonlyArray<string | number | null>): string {
  const text = JSON.stringify(values);
  return typeof btoa === "function"
    ? btoa(unescape(encodeURIComponent(text)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "")
    : text;
}

export function decodeCursor(cursor: string | undefined, length: number): Array<string | number | null> | null {
  if (!cursor) return null;
  try {
    const base64 = cursor.replace(/-/g, "+").replace(/_/g, "/");
    const values = JSON.parse(decodeURIComponent(escape(atob(base64)))) as unknown;
    if (!Array.isArray(values) || values.length !== length) return null;
    return values.every((value) => value === null || typeof value === "string" || typeof value === "number") ? values : null;
  } catch {
    return null;
  }
}
