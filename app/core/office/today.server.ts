import { DateTime } from "luxon";
import { getOfficeTimeZone } from "./time-zone.server";

/** Today's date (YYYY-MM-DD) in the office's zone: due dates are the office's calendar days. */
export async function officeToday(now = new Date()): Promise<string> {
  return DateTime.fromJSDate(now)
    .setZone(await getOfficeTimeZone())
    .toISODate()!;
}
