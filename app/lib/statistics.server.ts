import { sql, type SelectQueryBuilder } from "kysely";

/**
 * Counts per period in one pass (the dashboard's statistics): for buckets [start, end) of
 * UTC instants, one `sum(case when … then 1 else 0 end)` per bucket over the rows the query
 * selects. The query's own range condition on the same column keeps it to one index range;
 * the periods' edges are computed by the caller in the viewer's zone, so the same SQL serves
 * both dialects without date functions.
 */
export type Bucket = { start: string; end: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countPerBucket(query: SelectQueryBuilder<any, any, any>, column: string, buckets: readonly Bucket[]): Promise<number[]> {
  if (buckets.length === 0) return [];
  const ref = sql.ref(column);
  const row = (await query
    .select(buckets.map((bucket, index) => sql<number>`sum(case when ${ref} >= ${bucket.start} and ${ref} < ${bucket.end} then 1 else 0 end)`.as(`b${index}`)))
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  return buckets.map((_, index) => Number(row?.[`b${index}`] ?? 0));
}
