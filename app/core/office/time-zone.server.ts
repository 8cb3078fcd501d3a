import { defineCache, scopeKey } from "~/core/cache.server";
import { db } from "~/lib/db/db.server";
import { DEFAULT_TIME_ZONE, isValidTimeZone } from "~/lib/format";

/**
 * The office's time zone: the one kept with the office's opening rules (the `availability_settings`
 * row 'default', which the availability area edits), else the firm's default zone.
 */
const SETTINGS_ID = "default";

/**
 * Read on every page, so kept in memory until the office's zone is saved (the availability area
 * calls forgetOfficeTimeZone(), which empties it on every instance through Redis when REDIS_URL is
 * set) or, at the latest, for a minute, so that instances without Redis catch up too.
 */
const kept = defineCache<string>({ name: "office-time-zone", ttlMs: 60_000, max: 10 });

/** The office's time zone, the default zone of every time shown (lib/format.ts). */
export function getOfficeTimeZone(): Promise<string> {
  return kept.get(scopeKey(db()), readOfficeTimeZone);
}

/** Forgets the kept zone here and on the other instances; the availability area calls it when the office's zone is saved. */
export function forgetOfficeTimeZone(): void {
  kept.invalidate();
}

async function readOfficeTimeZone(): Promise<string> {
  const row = await db().selectFrom("availabilitySettings").select("timeZone").where("id", "=", SETTINGS_ID).executeTakeFirst();
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * The zone a viewer reads times in (docs/areas/appointments.md "Times"): their profile's,
 * else the office's. The root loader gives the same one to every page's formatter.
 */
export async function viewerTimeZone(user: { timeZone?: string | null } | null): Promise<string> {
  return isValidTimeZone(user?.timeZone) ? user.timeZone : getOfficeTimeZone();
}

/** Every IANA zone the runtime knows, for the office's time-zone choice. */
export function listTimeZones(): string[] {
  return Intl.supportedValuesOf("timeZone");
}
