import { DateTime } from "luxon";
import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { demoConsistencyProblems, seedDemoAccounts, type DemoSeedResult } from "~/features/demo/demo.server";
import { getAvailabilitySettings } from "~/features/availability/availability.server";
import { nthWeekdayOfMonth } from "~/features/availability/holidays";
import { describeEachDialect } from "../setup/database";

/** The demo data (SEED_DEMO=true) is coherent: it passes the seeder's own checks, on each dialect. */
describeEachDialect("demo seeding", (db) => {
  let seeded: DemoSeedResult;
  let officeYear = 0;

  beforeAll(async () => {
    await seedPublicContent(db());
    seeded = await seedDemoAccounts(db(), "Demo-Passw0rd!");
    officeYear = DateTime.now().setZone((await getAvailabilitySettings()).timeZone).year;
  });

  it("passes its own consistency checks, and seeds nothing the second time", async () => {
    expect(seeded.problems).toEqual([]);
    expect(seeded.clients).toHaveLength(2);
    expect(seeded.clients.every((client) => client.reports.length === 1 && client.appointmentIds.length === 1)).toBe(true);
    const again = await seedDemoAccounts(db(), "Other-Passw0rd!");
    expect(again).toEqual({ holidaysAdded: 0, clients: [], problems: [] });
  });

  it("closes the office on Thanksgiving, December 25 and January 1 of this year and the next", async () => {
    const closed = new Set((await db().selectFrom("closedDays").select("day").execute()).map((row) => row.day));
    for (const year of [officeYear, officeYear + 1]) {
      expect(closed.has(nthWeekdayOfMonth(year, 11, 4, 4)), `Thanksgiving ${year}`).toBe(true);
      expect(closed.has(`${year}-12-25`), `Christmas ${year}`).toBe(true);
      expect(closed.has(`${year}-01-01`), `New Year ${year}`).toBe(true);
    }
  });

  it("links each report to an order of its own service and client, and books each appointment on an open day", async () => {
    const reports = await db()
      .selectFrom("reports as r")
      .innerJoin("serviceOrders as o", "o.id", "r.orderId")
      .innerJoin("services as s", "s.id", "o.serviceId")
      .select(["r.title", "r.clientId", "r.bodyMarkdown", "o.clientId as orderClientId", "s.key"])
      .execute();
    expect(reports.map((report) => [report.title, report.key])).toEqual(
      expect.arrayContaining([
        ["Translation delivered: birth certificate", "translation"],
        ["October bookkeeping: missing statements", "bookkeeping"],
      ]),
    );
    expect(reports.every((report) => report.clientId === report.orderClientId && !/attached/i.test(report.bodyMarkdown))).toBe(true);

    const { timeZone } = await getAvailabilitySettings();
    const closed = new Set((await db().selectFrom("closedDays").select("day").execute()).map((row) => row.day));
    const appointments = await db().selectFrom("appointments").select(["startsAt", "status"]).execute();
    expect(appointments.map((appointment) => appointment.status)).toEqual(["confirmed", "confirmed"]);
    for (const appointment of appointments) {
      const local = DateTime.fromISO(appointment.startsAt, { zone: timeZone });
      expect(closed.has(local.toISODate()!)).toBe(false);
      expect(local.weekday).toBeLessThanOrEqual(5);
    }
  });

  it("finds the problems it is meant to find", async () => {
    const client = seeded.clients[0]!;
    const staff = await db().selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow();
    const actor = { id: staff.id, role: "admin" };
    // The same report checked as if it were about bookkeeping: linked to the wrong order.
    const wrong = await demoConsistencyProblems([{ ...client, reports: [{ ...client.reports[0]!, serviceKey: "bookkeeping" }] }], actor, []);
    expect(wrong).toEqual([expect.stringMatching(/^report "Translation delivered: birth certificate" \(bookkeeping\) is linked to SO-.* \(translation\)$/)]);
    // A holiday reopened by hand is reported.
    const thanksgiving = nthWeekdayOfMonth(officeYear + 1, 11, 4, 4);
    await db().deleteFrom("closedDays").where("day", "=", thanksgiving).execute();
    expect(await demoConsistencyProblems([], actor, [officeYear + 1])).toEqual([`Thanksgiving Day ${thanksgiving} is not a closed day`]);
  });
});
