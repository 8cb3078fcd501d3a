import { describe, expect, it } from "vitest";
import { federalHolidayClosures, observedDay, usFederalHolidays } from "./holidays.server";

describe("US federal holidays", () => {
  it("puts the holidays fixed to a weekday on the right day, at a month's edges too", () => {
    const day = (year: number, key: string) => usFederalHolidays(year).find((holiday) => holiday.key === key)?.date;
    expect(day(2027, "thanksgiving")).toBe("2027-11-25"); // fourth Thursday
    expect(day(2025, "labor")).toBe("2025-09-01"); // the 1st itself is a Monday
    expect(day(2027, "memorial")).toBe("2027-05-31"); // last Monday, the 31st itself
    expect(day(2026, "memorial")).toBe("2026-05-25");
  });

  it("moves a Saturday to the Friday before and a Sunday to the Monday after", () => {
    expect(observedDay("2026-07-04")).toBe("2026-07-03"); // Saturday
    expect(observedDay("2027-12-25")).toBe("2027-12-24"); // Saturday
    expect(observedDay("2022-12-25")).toBe("2022-12-26"); // Sunday
    expect(observedDay("2026-12-25")).toBe("2026-12-25"); // Friday
  });

  it("lists the eleven holidays of a year with the day each is observed", () => {
    expect(usFederalHolidays(2026).map(({ key, date, observed }) => [key, date, observed])).toEqual([
      ["newYear", "2026-01-01", "2026-01-01"],
      ["mlk", "2026-01-19", "2026-01-19"],
      ["washington", "2026-02-16", "2026-02-16"],
      ["memorial", "2026-05-25", "2026-05-25"],
      ["juneteenth", "2026-06-19", "2026-06-19"],
      ["independence", "2026-07-04", "2026-07-03"],
      ["labor", "2026-09-07", "2026-09-07"],
      ["columbus", "2026-10-12", "2026-10-12"],
      ["veterans", "2026-11-11", "2026-11-11"],
      ["thanksgiving", "2026-11-26", "2026-11-26"],
      ["christmas", "2026-12-25", "2026-12-25"],
    ]);
  });

  it("closes the holiday and its observed day; New Year's Day on a Saturday closes December 31 before", () => {
    const closures = federalHolidayClosures(2022);
    expect(closures[0]).toEqual({ day: "2021-12-31", reason: "New Year's Day (observed)" });
    expect(closures).toContainEqual({ day: "2022-01-01", reason: "New Year's Day" });
    expect(closures).toContainEqual({ day: "2022-12-26", reason: "Christmas Day (observed)" });
    expect(closures).toContainEqual({ day: "2022-11-24", reason: "Thanksgiving Day" });
    expect(federalHolidayClosures(2026)).toHaveLength(12); // July 4 on a Saturday: two days
    expect(closures.map((closure) => closure.day)).toEqual([...closures.map((closure) => closure.day)].sort());
  });
});
