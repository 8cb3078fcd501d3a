import { useMatches } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "./i18n/config";

/**
 * The one formatter of dates, times, money, numbers and relative times
 * (docs/decisions/007): `Intl` in the reader's language and the viewer's time
 * zone, given explicitly on both sides, so the server and the browser render
 * the same text (no hydration mismatch for a browser outside the server's zone).
 * Times always name their zone ("10:00 AM EST"): by its short name where the language has one,
 * else by its name ("التوقيت الشرقي لأمريكا الشمالية", "heure de l’Est nord-américain"), never
 * by a bare offset such as "غرينتش-5" or "UTC−5" that a reader cannot place.
 *
 * The viewer's zone: their profile's, else the office's (the root loader's
 * `timeZone`). E-mails and notifications use the recipient's.
 */
export const DEFAULT_TIME_ZONE = "America/Detroit";

export type Formatter = {
  language: string;
  timeZone: string;
  /** "Nov 26, 2026" */
  date(iso: string): string;
  /** "Thursday, November 26, 2026" */
  longDate(iso: string): string;
  /** "Nov 26, 2026, 10:00 AM EST" */
  dateTime(iso: string): string;
  /** "Thursday, November 26, 2026 at 10:00 AM EST" */
  longDateTime(iso: string): string;
  /** "10:00 AM EST" */
  time(iso: string): string;
  /** A calendar day (YYYY-MM-DD) as written, never shifted by a zone: "Nov 26, 2026". */
  day(day: string, style?: Intl.DateTimeFormatOptions): string;
  /** The zone's name at that instant: "EST", "Gulf Standard Time", "heure de l’Est nord-américain". */
  zoneName(iso?: string): string;
  /** Integer cents as money: "$1,200.00". */
  money(cents: number, currency?: string): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  percent(ratio: number): string;
  bytes(bytes: number): string;
  /** "3 hours ago", "in 2 days": relative to `now` (pass the loader's clock to render the same text on both sides). */
  relative(iso: string, now?: string | number): string;
  /** The first day of the week in this language's region (1 = Monday … 7 = Sunday). */
  firstDayOfWeek(): number;
};

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    if (cache.size > 500) cache.clear();
    cache.set(key, found);
  }
  return found;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** Zone names found valid: making a DateTimeFormat to check one is slow, and every formatter of a page checks. */
const validZones = new Set<string>();

export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || !zone) return false;
  if (validZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    return false;
  }
  // The IANA zones are a few hundred names: the set stays small.
  validZones.add(zone);
  return true;
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

// Regions whose week starts on Sunday or Saturday; everywhere else Monday (CLDR weekData).
const SUNDAY_FIRST = new Set(["US", "CA", "MX", "BR", "JP", "IL", "PH", "SA", "KR", "TW", "HK", "IN", "ZA", "AU"]);
const SATURDAY_FIRST = new Set(["EG", "DZ", "AE", "BH", "IQ", "JO", "KW", "LY", "OM", "QA", "SY", "SD", "AF", "IR"]);

function weekStartOf(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const week = info.getWeekInfo?.() ?? info.weekInfo;
    if (week?.firstDay) return week.firstDay;
  } catch {
    // Older engines: fall back to the table below.
  }
  const region = new Intl.Locale(locale).maximize().region ?? "US";
  if (SUNDAY_FIRST.has(region)) return 7;
  if (SATURDAY_FIRST.has(region)) return 6;
  return 1;
}

/** A short zone name that is only an offset from GMT/UTC ("GMT+4", "UTC−5", "غرينتش-5"): it has digits. */
const OFFSET_ONLY = /\d/;

/** A formatter for one language and zone; cheap to make (Intl objects are cached). */
export function createFormatter(language: string, timeZone: string = DEFAULT_TIME_ZONE): Formatter {
  const locale = intlLocale(language);
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const at = (iso: string | number) => new Date(iso);
  const withZone = (options: Intl.DateTimeFormatOptions) => dateFormat(locale, { ...options, timeZone: zone });
  const zoneNameAt = (date: Date, short: string) =>
    OFFSET_ONLY.test(short)
      ? (withZone({ timeZoneName: "longGeneric" })
          .formatToParts(date)
          .find((part) => part.type === "timeZoneName")?.value ?? short)
      : short;
  /**
   * A date and time with the zone's name in place of a bare offset. Node's formatToParts keeps the
   * narrow no-break space ICU puts before "AM" while Chromium's (and both sides' format()) give a
   * plain space, so the parts are joined with plain spaces: the server's text then hydrates as is.
   */
  const named = (options: Intl.DateTimeFormatOptions) => (iso: string) => {
    const date = at(iso);
    return withZone({ ...options, timeZoneName: "short" })
      .formatToParts(date)
      .map((part) => (part.type === "timeZoneName" ? zoneNameAt(date, part.value) : part.value))
      .join("")
      .replace(/\u202f/g, " ");
  };
  return {
    language,
    timeZone: zone,
    date: (iso) => withZone({ dateStyle: "medium" }).format(at(iso)),
    longDate: (iso) => withZone({ dateStyle: "full" }).format(at(iso)),
    dateTime: named({ year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }),
    longDateTime: named({ weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" }),
    time: named({ hour: "numeric", minute: "2-digit" }),
    day: (day, style = { dateStyle: "medium" }) => dateFormat(locale, { ...style, timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`)),
    zoneName: (iso) => {
      const date = iso ? at(iso) : new Date();
      const short = withZone({ timeZoneName: "short" })
        .formatToParts(date)
        .find((part) => part.type === "timeZoneName")?.value;
      return short ? zoneNameAt(date, short) : zone;
    },
    money: (cents, currency = "USD") => numberFormat(locale, { style: "currency", currency }).format(cents / 100),
    number: (value, options) => numberFormat(locale, options).format(value),
    percent: (ratio) => numberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(ratio),
    bytes: (bytes) => {
      const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
      let value = bytes;
      let unit = 0;
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit += 1;
      }
      return numberFormat(locale, { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
    },
    relative: (iso, now = Date.now()) => {
      const seconds = Math.round((Date.parse(iso) - new Date(now).getTime()) / 1000);
      const format = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
      for (const [unit, size] of RELATIVE_UNITS) {
        if (Math.abs(seconds) >= size || unit === "second") return format.format(Math.trunc(seconds / size), unit);
      }
      return format.format(0, "second");
    },
    firstDayOfWeek: () => weekStartOf(locale === "ar-u-nu-latn" ? "ar-US" : locale),
  };
}

type ZoneData = { timeZone?: unknown };

/**
 * The formatter of the page being rendered: the active language and the viewer's zone,
 * read from the deepest loader that states one (the area layouts give the signed-in
 * user's, the root the office's).
 */
export function useFormatter(): Formatter {
  const { i18n } = useTranslation();
  const matches = useMatches();
  let timeZone: string | undefined;
  for (const match of matches) {
    const zone = (match.data as ZoneData | undefined)?.timeZone;
    if (isValidTimeZone(zone)) timeZone = zone;
  }
  const language = i18n.language;
  return useMemo(() => createFormatter(language, timeZone), [language, timeZone]);
}
