import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { inboxResponseStatistics, listContactMessages } from "~/features/inbox/inbox.server";
import { listOrders } from "~/features/service-orders/service-orders.server";
import { monthPeriods, parseStatsRange, weekPeriods } from "~/features/statistics/range.server";
import { forgetStatistics, getStatistics, STATISTICS_TTL_MS } from "~/features/statistics/statistics.server";
import { listTranslationFiles } from "~/features/translations/translations.server";
import { listUsers } from "~/features/users/users.server";
import { describeEachDialect } from "../setup/database";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";

// New York: March 2026 begins at 05:00 UTC on the 1st (EST) and ends at 04:00 UTC on 1 April (EDT).
const ZONE = "America/New_York";
const NOW = new Date("2026-04-15T12:00:00.000Z");
const ADMIN = { role: "admin", enabledFeatures: [] as string[] };
const MARCH = new URLSearchParams("from=2026-03-01&to=2026-03-31");

describeEachDialect("the dashboard's statistics over a date range", (db) => {
  let cast: Cast;
  let serviceId: string;
  let staffInbox: TestUser;
  let seq = 0;

  async function order(status: string, createdAt: string) {
    const id = randomUUID();
    await db()
      .insertInto("serviceOrders")
      .values({
        id,
        reference: `SO-S${id.slice(0, 8).toUpperCase()}`,
        clientId: cast.clientA.id,
        serviceId,
        status,
        details: "",
        createdAt,
        updatedAt: createdAt,
      })
      .execute();
  }

  async function appointment(startsAt: string) {
    seq += 1;
    await db()
      .insertInto("appointments")
      .values({
        id: randomUUID(),
        reference: `AP-S${String(seq).padStart(5, "0")}`,
        clientId: cast.clientA.id,
        serviceId,
        orderId: null,
        startsAt,
        endsAt: startsAt,
        status: "confirmed",
        notes: null,
        clientTimeZone: null,
      })
      .execute();
  }

  async function message(createdAt: string, readAt: string | null) {
    await db()
      .insertInto("contactMessages")
      .values({ id: randomUUID(), name: "Sam", email: "sam@example.com", subject: "Hi", message: "Hello", status: readAt ? "read" : "new", readAt, createdAt })
      .execute();
  }

  async function translationFile(status: string, createdAt: string) {
    const fileId = randomUUID();
    await db()
      .insertInto("storedFiles")
      .values({
        id: fileId,
        storageName: fileId,
        originalName: "a.pdf",
        mimeType: "application/pdf",
        sizeBytes: 1,
        sha256: "x",
        uploadedBy: null,
        recordType: null,
        recordId: null,
        createdAt,
      })
      .execute();
    await db()
      .insertInto("translationFiles")
      .values({
        id: randomUUID(),
        originalFileId: fileId,
        sourceLanguage: "en",
        targetLanguage: "fr",
        status,
        notes: null,
        statusNotes: null,
        orderId: null,
        uploadedBy: null,
        createdAt,
        updatedAt: createdAt,
        clientId: null,
        assigneeId: null,
        dueDate: null,
        wordCount: null,
      })
      .execute();
  }

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    staffInbox = await makeUser(db(), { role: "staff", features: ["inbox"] });
    serviceId = (await db().selectFrom("services").select("id").where("key", "=", "translation").executeTakeFirstOrThrow()).id;

    await order("pending", "2026-03-01T05:00:00.000Z"); // the range's first instant
    await order("pending", "2026-03-01T04:59:59.999Z"); // still February in New York
    await order("completed", "2026-03-20T12:00:00.000Z");
    await order("completed", "2026-04-01T03:59:59.999Z"); // 31 March, 23:59 in New York
    await order("cancelled", "2026-04-01T04:00:00.000Z"); // April

    await appointment("2026-03-02T15:00:00.000Z"); // Monday 2 March
    await appointment("2026-03-08T15:00:00.000Z"); // Sunday 8 March: same week
    await appointment("2026-03-09T14:00:00.000Z"); // Monday 9 March: next week
    await appointment("2026-04-02T14:00:00.000Z"); // outside

    // Messages: answered after 1 h and 3 h, one unanswered, one outside the range.
    await message("2026-03-10T10:00:00.000Z", "2026-03-10T11:00:00.000Z");
    await message("2026-03-11T10:00:00.000Z", "2026-03-11T13:00:00.000Z");
    await message("2026-03-12T10:00:00.000Z", null);
    await message("2026-02-12T10:00:00.000Z", "2026-02-12T10:30:00.000Z");

    await translationFile("pending", "2026-03-05T12:00:00.000Z");
    await translationFile("completed", "2026-03-06T12:00:00.000Z");
    await translationFile("completed", "2026-03-07T12:00:00.000Z");
    await translationFile("failed", "2026-01-07T12:00:00.000Z");

    // New clients: two in March, one in February (makeCast's own clients were made today, outside).
    for (const createdAt of ["2026-03-03T12:00:00.000Z", "2026-03-25T12:00:00.000Z", "2026-02-25T12:00:00.000Z"]) {
      const client = await makeUser(db(), { role: "client" });
      await db().updateTable("users").set({ createdAt }).where("id", "=", client.id).execute();
    }

    // Tasks: one overdue (open, due before today), one done, one due later.
    for (const [status, dueDate] of [
      ["todo", "2026-04-01"],
      ["done", "2026-04-01"],
      ["todo", "2026-05-01"],
    ] as const) {
      await db()
        .insertInto("tasks")
        .values({
          id: randomUUID(),
          title: "Task",
          status,
          priority: "normal",
          dueDate,
          createdAt: "2026-03-01T00:00:00.000Z",
          updatedAt: "2026-03-01T00:00:00.000Z",
        })
        .execute();
    }
    // Revenue (the billing area's payments): 120.00 and 30.00 paid in March, 20.00 refunded; 50.00 in April. In New
    // York's zone, 7.00 paid at 23:30 on 31 March (03:30 UTC on 1 April) counts in March, and 9.00 paid at 23:30 on
    // 28 February (04:30 UTC on 1 March) in February.
    const invoiceId = randomUUID();
    await db()
      .insertInto("invoices")
      .values({
        id: invoiceId,
        billToName: "Client",
        billToEmail: "client@example.com",
        createdAt: "2026-03-01T00:00:00.000Z",
        updatedAt: "2026-03-01T00:00:00.000Z",
      })
      .execute();
    for (const [kind, amountCents, receivedAt] of [
      ["payment", 12_000, "2026-03-05T12:00:00.000Z"],
      ["payment", 3_000, "2026-03-25T12:00:00.000Z"],
      ["refund", 2_000, "2026-03-26T12:00:00.000Z"],
      ["payment", 5_000, "2026-04-02T12:00:00.000Z"],
      ["payment", 700, "2026-04-01T03:30:00.000Z"],
      ["payment", 900, "2026-03-01T04:30:00.000Z"],
    ] as const) {
      await db()
        .insertInto("payments")
        .values({ id: randomUUID(), invoiceId, clientId: null, kind, amountCents, method: "cash", receivedAt, createdAt: receivedAt })
        .execute();
    }
    forgetStatistics();
  });

  it("cuts the range into the viewer's days, months and weeks", () => {
    const range = parseStatsRange(MARCH, ZONE, NOW);
    expect(range).toMatchObject({ from: "2026-03-01", to: "2026-03-31", start: "2026-03-01T05:00:00.000Z", end: "2026-04-01T04:00:00.000Z", preset: null });
    expect(monthPeriods(range).map((period) => [period.from, period.to])).toEqual([["2026-03-01", "2026-03-31"]]);
    const weeks = weekPeriods(range);
    expect(weeks[0]).toMatchObject({ from: "2026-03-01", to: "2026-03-01" }); // Sunday: the week began in February
    expect(weeks[1]).toMatchObject({ from: "2026-03-02", to: "2026-03-08" });
    expect(weeks.at(-1)).toMatchObject({ from: "2026-03-30", to: "2026-03-31" });
    // Presets and bad values.
    expect(parseStatsRange(new URLSearchParams("range=thisYear"), ZONE, NOW)).toMatchObject({ from: "2026-01-01", to: "2026-04-15", preset: "thisYear" });
    expect(parseStatsRange(new URLSearchParams("range=nonsense"), ZONE, NOW)).toMatchObject({ from: "2025-05-01", to: "2026-04-15", preset: "last12Months" });
    expect(parseStatsRange(new URLSearchParams("from=2026-04-10&to=2026-04-01"), ZONE, NOW)).toMatchObject({ from: "2026-04-01", to: "2026-04-10" });
    expect(parseStatsRange(new URLSearchParams("from=2020-01-01&to=2026-04-01"), ZONE, NOW)).toMatchObject({ from: "2024-04-01", shortened: true });
  });

  it("counts every figure of the range for an admin, each equal to the filtered list it links to", async () => {
    const range = parseStatsRange(MARCH, ZONE, NOW);
    const stats = await getStatistics(ADMIN, range, NOW);
    expect(stats.orders?.byStatus).toEqual({ pending: 1, in_review: 0, in_progress: 0, waiting_for_client: 0, completed: 2, cancelled: 0 });
    expect(stats.orders?.total).toBe(3);
    expect(stats.orders?.perMonth.map((period) => period.count)).toEqual([3]);
    expect(stats.appointments?.perWeek.map((period) => period.count)).toEqual([0, 2, 1, 0, 0, 0]);
    expect(stats.appointments?.total).toBe(3);
    expect(stats.newClients?.total).toBe(2);
    expect(stats.inbox).toEqual({ received: 3, answered: 2, averageSeconds: 7200 });
    expect(stats.translations?.byStatus).toEqual({ pending: 1, processing: 0, completed: 2, failed: 0 });
    expect(stats.tasks).toEqual({ overdue: 1 });
    expect(stats.revenue).toEqual({ perMonth: [{ month: "2026-03", receivedCents: 15_700, refundedCents: 2_000, netCents: 13_700 }], netCents: 13_700 });
    const around = await getStatistics(ADMIN, parseStatsRange(new URLSearchParams("from=2026-02-01&to=2026-04-15"), ZONE, NOW), NOW);
    expect(around.revenue?.perMonth.map((month) => [month.month, month.netCents])).toEqual([
      ["2026-02", 900],
      ["2026-03", 13_700],
      ["2026-04", 5_000],
    ]);

    // The lists behind the links, with the same days and zone.
    const days = { from: "2026-03-01", to: "2026-03-31", timeZone: ZONE };
    expect((await listOrders(cast.admin, days, "en")).total).toBe(3);
    expect((await listOrders(cast.admin, { ...days, status: "completed" }, "en")).total).toBe(2);
    expect((await listContactMessages({ page: 1, perPage: 20, ...days })).total).toBe(3);
    expect((await listTranslationFiles(cast.admin, { ...days, status: "completed" })).total).toBe(2);
    expect((await listUsers("users", { page: 1, perPage: 20, ...days })).total).toBe(2);
  });

  it("times an answer to the first reply, or to the first reading of a message that got none", async () => {
    await db()
      .insertInto("contactMessages")
      .values({
        id: randomUUID(),
        name: "Ria",
        email: "ria@example.com",
        subject: "Hi",
        message: "Hello",
        status: "replied",
        readAt: "2025-12-01T10:30:00.000Z",
        repliedAt: "2025-12-01T14:00:00.000Z",
        createdAt: "2025-12-01T10:00:00.000Z",
      })
      .execute();
    await message("2025-12-02T10:00:00.000Z", "2025-12-02T11:00:00.000Z");
    const december = { start: "2025-12-01T00:00:00.000Z", end: "2025-12-03T00:00:00.000Z" };
    expect(await inboxResponseStatistics(december)).toEqual({ received: 2, answered: 2, averageSeconds: (4 * 3600 + 3600) / 2 });
  });

  it("gives a staff member the figures of their features only", async () => {
    const stats = await getStatistics({ role: "staff", enabledFeatures: ["inbox"] }, parseStatsRange(MARCH, ZONE, NOW), NOW);
    expect(stats.inbox?.received).toBe(3);
    expect(stats.orders).toBeNull();
    expect(stats.appointments).toBeNull();
    expect(stats.newClients).toBeNull();
    expect(stats.translations).toBeNull();
    expect(stats.tasks).toBeNull();
    expect(stats.revenue).toBeNull();
    expect(staffInbox.role).toBe("staff");
  });

  it("keeps the figures for a short while, then reads them again", async () => {
    const range = parseStatsRange(MARCH, ZONE, NOW);
    const before = await getStatistics(ADMIN, range, NOW);
    await order("in_review", "2026-03-21T12:00:00.000Z");
    expect(await getStatistics(ADMIN, range, new Date(NOW.getTime() + STATISTICS_TTL_MS - 1))).toBe(before);
    const later = await getStatistics(ADMIN, range, new Date(NOW.getTime() + STATISTICS_TTL_MS));
    expect(later.orders?.byStatus.in_review).toBe(1);
  });
});
