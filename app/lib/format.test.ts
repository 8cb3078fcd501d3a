import { describe, expect, it } from "vitest";
import { createFormatter } from "./format";

/** A time is shown in the viewer's zone, the zone named, the same text on server and browser (else React discards the server's HTML). */
const TEN_AM_DETROIT = "2026-11-26T15:00:00.000Z";

describe("createFormatter", () => {
  it("writes a time in the viewer's zone and names the zone", () => {
    expect(createFormatter("en", "America/Detroit").time(TEN_AM_DETROIT)).toMatch(/^10:00\sAM EST$/);
    expect(createFormatter("en", "America/Los_Angeles").time(TEN_AM_DETROIT)).toMatch(/^7:00\sAM PST$/);
    expect(createFormatter("en", "Asia/Dubai").dateTime(TEN_AM_DETROIT)).toMatch(/7:00\sPM Gulf Standard Time$/);
  });

  it("names the zone in Arabic and French instead of a bare offset from GMT", () => {
    const arabic = createFormatter("ar", "America/Detroit");
    expect(arabic.time(TEN_AM_DETROIT)).toBe("10:00 ص التوقيت الشرقي لأمريكا الشمالية");
    expect(arabic.longDateTime(TEN_AM_DETROIT)).toContain("التوقيت الشرقي");
    expect(arabic.zoneName(TEN_AM_DETROIT)).toBe("التوقيت الشرقي لأمريكا الشمالية");
    expect(createFormatter("fr", "America/Detroit").dateTime(TEN_AM_DETROIT)).toMatch(/10:00 heure de l’Est nord-américain$/);
    for (const language of ["en", "ar", "fr"]) {
      expect(createFormatter(language, "America/Detroit").dateTime(TEN_AM_DETROIT)).not.toMatch(/(GMT|UTC|غرينتش)[-+−]\d/);
    }
  });

  it("writes a time as the browser's Intl does, with plain spaces (the page hydrates without a text mismatch)", () => {
    const iso = "2026-11-27T14:17:00Z";
    const format = createFormatter("en", "America/New_York");
    const plain = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: "America/New_York" }).format(
      new Date(iso),
    );
    expect(format.time(iso)).toBe(plain);
    for (const text of [format.time(iso), format.dateTime(iso), format.longDateTime(iso)]) expect(text).not.toMatch(/\u202f/);
  });

  it("does not depend on the process's own zone", () => {
    const before = process.env.TZ;
    const a = createFormatter("fr", "America/Detroit").longDateTime(TEN_AM_DETROIT);
    process.env.TZ = "Asia/Tokyo";
    const b = createFormatter("fr", "America/Detroit").longDateTime(TEN_AM_DETROIT);
    process.env.TZ = before;
    expect(b).toBe(a);
  });

  it("never shifts a calendar day by a zone", () => {
    expect(createFormatter("en", "Pacific/Honolulu").day("2026-01-01")).toBe("Jan 1, 2026");
    expect(createFormatter("en", "Pacific/Kiritimati").day("2026-01-01")).toBe("Jan 1, 2026");
  });

  it("formats money from integer cents and counts in the language", () => {
    expect(createFormatter("en").money(120000)).toBe("$1,200.00");
    expect(createFormatter("fr").money(120000)).toMatch(/^1\s200,00\s\$US$/);
    expect(createFormatter("ar").number(1234)).not.toBe("1234");
  });

  it("starts the week on Sunday in the United States and on Monday in France", () => {
    expect(createFormatter("en").firstDayOfWeek()).toBe(7);
    expect(createFormatter("fr").firstDayOfWeek()).toBe(1);
  });

  it("writes relative times against the given clock", () => {
    const now = Date.parse(TEN_AM_DETROIT);
    expect(createFormatter("en").relative(new Date(now - 3 * 3600_000).toISOString(), now)).toBe("3 hours ago");
  });
});
