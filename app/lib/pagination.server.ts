import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { db } from "./db/db.server";
import { COUNT_CAP, KEYSET_FROM_PAGE, decodeCursor, encodeCursor, offsetOf, toPage, type Page, type PageRequest } from "./pagination";

/**
 * Lists at a firm's real volume (100,000 orders, a million notifications): one query shape for every list.
 *
 * - Sorted on indexed keys ending with the row's unique id, so equal timestamps keep a
 *   stable order.
 * - Near the start, pages by number (OFFSET over an index is cheap there); beyond
 *   KEYSET_FROM_PAGE, and always for the API's `after`/`before`, by **keyset**: the next
 *   page starts after the last row's keys, whatever was added meanwhile, and never walks
 *   the skipped rows.
 * - Counts on the filtered base table only, and stop at COUNT_CAP ("10,000+").
 */
export { KEYSET_FROM_PAGE };

/** A sort key: a column (`"o.createdAt"`) or an expression, and how to read its value from a row for the cursor. */
export type SortKey<Row> = { ref: string | RawBuilder<unknown>; value: (row: Row) => string | number | null };

type AnyQuery<Row> = SelectQueryBuilder<any, any, Row>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Rows of `query` up to `cap` + 1: the total, or `cap` and "more". */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countCapped(query: SelectQueryBuilder<any, any, any>, cap = COUNT_CAP): Promise<number> {
  const capped = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as("one"))
    .limit(cap + 1);
  const row = await db()
    .selectFrom(capped.as("capped"))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of `query` (filtered and selected, not ordered), ordered by `keys` in
 * `direction` (the last key must be unique, e.g. the id). `request.after` / `before`
 * are cursors from an earlier page; `count` counts the filtered rows (see countCapped).
 * `base` is the same filter on the list's own table without its joins. With it, the page's
 * keys are read there first (an index walk, or a sort of the matching rows' keys alone), and
 * the joins then run for the page's rows only: never for the rows a page reached by number
 * skips, nor for every match of a filter that the sort's index cannot serve (a search's orders
 * of 60 clients: the joins ran for all 3,000 before the sort kept 20). The rows are then read by
 * their ids, so `query` may leave out `base`'s filters (a long `in` list need not be planned twice).
 */
export async function keysetPage<Row>(
  query: AnyQuery<Row>,
  request: PageRequest,
  options: {
    keys: Array<SortKey<Row>>;
    direction: "asc" | "desc";
    count: () => Promise<number>;
    /** The cap `count` counts to, when it is not COUNT_CAP. */
    countCap?: number;
    base?: SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  },
): Promise<Page<Row>> {
  const { keys, direction } = options;
  const after = decodeCursor(request.after, keys.length);
  const before = after ? null : decodeCursor(request.before, keys.length);
  const refs = keys.map((key) => (typeof key.ref === "string" ? sql.ref(key.ref) : key.ref));
  const tuple = sql.join(refs);
  const forward = direction === "asc" ? ">" : "<";
  const backward = direction === "asc" ? "<" : ">";
  const order = before ? (direction === "asc" ? "desc" : "asc") : direction;
  const tupleValues = (values: ReadonlyArray<unknown>) => sql.join(values.map((value) => sql`${value}`));
  const sorted = <Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q => refs.reduce((acc, ref) => acc.orderBy(ref, order) as Q, q); // eslint-disable-line @typescript-eslint/no-explicit-any

  let rowsOfPage: () => Promise<Row[]>;
  const cursor = after ?? before;
  const fromCursor = cursor ? sql<boolean>`(${tuple}) ${sql.raw(after ? forward : backward)} (${tupleValues(cursor)})` : null;
  if (options.base) {
    const keyed = options.base.clearSelect().select(refs.map((ref, index) => sql`${ref}`.as(`k${index}`)));
    // A page by number skips its offset in the same read: the keys alone, from an index.
    let pageKeysQuery = sorted(fromCursor ? keyed.where(fromCursor) : keyed).limit(request.perPage + 1);
    if (!cursor && offsetOf(request) > 0) pageKeysQuery = pageKeysQuery.offset(offsetOf(request));
    const unique = refs[refs.length - 1]!;
    rowsOfPage = async () => {
      const pageKeys = (await pageKeysQuery.execute()) as Array<Record<string, unknown>>;
      if (pageKeys.length === 0) return [];
      const ids = pageKeys.map((row) => row[`k${refs.length - 1}`]);
      return sorted(query.where(sql<boolean>`${unique} in (${tupleValues(ids)})`)).execute();
    };
  } else {
    let ordered = fromCursor ? query.where(fromCursor) : query;
    ordered = sorted(ordered).limit(request.perPage + 1);
    if (!cursor) ordered = ordered.offset(offsetOf(request));
    rowsOfPage = () => ordered.execute();
  }

  const [rows, total] = await Promise.all([rowsOfPage(), options.count()]);
  const more = rows.length > request.perPage;
  const items = rows.slice(0, request.perPage);
  if (before) items.reverse();
  const keysOf = (row: Row) => keys.map((key) => key.value(row));
  const first = items[0];
  const last = items[items.length - 1];
  // Going back, "more" means more before this page; going forward, more after it.
  const hasNext = before ? true : more;
  const hasPrev = before ? more : Boolean(after) || request.page > 1;
  return toPage(
    items,
    total,
    request,
    { next: hasNext && last ? encodeCursor(keysOf(last)) : null, prev: hasPrev && first ? encodeCursor(keysOf(first)) : null },
    options.countCap,
  );
}

/** SQL LIKE pattern for a contains-search, with the wildcards of the search text escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
