import { beforeAll, beforeEach, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { addClosedDay, seedFederalHolidays, updateAvailabilitySettings } from "~/features/availability/availability.server";
import { findFreeSlots } from "~/features/appointments/free-slots.server";
import { holdStartsFor, type AvailabilityRules } from "~/features/availability/slots";
import { changeAppointmentStatus, createAppointment, findBookableService, rescheduleAppointment } from "~/features/appointments/appointments.server";
import { slotChoices } from "~/features/appointments/booking.server";
import { isAppError } from "~/lib/app-error";
import * as calendarPage from "~/routes/dashboard+/calendar";
import { call } from "../support/api";
import { makeUser } from "../support/factories";
import { describeEachDialect } from "../setup/database";

/**
 * The slot rules, on each dialect. "Now" is fixed at Monday 2030-03-04 08:00 in
 * Detroit (13:00Z) so that every rule can be checked against known days:
 * 2030-03-10 is the Sunday US clocks move forward (02:00 → 03:00).
 */
const NOW = new Date("2030-03-04T13:00:00.000Z");

const RULES: AvailabilityRules = {
  timeZone: "America/Detroit",
  slotMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 24,
  maxDaysAhead: 30,
  weeklyHours: {
    "1": [{ start: "09:00", end: "12:00" }],
    "2": [{ start: "09:00", end: "12:00" }],
    "3": [{ start: "09:00", end: "12:00" }],
    "4": [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "15:00" },
    ],
    "5": [{ start: "09:00", end: "12:00" }],
    "6": [{ start: "09:00", end: "12:00" }],
    "7": [{ start: "01:00", end: "04:00" }],
  },
};

type Slots = Array<{ startsAt: string }>;
const starts = (value: Slots | { slots: Slots }) => (Array.isArray(value) ? value : value.slots).map((slot) => slot.startsAt);

describeEachDialect("availability and slots", (db, dialect) => {
  let clientA = "";
  let clientB = "";
  let half = { id: "", durationMinutes: 30 }; // a 30-minute service
  let hour = { id: "", durationMinutes: 60 }; // a 60-minute service

  const makeClient = async () => (await makeUser(db(), { role: "client" })).id;

  beforeAll(async () => {
    await seedPublicContent(db());
    clientA = await makeClient();
    clientB = await makeClient();
    half = (await findBookableService("notary"))!;
    hour = (await findBookableService("tax_efiling"))!;
    expect(half.durationMinutes).toBe(30);
    expect(hour.durationMinutes).toBe(60);
  });

  beforeEach(async () => {
    await updateAvailabilitySettings(RULES);
  });

  it("cuts the opening hours into slots in the office's time zone", async () => {
    // Thursday 2030-03-07, EST (UTC−5): 09:00–12:00 and 13:00–15:00 local.
    const { timeZone, slots } = await findFreeSlots({ durationMinutes: 30, from: "2030-03-07", to: "2030-03-07", now: NOW });
    expect(timeZone).toBe("America/Detroit");
    expect(starts(slots)).toEqual([
      "2030-03-07T14:00:00.000Z",
      "2030-03-07T14:30:00.000Z",
      "2030-03-07T15:00:00.000Z",
      "2030-03-07T15:30:00.000Z",
      "2030-03-07T16:00:00.000Z",
      "2030-03-07T16:30:00.000Z",
      "2030-03-07T18:00:00.000Z",
      "2030-03-07T18:30:00.000Z",
      "2030-03-07T19:00:00.000Z",
      "2030-03-07T19:30:00.000Z",
    ]);
    expect(slots[0]!.endsAt).toBe("2030-03-07T14:30:00.000Z");
    // A 60-minute service needs two units inside one range: 11:30 and 14:30 cannot start it.
    const long = await findFreeSlots({ durationMinutes: 60, from: "2030-03-07", to: "2030-03-07", now: NOW });
    expect(starts(long)).toEqual([
      "2030-03-07T14:00:00.000Z",
      "2030-03-07T14:30:00.000Z",
      "2030-03-07T15:00:00.000Z",
      "2030-03-07T15:30:00.000Z",
      "2030-03-07T16:00:00.000Z",
      "2030-03-07T18:00:00.000Z",
      "2030-03-07T18:30:00.000Z",
      "2030-03-07T19:00:00.000Z",
    ]);
  });

  it("keeps wall-clock hours across the DST change and skips the hour that does not exist", async () => {
    // Saturday 09:00 EST is 14:00Z; on the Sunday clocks jump from 02:00 to 03:00.
    const saturday = await findFreeSlots({ durationMinutes: 30, from: "2030-03-09", to: "2030-03-09", now: NOW });
    expect(starts(saturday)[0]).toBe("2030-03-09T14:00:00.000Z");
    const sunday = await findFreeSlots({ durationMinutes: 30, from: "2030-03-10", to: "2030-03-10", now: NOW });
    // 01:00 and 01:30 EST (UTC−5), no 02:00/02:30, then 03:00 and 03:30 EDT (UTC−4).
    expect(starts(sunday)).toEqual(["2030-03-10T06:00:00.000Z", "2030-03-10T06:30:00.000Z", "2030-03-10T07:00:00.000Z", "2030-03-10T07:30:00.000Z"]);
    const monday = await findFreeSlots({ durationMinutes: 30, from: "2030-03-11", to: "2030-03-11", now: NOW });
    expect(starts(monday)[0]).toBe("2030-03-11T13:00:00.000Z"); // 09:00 EDT
  });

  it("leaves out slots inside the minimum notice and past the booking horizon", async () => {
    // Now is Monday 08:00; 24 h notice → Tuesday from 08:00 on, so Tuesday 09:00 is the first.
    const { slots } = await findFreeSlots({ durationMinutes: 30, from: "2030-03-01", to: "2030-03-05", now: NOW });
    expect(starts(slots)[0]).toBe("2030-03-05T14:00:00.000Z");
    await updateAvailabilitySettings({ ...RULES, minNoticeHours: 26 });
    const later = await findFreeSlots({ durationMinutes: 30, from: "2030-03-05", to: "2030-03-05", now: NOW });
    expect(starts(later)[0]).toBe("2030-03-05T15:00:00.000Z"); // Tuesday 10:00 local
    // Horizon: 30 days after 2030-03-04 is 2030-04-03; 04-04 is beyond it.
    const edge = await findFreeSlots({ durationMinutes: 30, from: "2030-04-03", to: "2030-04-05", now: NOW });
    expect(new Set(starts(edge).map((iso) => iso.slice(0, 10)))).toEqual(new Set(["2030-04-03"]));
  });

  it("leaves out closed days", async () => {
    await addClosedDay("2030-03-12", "Staff training");
    const { slots } = await findFreeSlots({ durationMinutes: 30, from: "2030-03-12", to: "2030-03-13", now: NOW });
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((slot) => slot.startsAt.startsWith("2030-03-13"))).toBe(true);
  });

  it("leaves out slots overlapping an active appointment, and the buffer around it", async () => {
    // Thursday 2030-03-14 is after the DST change (EDT, UTC−4): 09:00–12:00 is 13:00–16:00Z, 13:00–15:00 is 17:00–19:00Z.
    const booked = await createAppointment({ id: clientA, role: "client" }, { service: hour.id, startsAt: "2030-03-14T14:00:00.000Z", now: NOW });
    expect(booked.endsAt).toBe("2030-03-14T15:00:00.000Z");
    const day = { durationMinutes: 30, from: "2030-03-14", to: "2030-03-14", now: NOW };
    expect(starts(await findFreeSlots(day))).toEqual([
      "2030-03-14T13:00:00.000Z",
      "2030-03-14T13:30:00.000Z",
      "2030-03-14T15:00:00.000Z",
      "2030-03-14T15:30:00.000Z",
      "2030-03-14T17:00:00.000Z",
      "2030-03-14T17:30:00.000Z",
      "2030-03-14T18:00:00.000Z",
      "2030-03-14T18:30:00.000Z",
    ]);
    await updateAvailabilitySettings({ ...RULES, bufferMinutes: 15 });
    expect(starts(await findFreeSlots(day)).slice(0, 2)).toEqual(["2030-03-14T13:00:00.000Z", "2030-03-14T15:30:00.000Z"]);
    // The hour-long service fits nowhere in the morning any more.
    expect(starts(await findFreeSlots({ ...day, durationMinutes: 60 }))[0]).toBe("2030-03-14T17:00:00.000Z");
    // Cancelling frees the time again.
    await changeAppointmentStatus({ id: clientA, role: "client" }, booked.id, "cancelled", null, NOW);
    expect(starts(await findFreeSlots(day))).toContain("2030-03-14T14:00:00.000Z");
  });

  it("refuses a time that is not a free slot", async () => {
    const actor = { id: clientA, role: "client" };
    for (const startsAt of [
      "2030-03-04T14:00:00.000Z", // inside the notice
      "2030-03-15T14:10:00.000Z", // off the grid
      "2030-03-15T03:00:00.000Z", // closed hours
      "2030-05-15T14:00:00.000Z", // beyond the horizon
    ]) {
      await expect(createAppointment(actor, { service: half.id, startsAt, now: NOW })).rejects.toMatchObject({
        status: 409,
        key: "appointments:errors.slotUnavailable",
      });
    }
  });

  it("holds one row per slot unit the appointment covers (and its buffer)", async () => {
    expect(holdStartsFor("2030-03-15T14:00:00.000Z", 60, { slotMinutes: 30, bufferMinutes: 0 })).toEqual([
      "2030-03-15T14:00:00.000Z",
      "2030-03-15T14:30:00.000Z",
    ]);
    expect(holdStartsFor("2030-03-15T14:00:00.000Z", 30, { slotMinutes: 30, bufferMinutes: 10 })).toHaveLength(2);
    const booked = await createAppointment({ id: clientA, role: "client" }, { service: hour.id, startsAt: "2030-03-15T13:00:00.000Z", now: NOW });
    const holds = await db().selectFrom("appointmentSlotHolds").select("slotStart").where("appointmentId", "=", booked.id).orderBy("slotStart").execute();
    expect(holds.map((hold) => hold.slotStart)).toEqual(["2030-03-15T13:00:00.000Z", "2030-03-15T13:30:00.000Z"]);
    // The database itself refuses a second hold on a held unit.
    const other = await createAppointment({ id: clientB, role: "client" }, { service: half.id, startsAt: "2030-03-15T15:00:00.000Z", now: NOW });
    await expect(
      db().insertInto("appointmentSlotHolds").values({ slotStart: "2030-03-15T13:30:00.000Z", appointmentId: other.id }).execute(),
    ).rejects.toThrow();
  });

  it(`lets exactly one of two simultaneous bookings of one slot succeed (${dialect})`, async () => {
    const startsAt = "2030-03-19T14:00:00.000Z";
    const results = await Promise.allSettled([
      createAppointment({ id: clientA, role: "client" }, { service: half.id, startsAt, now: NOW }),
      createAppointment({ id: clientB, role: "client" }, { service: half.id, startsAt, now: NOW }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect(isAppError(rejected[0]!.reason)).toBe(true);
    expect(rejected[0]!.reason).toMatchObject({ status: 409, key: "appointments:errors.slotTaken" });
    const rows = await db().selectFrom("appointments").select("id").where("startsAt", "=", startsAt).execute();
    expect(rows).toHaveLength(1);
  });

  it("lets exactly one of two simultaneous overlapping bookings succeed (different starts, shared unit)", async () => {
    const results = await Promise.allSettled([
      createAppointment({ id: clientA, role: "client" }, { service: hour.id, startsAt: "2030-03-20T14:00:00.000Z", now: NOW }),
      createAppointment({ id: clientB, role: "client" }, { service: half.id, startsAt: "2030-03-20T14:30:00.000Z", now: NOW }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  });

  it("moves the holds atomically when rescheduling, and refuses a taken time", async () => {
    const actor = { id: clientA, role: "client" };
    const first = await createAppointment(actor, { service: half.id, startsAt: "2030-03-21T13:00:00.000Z", now: NOW });
    await createAppointment({ id: clientB, role: "client" }, { service: half.id, startsAt: "2030-03-21T14:00:00.000Z", now: NOW });
    await expect(rescheduleAppointment(actor, first.id, "2030-03-21T14:00:00.000Z", NOW)).rejects.toMatchObject({ key: "appointments:errors.slotTaken" });
    const moved = await rescheduleAppointment(actor, first.id, "2030-03-21T15:00:00.000Z", NOW);
    expect(moved.startsAt).toBe("2030-03-21T15:00:00.000Z");
    const holds = await db().selectFrom("appointmentSlotHolds").select("slotStart").where("appointmentId", "=", first.id).execute();
    expect(holds.map((hold) => hold.slotStart)).toEqual(["2030-03-21T15:00:00.000Z"]);
    const freed = await findFreeSlots({ durationMinutes: 30, from: "2030-03-21", to: "2030-03-21", now: NOW });
    expect(starts(freed)).toContain("2030-03-21T13:00:00.000Z");
  });

  it("closes the office on the federal holidays of each year that has no closed day yet", async () => {
    await addClosedDay("2033-02-03", "Planned by staff");
    const added = await seedFederalHolidays([2032, 2033]);
    const closed = await db()
      .selectFrom("closedDays")
      .select(["day", "reason"])
      .where("day", ">=", "2031-12-31")
      .where("day", "<=", "2033-12-31")
      .orderBy("day")
      .execute();
    // 2032: eleven holidays, three of them on a weekend and observed on the Friday before or the Monday after
    // (Juneteenth and December 25 are Saturdays, July 4 a Sunday).
    expect(added).toBe(14);
    expect(closed).toContainEqual({ day: "2032-06-18", reason: "Juneteenth National Independence Day (observed)" });
    expect(closed).toContainEqual({ day: "2032-11-25", reason: "Thanksgiving Day" });
    expect(closed).toContainEqual({ day: "2032-12-24", reason: "Christmas Day (observed)" });
    expect(closed).toContainEqual({ day: "2032-07-05", reason: "Independence Day (observed)" });
    // 2033 already had a closed day: left as staff planned it.
    expect(closed.filter((row) => row.day.startsWith("2033"))).toEqual([{ day: "2033-02-03", reason: "Planned by staff" }]);
    expect(await seedFederalHolidays([2032, 2033])).toBe(0);
  });

  it("groups the free times by day in the zone the client reads in: the profile's, else the browser's, else the office's", async () => {
    const duration = { durationMinutes: 30, language: "en", now: NOW };
    const office = await slotChoices({ ...duration, timeZones: [null, ""] });
    expect(office.timeZone).toBe("America/Detroit");
    const browser = await slotChoices({ ...duration, timeZones: [null, "Asia/Tokyo"] });
    expect(browser.timeZone).toBe("Asia/Tokyo");
    const profile = await slotChoices({ ...duration, timeZones: ["Europe/Paris", "Asia/Tokyo"], day: "2030-03-07" });
    expect(profile.timeZone).toBe("Europe/Paris");
    // Thursday 09:00 in Detroit (EST) is 15:00 in Paris; the first time of the day there.
    expect(profile.slots[0]!.startsAt).toBe("2030-03-07T14:00:00.000Z");
    // Sunday's 01:00 Detroit opening is Sunday evening in Tokyo, so Tokyo's days differ from Detroit's.
    expect(browser.days.map((choice) => choice.day)).not.toEqual(office.days.map((choice) => choice.day));
    // The picker shows March 2030, weeks from Sunday (an English reader), the free days counted.
    expect(office.picker.month).toBe("2030-03");
    expect(new Date(`${office.picker.weeks[0]![0]!.day}T12:00:00Z`).getUTCDay()).toBe(0);
    const march5 = office.picker.weeks.flat().find((cell) => cell.day === "2030-03-05")!;
    expect(march5.count).toBe(office.days.find((choice) => choice.day === "2030-03-05")!.count);
    expect(office.picker.weeks.flat().find((cell) => cell.day === "2030-03-04")!.count).toBe(0); // inside the notice
    expect(office.picker.next).toBe("2030-04");
    const french = await slotChoices({ ...duration, language: "fr", timeZones: [] });
    expect(new Date(`${french.picker.weeks[0]![0]!.day}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it("saves the availability form and the closed days through the calendar page's action (staff only)", async () => {
    const admin = await makeUser(db(), { role: "admin" });
    const post = (fields: Record<string, string>, who: { token: string } = admin) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return call(calendarPage.action, { path: "/dashboard/calendar?view=week", method: "POST", as: who, body: form, headers: { Accept: "text/html" } });
    };
    const settings: Record<string, string> = {
      intent: "settings",
      timeZone: "Europe/Paris",
      slotMinutes: "20",
      bufferMinutes: "10",
      minNoticeHours: "2",
      maxDaysAhead: "14",
    };
    for (let index = 0; index < 7; index++) {
      if (index < 5) settings[`days[${index}].open`] = "on";
      settings[`days[${index}].start`] = "08:30";
      settings[`days[${index}].end`] = "12:00";
    }
    const saved = await post(settings);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/dashboard/calendar?view=week");
    const row = await db().selectFrom("availabilitySettings").selectAll().where("id", "=", "default").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ timeZone: "Europe/Paris", slotMinutes: 20, bufferMinutes: 10, minNoticeHours: 2, maxDaysAhead: 14 });
    expect(row.weeklyHours).toEqual({
      "1": [{ start: "08:30", end: "12:00" }],
      "2": [{ start: "08:30", end: "12:00" }],
      "3": [{ start: "08:30", end: "12:00" }],
      "4": [{ start: "08:30", end: "12:00" }],
      "5": [{ start: "08:30", end: "12:00" }],
      "6": [],
      "7": [],
    });

    const refused = await post({ ...settings, "days[0].end": "08:00", timeZone: "Mars/Olympus" });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error["days[0].end"]).toEqual(["appointments:errors.hoursOrder"]);
    expect(body.result.error.timeZone).toEqual(["appointments:errors.timeZoneInvalid"]);

    expect((await post({ intent: "addClosedDay", day: "2030-12-24", reason: "Holiday" })).status).toBe(302);
    expect(await db().selectFrom("closedDays").select(["day", "reason"]).where("day", "=", "2030-12-24").execute()).toEqual([
      { day: "2030-12-24", reason: "Holiday" },
    ]);
    expect((await post({ intent: "addClosedDay", day: "2030-02-31" })).status).toBe(400);
    expect((await post({ intent: "removeClosedDay", day: "2030-12-24" })).status).toBe(302);
    expect(await db().selectFrom("closedDays").select("day").where("day", "=", "2030-12-24").execute()).toEqual([]);

    // A client is sent away and changes nothing.
    const client = await makeUser(db(), { role: "client" });
    const denied = await post({ intent: "addClosedDay", day: "2030-12-25" }, client);
    expect(denied.status).toBe(302);
    expect(await db().selectFrom("closedDays").select("day").where("day", "=", "2030-12-25").execute()).toEqual([]);
  });
});
