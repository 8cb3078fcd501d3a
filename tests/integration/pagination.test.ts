import { afterEach, expect, it } from "vitest";
import { db } from "~/lib/db/db.server";
import { toJson } from "~/lib/db/connection.server";
import { COUNT_CAP, parseListQuery, type Page } from "~/lib/pagination";
import { countCapped, keysetPage } from "~/lib/pagination.server";
import { describeEachDialect } from "../setup/database";

type Row = { id: string; createdAt: string };

describeEachDialect("keyset pagination", () => {
  afterEach(async () => {
    await db().deleteFrom("auditLog").execute();
  });

  async function insert(count: number, at: (index: number) => string, prefix: string) {
    const rows = Array.from({ length: count }, (_, index) => ({
      id: `${prefix}-${String(index).padStart(4, "0")}`,
      actorId: null,
      action: "test.row",
      meta: toJson({}),
      createdAt: at(index),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db()
        .insertInto("auditLog")
        .values(rows.slice(i, i + 200))
        .execute();
  }

  const base = () => db().selectFrom("auditLog").select(["id", "createdAt"]).where("action", "=", "test.row");
  const keys = [
    { ref: "createdAt", value: (row: Row) => row.createdAt },
    { ref: "id", value: (row: Row) => row.id },
  ];
  const page = (request: { page?: number; after?: string; before?: string; perPage?: number }) =>
    keysetPage<Row>(
      base(),
      { page: request.page ?? 1, perPage: request.perPage ?? 7, after: request.after, before: request.before },
      { keys, direction: "desc", count: () => countCapped(base()) },
    );

  it("walks every row once, newest first, through equal timestamps and while rows are added", async () => {
    // 30 rows, 20 of them at the same instant.
    await insert(30, (index) => (index < 20 ? "2026-01-01T00:00:00.000Z" : `2026-01-0${(index % 9) + 2}T00:00:00.000Z`), "a");
    const seen: string[] = [];
    const order: Array<[string, string]> = [];
    let current: Page<Row> = await page({});
    expect(current.total).toBe(30);
    seen.push(...current.items.map((row) => row.id));
    order.push(...current.items.map((row): [string, string] => [row.createdAt, row.id]));
    let added = 0;
    while (current.nextCursor) {
      // Someone adds newer rows between two page views: they must not shift what comes next.
      await insert(2, () => "2026-12-31T00:00:00.000Z", `new${added++}`);
      current = await page({ after: current.nextCursor, page: current.page + 1 });
      seen.push(...current.items.map((row) => row.id));
      order.push(...current.items.map((row): [string, string] => [row.createdAt, row.id]));
    }
    const original = seen.filter((id) => id.startsWith("a-"));
    expect(original).toHaveLength(30);
    expect(new Set(original).size).toBe(30);
    expect(seen.filter((id) => !id.startsWith("a-"))).toEqual([]);
    // Newest first, ties broken by id (descending): each row comes strictly after the one before it.
    for (let i = 1; i < order.length; i++) {
      const [at, id] = order[i]!;
      const [previousAt, previousId] = order[i - 1]!;
      expect(at < previousAt || (at === previousAt && id < previousId), `${previousAt} ${previousId} then ${at} ${id}`).toBe(true);
    }
  });

  it("goes back with the previous cursor to exactly the page before", async () => {
    await insert(20, (index) => `2026-02-${String(index + 1).padStart(2, "0")}T00:00:00.000Z`, "b");
    const first = await page({ perPage: 5 });
    const second = await page({ perPage: 5, after: first.nextCursor!, page: 2 });
    const third = await page({ perPage: 5, after: second.nextCursor!, page: 3 });
    const backToSecond = await page({ perPage: 5, before: third.prevCursor!, page: 2 });
    expect(backToSecond.items.map((row) => row.id)).toEqual(second.items.map((row) => row.id));
    expect(backToSecond.nextCursor).not.toBeNull();
    const backToFirst = await page({ perPage: 5, before: backToSecond.prevCursor!, page: 1 });
    expect(backToFirst.items.map((row) => row.id)).toEqual(first.items.map((row) => row.id));
    expect(backToFirst.prevCursor).toBeNull();
    const last = await page({ perPage: 5, page: 4 });
    expect(last.nextCursor).toBeNull();
    expect(last.items).toHaveLength(5);
  });

  it("counts up to the cap and says when there are more", async () => {
    await insert(COUNT_CAP + 5, () => "2026-03-01T00:00:00.000Z", "c");
    expect(await countCapped(base())).toBe(COUNT_CAP + 1);
    const first = await page({ perPage: 20 });
    expect(first.total).toBe(COUNT_CAP);
    expect(first.totalCapped).toBe(true);
  }, 60_000);

  it("a list that counts less far says so at its own cap", async () => {
    await insert(12, () => "2026-03-02T00:00:00.000Z", "e");
    expect(await countCapped(base(), 10)).toBe(11);
    const capped = await keysetPage<Row>(base(), { page: 1, perPage: 5 }, { keys, direction: "desc", count: () => countCapped(base(), 10), countCap: 10 });
    expect(capped).toMatchObject({ total: 10, totalCapped: true, pageCount: 2 });
    const exact = await keysetPage<Row>(base(), { page: 1, perPage: 5 }, { keys, direction: "desc", count: () => countCapped(base(), 20), countCap: 20 });
    expect(exact).toMatchObject({ total: 12, totalCapped: false, pageCount: 3 });
  });

  it("a tampered cursor is ignored, not an error", async () => {
    await insert(3, () => "2026-04-01T00:00:00.000Z", "d");
    const result = await page({ after: "not-a-cursor" });
    expect(result.items).toHaveLength(3);
  });
});

it("the list query reads the spec's aliases and keeps a bad value from spoiling the rest", () => {
  const query = parseListQuery(new URL("http://x/api/notifications?page=3&limit=50&sort=oldest&status=zzz"), {
    sorts: ["newest", "oldest"] as const,
  });
  expect(query).toMatchObject({ page: 3, perPage: 50, sort: "oldest" });
  expect(parseListQuery(new URL("http://x/l?perPage=500&page=-2")).perPage).toBe(100);
  expect(parseListQuery(new URL("http://x/l?perPage=500&page=-2")).page).toBe(1);
  expect(parseListQuery(new URL("http://x/l?sort=evil"), { sorts: ["newest"] as const }).sort).toBe("newest");
});
