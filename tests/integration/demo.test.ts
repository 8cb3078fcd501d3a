import fs from "node:fs";
import { sql } from "kysely";
import { DateTime } from "luxon";
import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { demoConsistencyProblems, seedDemoAccounts, type DemoSeedResult } from "~/features/demo/demo.server";
import { getAvailabilitySettings } from "~/features/availability/availability.server";
import { usFederalHolidays } from "~/core/office/holidays.server";
import { ORDER_STATUSES } from "~/features/service-orders/status";
import { mailDir } from "~/lib/mail.server";
import { describeEachDialect } from "../setup/database";

/** Thanksgiving's date (its unit test checks the list's dates against the calendar). */
const thanksgivingOf = (year: number) => usFederalHolidays(year).find((holiday) => holiday.key === "thanksgiving")!.date;

const TABLES = [
  "users",
  "serviceOrders",
  "serviceOrderStatusHistory",
  "storedFiles",
  "quotes",
  "invoices",
  "payments",
  "translationFiles",
  "translationCertificates",
  "appointments",
  "tasks",
  "reports",
  "notifications",
  "contactMessages",
  "closedDays",
] as const;

/**
 * The demo data (SEED_DEMO=true) is a consistent year of the firm, on each dialect: orders in
 * every state with their documents, completed ones priced, invoiced, paid and (translations)
 * certified; payments that match each invoice's state; revenue through the year; appointments
 * before and after today; and a second run adds nothing.
 */
describeEachDialect("demo seeding", (db) => {
  let seeded: DemoSeedResult;
  let officeYear = 0;
  let today = "";
  let mailBefore: string[] = [];
  const mailFiles = () => (fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()) : []);

  beforeAll(async () => {
    await seedPublicContent(db());
    mailBefore = mailFiles();
    seeded = await seedDemoAccounts(db(), "Demo-Passw0rd!");
    const now = DateTime.now().setZone((await getAvailabilitySettings()).timeZone);
    officeYear = now.year;
    today = now.toISODate()!;
  });

  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      result[table] = Number(row.count);
    }
    return result;
  };

  it("passes its own consistency checks, and seeds nothing the second time", async () => {
    expect(seeded.problems).toEqual([]);
    expect(seeded.clients.length).toBeGreaterThanOrEqual(10);
    const before = await counts();
    const again = await seedDemoAccounts(db(), "Other-Passw0rd!");
    expect(again).toEqual({ holidaysAdded: 0, clients: [], problems: [] });
    expect(await counts()).toEqual(before);
  });

  it("sends no mail: the demo's year happened long ago", () => {
    expect(mailFiles()).toEqual(mailBefore);
  });

  it("closes the office on Thanksgiving, December 25 and January 1 of this year and the next", async () => {
    const closed = new Set((await db().selectFrom("closedDays").select("day").execute()).map((row) => row.day));
    for (const year of [officeYear, officeYear + 1]) {
      expect(closed.has(thanksgivingOf(year)), `Thanksgiving ${year}`).toBe(true);
      expect(closed.has(`${year}-12-25`), `Christmas ${year}`).toBe(true);
      expect(closed.has(`${year}-01-01`), `New Year ${year}`).toBe(true);
    }
  });

  it("has orders in every state, each with its documents, over the past year", async () => {
    const orders = await db()
      .selectFrom("serviceOrders as o")
      .select([
        "o.reference",
        "o.status",
        "o.createdAt",
        sql<number>`(select count(*) from stored_files f where f.record_type = 'service_order' and f.record_id = o.id)`.as("documents"),
      ])
      .execute();
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
    expect(orders.filter((order) => Number(order.documents) === 0).map((order) => order.reference)).toEqual([]);
    const yearAgo = DateTime.fromISO(today).minus({ days: 366 }).toISO()!;
    expect(orders.every((order) => order.createdAt >= yearAgo && order.createdAt <= new Date().toISOString())).toBe(true);
  });

  it("gives every completed order its price or accepted quote, paid invoices and, for a translation, a certified translation", async () => {
    const completed = await db()
      .selectFrom("serviceOrders as o")
      .innerJoin("services as s", "s.id", "o.serviceId")
      .select([
        "o.reference",
        "s.key",
        "o.priceCents",
        sql<number>`(select count(*) from quotes q where q.order_id = o.id and q.status = 'accepted')`.as("acceptedQuotes"),
        sql<number>`(select count(*) from invoices i where i.order_id = o.id)`.as("invoices"),
        sql<number>`(select count(*) from invoices i where i.order_id = o.id and i.status <> 'paid')`.as("unpaid"),
        sql<number>`(select count(*) from translation_files f join translation_certificates c on c.translation_file_id = f.id where f.order_id = o.id and f.status = 'completed' and f.translated_file_id is not null)`.as(
          "certified",
        ),
      ])
      .where("o.status", "=", "completed")
      .execute();
    expect(completed.length).toBeGreaterThanOrEqual(8);
    const contradictions = completed.filter(
      (order) =>
        (order.priceCents === null && Number(order.acceptedQuotes) === 0) ||
        Number(order.invoices) === 0 ||
        Number(order.unpaid) > 0 ||
        (order.key === "translation" && Number(order.certified) === 0),
    );
    expect(contradictions).toEqual([]);
    expect(completed.filter((order) => order.key === "translation").length).toBeGreaterThanOrEqual(2);
  });

  it("keeps every invoice's payments in line with its state, with a refund and revenue in most months of the year", async () => {
    const invoices = await db()
      .selectFrom("invoices as i")
      .select([
        "i.number",
        "i.status",
        "i.totalCents",
        "i.issuedAt",
        sql<number>`coalesce((select sum(case when p.kind = 'payment' then p.amount_cents else -p.amount_cents end) from payments p where p.invoice_id = i.id), 0)`.as(
          "paid",
        ),
      ])
      .execute();
    const wrong = invoices.filter((invoice) => {
      const paid = Number(invoice.paid);
      if (invoice.status === "paid") return paid !== invoice.totalCents;
      if (invoice.status === "open") return paid < 0 || paid >= invoice.totalCents;
      return paid !== 0;
    });
    expect(wrong).toEqual([]);
    expect(new Set(invoices.map((invoice) => invoice.status))).toEqual(new Set(["paid", "open", "void"]));
    // Numbers follow the order of issue within a year.
    const issued = invoices.filter((invoice) => invoice.number).sort((a, b) => a.issuedAt!.localeCompare(b.issuedAt!));
    expect(issued.map((invoice) => invoice.number)).toEqual(issued.map((invoice) => invoice.number).sort());

    const payments = await db().selectFrom("payments").select(["kind", "receivedAt"]).execute();
    expect(payments.some((payment) => payment.kind === "refund")).toBe(true);
    const yearAgo = DateTime.fromISO(today).minus({ days: 365 }).toISO()!;
    const months = new Set(
      payments.filter((payment) => payment.kind === "payment" && payment.receivedAt >= yearAgo).map((payment) => payment.receivedAt.slice(0, 7)),
    );
    expect(months.size).toBeGreaterThanOrEqual(10);
  });

  it("books appointments before and after today, each on an open day; the demo clients own different records", async () => {
    const { timeZone } = await getAvailabilitySettings();
    const closed = new Set((await db().selectFrom("closedDays").select("day").execute()).map((row) => row.day));
    const appointments = await db().selectFrom("appointments").select(["startsAt", "status", "clientId"]).execute();
    const now = new Date().toISOString();
    expect(appointments.filter((appointment) => appointment.startsAt < now).length).toBeGreaterThanOrEqual(5);
    expect(appointments.filter((appointment) => appointment.startsAt > now && appointment.status === "confirmed").length).toBeGreaterThanOrEqual(3);
    for (const appointment of appointments) {
      const local = DateTime.fromISO(appointment.startsAt, { zone: timeZone });
      expect(closed.has(local.toISODate()!)).toBe(false);
      expect(local.weekday).toBeLessThanOrEqual(5);
    }
    for (const email of ["client@demo.test", "client2@demo.test"]) {
      const client = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      const owned = await Promise.all(
        (["serviceOrders", "appointments", "reports"] as const).map(async (table) =>
          Number(
            (
              await db()
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as("count"))
                .where("clientId", "=", client.id)
                .executeTakeFirstOrThrow()
            ).count,
          ),
        ),
      );
      expect(
        owned.every((count) => count >= 1),
        email,
      ).toBe(true);
    }
    const tasks = await db().selectFrom("tasks").select(["status", "dueDate"]).execute();
    expect(new Set(tasks.map((task) => task.status))).toEqual(new Set(["todo", "in_progress", "done"]));
  });

  it("links each report to an order of its own service and client", async () => {
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
  });

  it("finds the problems it is meant to find", async () => {
    const client = seeded.clients.find((candidate) => candidate.email === "client@demo.test")!;
    const staff = await db().selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow();
    const actor = { id: staff.id, role: "admin" };
    // The same report checked as if it were about bookkeeping: linked to the wrong order.
    const wrong = await demoConsistencyProblems(
      [{ ...client, orderIds: [], appointmentIds: [], reports: [{ ...client.reports[0]!, serviceKey: "bookkeeping" }] }],
      actor,
      [],
    );
    expect(wrong).toEqual([expect.stringMatching(/^report "Translation delivered: birth certificate" \(bookkeeping\) is linked to SO-.* \(translation\)$/)]);
    // A completed order whose invoice is open again: both the order and the invoice are reported.
    const invoice = await db()
      .selectFrom("invoices as i")
      .innerJoin("serviceOrders as o", "o.id", "i.orderId")
      .select(["i.id", "i.number", "i.totalCents", "o.reference"])
      .where("o.clientId", "=", client.clientId)
      .where("o.status", "=", "completed")
      .executeTakeFirstOrThrow();
    await db().updateTable("invoices").set({ status: "open" }).where("id", "=", invoice.id).execute();
    expect(await demoConsistencyProblems([{ ...client, reports: [], appointmentIds: [] }], actor, [])).toEqual([
      `completed order ${invoice.reference} has invoice ${invoice.number} open`,
      `invoice ${invoice.number} is open with ${invoice.totalCents} of ${invoice.totalCents} cents paid`,
    ]);
    await db().updateTable("invoices").set({ status: "paid" }).where("id", "=", invoice.id).execute();
    // A holiday reopened by hand is reported.
    const thanksgiving = thanksgivingOf(officeYear + 1);
    await db().deleteFrom("closedDays").where("day", "=", thanksgiving).execute();
    expect(await demoConsistencyProblems([], actor, [officeYear + 1])).toEqual([`Thanksgiving Day ${thanksgiving} is not a closed day`]);
  });
});
