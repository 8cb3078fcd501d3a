import { DateTime } from "luxon";
import { z } from "zod";

/**
 * Lists filtered by days (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, both included, in the viewer's zone):
 * the dashboard's statistics link to them with the same days, and both turn days into the same
 * UTC instants here, so a figure and the list it links to count the same rows.
 */
export const dayFilter = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => DateTime.fromISO(value).isValid);

/** [start, end) in UTC for days `from`..`to` in `timeZone`; either side may be open. */
export function dayRangeInstants(range: { from?: string; to?: string }, timeZone: string): { start?: string; end?: string } {
  const at = (day: string, plusDays: number) => DateTime.fromISO(day, { zone: timeZone }).plus({ days: plusDays }).startOf("day").toUTC().toISO() ?? undefined;
  return { start: range.from ? at(range.from, 0) : undefined, end: range.to ? at(range.to, 1) : undefined };
}
