import { forgetOfficeTimeZone } from "~/core/office/time-zone.server";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { DEFAULT_TIME_ZONE } from "~/lib/format";
import { toJson } from "~/lib/db/connection.server";
import { nowIso } from "~/lib/ids.server";
import { federalHolidayClosures } from "~/core/office/holidays.server";
import type { AvailabilityRules, WeeklyHours } from "./slots";

/**
 * The office's availability: the one row of `availability_settings` (id 'default',
 * seeded from the firm's hours) and the `closed_days`. The only module touching them.
 */
const SETTINGS_ID = "default";

const FALLBACK_RULES: AvailabilityRules = {
  timeZone: DEFAULT_TIME_ZONE,
  slotMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 24,
  maxDaysAhead: 60,
  weeklyHours: {},
};

export async function getAvailabilitySettings(): Promise<AvailabilityRules> {
  const row = await db().selectFrom("availabilitySettings").selectAll().where("id", "=", SETTINGS_ID).executeTakeFirst();
  if (!row) return FALLBACK_RULES;
  return {
    timeZone: row.timeZone,
    slotMinutes: row.slotMinutes,
    bufferMinutes: row.bufferMinutes,
    minNoticeHours: row.minNoticeHours,
    maxDaysAhead: row.maxDaysAhead,
    weeklyHours: row.weeklyHours,
  };
}

/** Who changed a setting, for the audit log (the seeder and tests change them without one). */
export type SettingsActor = { actorId: string; ip?: string | null };

export async function updateAvailabilitySettings(rules: AvailabilityRules, by?: SettingsActor): Promise<void> {
  const before = by ? await getAvailabilitySettings() : null;
  const values = {
    timeZone: rules.timeZone,
    slotMinutes: rules.slotMinutes,
    bufferMinutes: rules.bufferMinutes,
    minNoticeHours: rules.minNoticeHours,
    maxDaysAhead: rules.maxDaysAhead,
    weeklyHours: toJson(rules.weeklyHours satisfies WeeklyHours),
    updatedAt: nowIso(),
  };
  await db()
    .insertInto("availabilitySettings")
    .values({ id: SETTINGS_ID, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
  forgetOfficeTimeZone();
  if (by) {
    const after: AvailabilityRules = { ...rules };
    await audit({
      actorId: by.actorId,
      action: "settings.availability_changed",
      targetType: "settings",
      targetId: "availability",
      ip: by.ip ?? null,
      meta: { from: before, to: after },
    });
  }
}

export type ClosedDay = { day: string; reason: string | null };

/** Closed days from `from` on (YYYY-MM-DD), at most `limit`. */
export async function listClosedDays(options: { from: string; limit?: number }): Promise<ClosedDay[]> {
  return db()
    .selectFrom("closedDays")
    .select(["day", "reason"])
    .where("day", ">=", options.from)
    .orderBy("day")
    .limit(options.limit ?? 100)
    .execute();
}

export async function addClosedDay(day: string, reason: string | null, by?: SettingsActor): Promise<void> {
  await db()
    .insertInto("closedDays")
    .values({ day, reason })
    .onConflict((oc) => oc.column("day").doUpdateSet({ reason }))
    .execute();
  if (by)
    await audit({
      actorId: by.actorId,
      action: "settings.closed_day_added",
      targetType: "settings",
      targetId: "availability",
      ip: by.ip ?? null,
      meta: { day, reason },
    });
}

export async function removeClosedDay(day: string, by?: SettingsActor): Promise<void> {
  await db().deleteFrom("closedDays").where("day", "=", day).execute();
  if (by)
    await audit({
      actorId: by.actorId,
      action: "settings.closed_day_removed",
      targetType: "settings",
      targetId: "availability",
      ip: by.ip ?? null,
      meta: { day },
    });
}

/**
 * Closes the office on the US federal holidays of each year (core/office/holidays.server.ts) that has no
 * closed day yet: a year staff already planned, or one whose holidays were seeded and
 * then reopened by hand, is left as it is. Existing days keep their reason. Returns
 * the number of days added.
 */
export async function seedFederalHolidays(years: readonly number[]): Promise<number> {
  let added = 0;
  for (const year of years) {
    const planned = await db()
      .selectFrom("closedDays")
      .select("day")
      .where("day", ">=", `${year}-01-01`)
      .where("day", "<=", `${year}-12-31`)
      .limit(1)
      .executeTakeFirst();
    if (planned) continue;
    const days = federalHolidayClosures(year);
    const result = await db()
      .insertInto("closedDays")
      .values(days)
      .onConflict((oc) => oc.column("day").doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** The closed days between two office days (YYYY-MM-DD, both included). */
export async function closedDaysBetween(from: string, to: string): Promise<Set<string>> {
  const closed = await db().selectFrom("closedDays").select("day").where("day", ">=", from).where("day", "<=", to).execute();
  return new Set(closed.map((row) => row.day));
}
