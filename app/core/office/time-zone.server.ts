import { db } from "~/lib/db/db.server";
import { DEFAULT_TIME_ZONE, isValidTimeZone } from "~/lib/format";

/**
 * The office's time zone: the one kept with the office's opening rules (the `availability_settings`
 * row 'default', which the availability area edits), else the firm's default zone.
 */
const SETTINGS_ID = "default";
const ZONE_CACHE_MS = 60_000;
let officeZone: { value: string; until: number } | undefined;

/**
 * The office's time zone, the default zone of every time shown (lib/format.ts). Read on every
 * page, so kept for a minute (another instance's change is seen within that minute).
 */
export async function getOfficeTimeZone(): Promise<string> {
  if (officeZone && officeZone.until > Date.now()) return officeZone.value;
  const row = await db().selectFrom("availabilitySettings").select("timeZone").where("id", "=", SETTINGS_ID).executeTakeFirst();
  officeZone = { value: row?.timeZone ?? DEFAULT_TIME_ZONE, until: Date.now() + ZONE_CACHE_MS };
  return officeZone.value;
}

/** Forgets the kept zone in this process; the availability area calls it when the office's zone is saved. */
export function forgetOfficeTimeZone(): void {
  officeZone = undefined;
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
