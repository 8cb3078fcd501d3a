import { type SelectQueryBuilder } from "kysely";
import { db } from "./db/db.server";

/**
 * Counts for the dashboard's statistics, as fast with a million rows as with a hundred. Each figure is the count of
 * one index range, read alone: `count(*)` of the rows in a period, or of one value of a column,
 * over an index that leads with that column (or with the equalities before it). The figures so
 * cost an index walk over the rows they count: never a sort for a GROUP BY, nor every row of a
 * range tested against every bucket. All of a figure's counts are one statement of scalar
 * subqueries, so one round trip. The periods' edges are [start, end) UTC instants computed by
 * the caller in the viewer's zone, so the same SQL serves both dialects without date functions.
 */
export type Bucket = { start: string; end: string };

type AnyQuery = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The count of `query`'s rows under each narrowing in one statement (`select (select count(*) …) as c0, …`). */
async function countEach(query: AnyQuery, narrowings: ReadonlyArray<(query: AnyQuery) => AnyQuery>): Promise<number[]> {
  if (narrowings.length === 0) return [];
  const row = (await db()
    .selectNoFrom(
      narrowings.map((narrow, index) =>
        narrow(query.clearSelect())
          .select((eb) => eb.fn.countAll().as("count"))
          .as(`c${index}`),
      ),
    )
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  return narrowings.map((_, index) => Number(row?.[`c${index}`] ?? 0));
}

/**
 * Rows of `query` whose `column` falls in each bucket. `query` holds the other conditions only,
 * not the whole range's: the buckets are the range, cut in periods, and a second bound on the
 * same column would let the database walk from the range's start for every bucket.
 */
export function countPerBucket(query: AnyQuery, column: string, buckets: readonly Bucket[]): Promise<number[]> {
  return countEach(
    query,
    buckets.map((bucket) => (q: AnyQuery) => q.where(column, ">=", bucket.start).where(column, "<", bucket.end)),
  );
}

/** Rows of `query` for each of `values` of `column` (a status), zero for a value no row has. */
export async function countPerValue<Value extends string>(query: AnyQuery, column: string, values: readonly Value[]): Promise<Record<Value, number>> {
  const counts = await countEach(
    query,
    values.map((value) => (q: AnyQuery) => q.where(column, "=", value)),
  );
  return Object.fromEntries(values.map((value, index) => [value, counts[index]!])) as Record<Value, number>;
}
