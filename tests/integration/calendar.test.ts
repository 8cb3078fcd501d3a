import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import { beforeAll, expect, it } from "vitest";
import { buildCalendar, dayBounds, MONTH_DAY_LIMIT, WEEK_DAY_LIMIT, type Calendar } from "~/features/appointments/calendar.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { describeEachDialect } from "../setup/database";
import { makeCast, type Cast } from "../support/factories";

const ZONE = "America/New_York";
const MONDAY = 1;

/** A wall-clock time in New York → the stored UTC instant. */
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toUTC().toISO()!;

function day(calendar: Calendar, date: string) {
  const cell = calendar.weeks.flat().find((entry) => entry.day === date);
  if (!cell) throw new Error(`${date} is not in the grid`);
  return cell;
}

it("bounds each day in the viewer's zone: 23 hours when the clocks go forward, 25 when they go back", () => {
  expect(dayBounds(["2026-03-08", "2026-03-09"], ZONE)).toEqual(["2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z", "2026-03-10T04:00:00.000Z"]);
  expect(dayBounds(["2026-11-01"], ZONE)).toEqual(["2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"]);
});

describeEachDialect("the calendar stays small", (db) => {
  let cast: Cast;
  let serviceId: string;
  let seq = 0;

  async function book(local: string, status = "confirmed"): Promise<string> {
    const id = randomUUID();
    seq += 1;
    const startsAt = at(local);
    await db()
      .insertInto("appointments")
      .values({
        id,
        reference: `AP-C${String(seq).padStart(4, "0")}`,
        clientId: cast.clientA.id,
        serviceId,
        orderId: null,
        startsAt,
        endsAt: DateTime.fromISO(startsAt).plus({ minutes: 30 }).toUTC().toISO()!,
        status,
        notes: null,
        clientTimeZone: null,
      })
      .execute();
    return id;
  }

  const month = (date: string) =>
    buildCalendar({ view: "month", date, timeZone: ZONE, language: "en", weekStart: MONDAY, now: new Date("2026-03-15T12:00:00Z") });

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    serviceId = (await db().selectFrom("services").select("id").where("key", "=", "translation").executeTakeFirstOrThrow()).id;
  });

  it("counts each local day across the spring DST change and the UTC day boundary", async () => {
    const lateSaturday = await book("2026-03-07T23:30"); // 04:30 UTC on the 8th
    const earlySunday = await book("2026-03-08T00:30"); // 05:30 UTC, before the change
    const lateSunday = await book("2026-03-08T23:30"); // 03:30 UTC on the 9th, after it
    const earlyMonday = await book("2026-03-09T00:15"); // 04:15 UTC on the 9th
    await book("2026-02-22T23:59"); // the day before the grid (it starts Monday 23 February)
    const inGrid = await book("2026-02-28T10:00"); // a day of February shown in March's first week
    await book("2026-04-06T00:00"); // the Monday after the grid's last Sunday (5 April)

    const calendar = await month("2026-03-15");
    expect(calendar.weeks[0]![0]!.day).toBe("2026-02-23");
    expect(calendar.weeks.at(-1)![6]!.day).toBe("2026-04-05");
    expect(day(calendar, "2026-03-07").appointments.map((entry) => entry.id)).toEqual([lateSaturday]);
    expect(day(calendar, "2026-03-08")).toMatchObject({ total: 2 });
    expect(day(calendar, "2026-03-08").appointments.map((entry) => entry.id)).toEqual([earlySunday, lateSunday]);
    expect(day(calendar, "2026-03-09").appointments.map((entry) => entry.id)).toEqual([earlyMonday]);
    expect(day(calendar, "2026-02-28")).toMatchObject({ total: 1, inRange: false });
    expect(day(calendar, "2026-02-28").appointments[0]!.id).toBe(inGrid);
    const total = calendar.weeks.flat().reduce((sum, cell) => sum + cell.total, 0);
    expect(total).toBe(5);
  });

  it("shows the first few of a busy day and counts the rest; the week view shows up to WEEK_DAY_LIMIT a day", async () => {
    const ids: string[] = [];
    // Booked out of order, and one cancelled (the calendar shows every status).
    for (const time of ["16:00", "09:00", "13:30", "10:00", "18:45", "08:15"])
      ids.push(await book(`2026-03-18T${time}`, time === "10:00" ? "cancelled" : "confirmed"));
    const byTime = ["08:15", "09:00", "10:00", "13:30", "16:00", "18:45"].map((time) => at(`2026-03-18T${time}`));

    const busy = day(await month("2026-03-01"), "2026-03-18");
    expect(busy.total).toBe(6);
    expect(busy.appointments).toHaveLength(MONTH_DAY_LIMIT);
    expect(busy.appointments.map((entry) => entry.startsAt)).toEqual(byTime.slice(0, MONTH_DAY_LIMIT));
    expect(busy.appointments[2]!.status).toBe("cancelled");
    // The month names the client only; the week names the service too.
    expect(busy.appointments[0]).toEqual({ id: ids[5], clientName: cast.clientA.fullName, startsAt: byTime[0], status: "confirmed" });

    const week = await buildCalendar({ view: "week", date: "2026-03-18", timeZone: ZONE, language: "en", weekStart: MONDAY });
    expect(week.weeks).toHaveLength(1);
    const full = day(week, "2026-03-18");
    expect(full.total).toBe(6);
    expect(full.appointments.map((entry) => entry.startsAt)).toEqual(byTime);
    expect(full.appointments[0]).toMatchObject({ clientName: cast.clientA.fullName, serviceTitle: "Certified Translation" });

    // A day busier than the week view holds: its first WEEK_DAY_LIMIT, in time order, and the count.
    const crowded = Array.from({ length: WEEK_DAY_LIMIT + 2 }, (_, i) => `2026-03-19T${String(8 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);
    for (const time of [...crowded].reverse()) await book(time);
    const thursday = day(await buildCalendar({ view: "week", date: "2026-03-18", timeZone: ZONE, language: "en", weekStart: MONDAY }), "2026-03-19");
    expect(thursday.total).toBe(WEEK_DAY_LIMIT + 2);
    expect(thursday.appointments.map((entry) => entry.startsAt)).toEqual(crowded.slice(0, WEEK_DAY_LIMIT).map(at));
  });

  it("puts the extra hour of the autumn change in its day", async () => {
    const lateFirst = await book("2026-11-01T23:30"); // 04:30 UTC on the 2nd (EST)
    const early = await book("2026-11-01T00:30"); // 04:30 UTC on the 1st (EDT)
    await book("2026-11-02T00:00");
    const calendar = await month("2026-11-10");
    expect(day(calendar, "2026-11-01").appointments.map((entry) => entry.id)).toEqual([early, lateFirst]);
    expect(day(calendar, "2026-11-02").total).toBe(1);
    expect(day(calendar, "2026-10-31").total).toBe(0);
  });
});
