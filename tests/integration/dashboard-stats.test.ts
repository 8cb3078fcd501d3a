import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { forgetDashboardStats, getDashboardStats, STATS_TTL_MS } from "~/features/client-records/overview.server";
import { describeEachDialect } from "../setup/database";
import { makeCast, type Cast } from "../support/factories";

// A Wednesday: the week began on Monday 16 March 2026, 00:00 UTC.
const NOW = Date.parse("2026-03-18T12:00:00.000Z");

describeEachDialect("the dashboard's figures", (db) => {
  let cast: Cast;
  let serviceId: string;

  async function insertOrder(status: string, createdAt: string): Promise<void> {
    const id = randomUUID();
    await db()
      .insertInto("serviceOrders")
      .values({
        id,
        reference: `SO-D${id.slice(0, 8).toUpperCase()}`,
        clientId: cast.clientA.id,
        serviceId,
        status,
        details: "",
        createdAt,
        updatedAt: createdAt,
      })
      .execute();
  }

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    serviceId = (await db().selectFrom("services").select("id").where("key", "=", "translation").executeTakeFirstOrThrow()).id;
    forgetDashboardStats();
  });

  it("counts this week's orders, new messages and reports awaiting feedback", async () => {
    await insertOrder("pending", "2026-03-16T00:00:00.000Z"); // the week's first instant
    await insertOrder("pending", "2026-03-15T23:59:59.999Z"); // last week
    await insertOrder("completed", "2026-03-18T11:00:00.000Z");
    await insertOrder("cancelled", "2025-12-01T00:00:00.000Z");
    await db()
      .insertInto("contactMessages")
      .values([
        { id: randomUUID(), name: "Sam", email: "sam@example.com", subject: "Hi", message: "Hello", status: "new", createdAt: "2026-03-17T00:00:00.000Z" },
        { id: randomUUID(), name: "Sam", email: "sam@example.com", subject: "Hi", message: "Hello", status: "read", createdAt: "2026-03-17T00:00:00.000Z" },
      ])
      .execute();
    const report = (feedbackAt: string | null) => ({
      id: randomUUID(),
      clientId: cast.clientA.id,
      orderId: null,
      title: "Report",
      bodyMarkdown: "Body",
      createdBy: cast.admin.id,
      feedbackAt,
      feedbackRating: feedbackAt ? 5 : null,
      createdAt: "2026-03-17T00:00:00.000Z",
      updatedAt: "2026-03-17T00:00:00.000Z",
    });
    await db()
      .insertInto("reports")
      .values([report(null), report(null), report("2026-03-17T10:00:00.000Z")])
      .execute();

    const stats = await getDashboardStats(NOW);
    expect(stats.newOrdersThisWeek).toBe(2);
    expect(stats.unreadContactMessages).toBe(1);
    expect(stats.reportsAwaitingFeedback).toBe(2);
  });

  it("keeps the figures for a short while, then reads them again; a change from the tracker empties them at once", async () => {
    const before = await getDashboardStats(NOW);
    await insertOrder("in_review", "2026-03-18T11:30:00.000Z");
    // Within the time to live: the same figures, without reading the tables again.
    expect(await getDashboardStats(NOW + STATS_TTL_MS - 1)).toBe(before);
    const later = await getDashboardStats(NOW + STATS_TTL_MS);
    expect(later.newOrdersThisWeek).toBe(before.newOrdersThisWeek + 1);

    await insertOrder("in_review", "2026-03-18T11:45:00.000Z");
    expect((await getDashboardStats(NOW + STATS_TTL_MS + 1)).newOrdersThisWeek).toBe(later.newOrdersThisWeek);
    forgetDashboardStats();
    expect((await getDashboardStats(NOW + STATS_TTL_MS + 1)).newOrdersThisWeek).toBe(later.newOrdersThisWeek + 1);
  });
});
