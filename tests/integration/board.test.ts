import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { BOARD_STEP, listBoard, parseBoardMore, RECENT_DAYS } from "~/features/service-orders/board.server";
import { AppError } from "~/lib/app-error";
import { describeEachDialect } from "../setup/database";
import { makeCast, type Cast } from "../support/factories";

const NOW = new Date("2026-03-20T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describeEachDialect("the tracker board stays small", (db) => {
  let cast: Cast;
  let serviceId: string;
  let seq = 0;

  async function insertOrder(status: string, options: { createdDaysAgo?: number; updatedDaysAgo?: number; dueDate?: string | null } = {}): Promise<string> {
    const id = randomUUID();
    seq += 1;
    await db()
      .insertInto("serviceOrders")
      .values({
        id,
        reference: `SO-B${String(seq).padStart(3, "0")}-${id.slice(0, 4).toUpperCase()}`,
        clientId: cast.clientA.id,
        serviceId,
        status,
        details: "Board test",
        dueDate: options.dueDate ?? null,
        createdAt: daysAgo(options.createdDaysAgo ?? 1),
        updatedAt: daysAgo(options.updatedDaysAgo ?? options.createdDaysAgo ?? 1),
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    serviceId = (await db().selectFrom("services").select("id").where("key", "=", "translation").executeTakeFirstOrThrow()).id;
  });

  it("is for staff only", async () => {
    const error = await listBoard(cast.clientA, "en").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(403);
  });

  it("counts each column in full but shows a bounded number of cards, most urgent first, with more on request", async () => {
    // 40 in review: new ones without a due date, plus a few that are urgent in different ways.
    const plain: string[] = [];
    for (let index = 0; index < 36; index += 1) plain.push(await insertOrder("in_review", { createdDaysAgo: 5 - index / 100 }));
    const dueSoon = await insertOrder("in_review", { createdDaysAgo: 1, dueDate: "2026-03-22" }); // due in 2 days
    const overdueByDate = await insertOrder("in_review", { createdDaysAgo: 2, dueDate: "2026-03-10" }); // due 10 days ago
    const overdueByAge = await insertOrder("in_review", { createdDaysAgo: 30 }); // no due date, overdue since day 14: 2026-03-04
    const farAway = await insertOrder("in_review", { createdDaysAgo: 1, dueDate: "2027-01-01" });

    const board = await listBoard(cast.admin, "en", { now: NOW });
    const column = board.find((entry) => entry.status === "in_review")!;
    expect(column.total).toBe(40);
    expect(column.orders).toHaveLength(BOARD_STEP);
    expect(column.orders.slice(0, 3).map((order) => order.id)).toEqual([overdueByAge, overdueByDate, dueSoon]);
    expect(column.orders[0]!.overdue).toBe(true);
    expect(column.orders[0]!.clientName).toBe(cast.clientA.fullName);
    expect(column.orders[1]!.overdue).toBe(true);
    expect(column.orders[2]!.overdue).toBe(false);
    // Then the oldest of those without a due date (their deadline is 14 days after they came in).
    expect(column.orders.slice(3).map((order) => order.id)).toEqual(plain.slice(0, BOARD_STEP - 3));
    expect(column.orders.map((order) => order.id)).not.toContain(farAway);
    expect(column.showMore).toBe(Math.min(BOARD_STEP, 40 - BOARD_STEP));

    // "Show more" raises this column's limit only.
    const more = await listBoard(cast.admin, "en", { now: NOW, more: parseBoardMore(["in_review", "unknown"]) });
    const grown = more.find((entry) => entry.status === "in_review")!;
    expect(grown.orders).toHaveLength(2 * BOARD_STEP);
    expect(grown.orders.slice(0, BOARD_STEP)).toEqual(column.orders);
    expect(more.find((entry) => entry.status === "pending")!.orders.length).toBeLessThanOrEqual(BOARD_STEP);

    // Until every card of the column is on the board.
    const all = await listBoard(cast.admin, "en", { now: NOW, more: parseBoardMore(["in_review", "in_review", "in_review"]) });
    const whole = all.find((entry) => entry.status === "in_review")!;
    expect(whole.orders).toHaveLength(40);
    expect(whole.orders.at(-1)!.id).toBe(farAway);
    expect(whole.showMore).toBe(0);
    expect(new Set(whole.orders.map((order) => order.id)).size).toBe(40);
  });

  it("has the counts of one grouped query: every open order, completed ones only when recent", async () => {
    await insertOrder("pending", { createdDaysAgo: 3 });
    await insertOrder("pending", { createdDaysAgo: 2, dueDate: "2026-04-01" });
    const recent = await insertOrder("completed", { createdDaysAgo: 60, updatedDaysAgo: 2 });
    const older = await insertOrder("completed", { createdDaysAgo: 60, updatedDaysAgo: 10 });
    await insertOrder("completed", { createdDaysAgo: 90, updatedDaysAgo: RECENT_DAYS + 1 });
    await insertOrder("cancelled", { createdDaysAgo: 2 });

    const board = await listBoard(cast.admin, "en", { now: NOW });
    expect(board.map((column) => column.status)).toEqual(["pending", "in_review", "in_progress", "waiting_for_client", "completed"]);
    const counts = Object.fromEntries(board.map((column) => [column.status, column.total]));
    expect(counts).toEqual({ pending: 2, in_review: 40, in_progress: 0, waiting_for_client: 0, completed: 2 });
    const completed = board.find((column) => column.status === "completed")!;
    expect(completed.recentOnly).toBe(true);
    // Latest change first; the one untouched for more than 30 days is left to the orders list.
    expect(completed.orders.map((order) => order.id)).toEqual([recent, older]);
    expect(board.find((column) => column.status === "pending")!.recentOnly).toBe(false);
    for (const column of board) expect(column.orders.every((order) => order.status === column.status)).toBe(true);
  });
});
