import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, expect, it } from "vitest";
import {
  countUnread,
  deleteAllNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notify,
  NOTIFICATION_EVENT,
  purgeOldNotifications,
} from "~/features/notifications/notifications.server";
import * as listRoute from "~/routes/api+/notifications";
import { toJson, type DB } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { setRealtimeServer } from "~/lib/realtime-hub.server";
import { runDueJobs } from "~/lib/jobs.server";
import { purgeNotificationsJob } from "~/features/notifications/jobs.server";
import { createSession } from "~/lib/session.server";
import { describeEachDialect } from "../setup/database";

/**
 * Notifications at a firm's volume, written for their reader: the unread counter
 * (never a count over the rows), cursor pages, the purge of old read rows; service titles
 * and the live event in the reader's language.
 */
async function makeUser(db: () => DB, locale = "en") {
  const id = newId();
  await db()
    .insertInto("users")
    .values({ id, email: `${id}@example.com`, passwordHash: "x", fullName: "Volume User", role: "client", locale, enabledFeatures: toJson([]) })
    .execute();
  const { token } = await createSession(id, { remember: false, kind: "token" });
  return { id, token };
}

const make = (userId: string, n = 0) => notify({ userId, type: "test", titleKey: "notifications:title", params: { n } });

/** What the rows say, to check the counter against. */
async function countedUnread(db: () => DB, userId: string): Promise<number> {
  const { count } = await db()
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
    .where("read", "=", false)
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function getList(path: string, token: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
  const response = await (listRoute.loader as (args: LoaderFunctionArgs) => Promise<Response>)({ request, params: {}, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

afterEach(() => setRealtimeServer(undefined));

describeEachDialect("notification counters, cursors and purge", (db) => {
  let user: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    user = await makeUser(db);
  });

  it("keeps the unread count right through create, read, read-all, delete, delete-all and purge", async () => {
    const expectCount = async (expected: number) => {
      expect(await countUnread(user.id)).toBe(expected);
      expect(await countedUnread(db, user.id)).toBe(expected);
    };
    await expectCount(0);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await make(user.id, i));
    await expectCount(6);

    await markNotificationRead(user.id, ids[0]!, "en");
    await markNotificationRead(user.id, ids[0]!, "en"); // again: nothing changes
    await expectCount(5);

    expect(await deleteNotification(user.id, ids[0]!)).toBe(true); // a read one
    await expectCount(5);
    expect(await deleteNotification(user.id, ids[1]!)).toBe(true); // an unread one
    await expectCount(4);
    expect(await deleteNotification(user.id, ids[1]!)).toBe(false);
    await expectCount(4);

    // Concurrent creations and reads never lose an update.
    await Promise.all([make(user.id), make(user.id), markNotificationRead(user.id, ids[2]!, "en"), make(user.id)]);
    await expectCount(6);

    expect(await markAllNotificationsRead(user.id)).toBe(6);
    await expectCount(0);
    await make(user.id);
    await expectCount(1);

    // Purge: read rows read long ago go, unread ones stay whatever their age.
    const old = new Date(Date.now() - 200 * 86_400_000).toISOString();
    await db().updateTable("notifications").set({ readAt: old, createdAt: old }).where("userId", "=", user.id).where("read", "=", true).execute();
    const fresh = await make(user.id);
    await markNotificationRead(user.id, fresh, "en"); // read today: kept
    await db().updateTable("notifications").set({ createdAt: old }).where("userId", "=", user.id).where("read", "=", false).execute();
    const readBefore = await db().selectFrom("notifications").select("id").where("userId", "=", user.id).where("read", "=", true).execute();
    expect(readBefore.length).toBe(8);
    expect(await purgeOldNotifications({ days: 180, batch: 2 })).toBe(7);
    const left = await db().selectFrom("notifications").select(["id", "read"]).where("userId", "=", user.id).execute();
    expect(left.filter((row) => row.read).map((row) => row.id)).toEqual([fresh]);
    expect(left.filter((row) => !row.read)).toHaveLength(1);
    await expectCount(1);
    expect(await purgeOldNotifications({ days: 180 })).toBe(0);

    expect(await deleteAllNotifications(user.id)).toBe(2);
    await expectCount(0);
  });

  it("purges by the daily job of the queue", async () => {
    const owner = await makeUser(db);
    const id = await make(owner.id);
    await markNotificationRead(owner.id, id, "en");
    await db()
      .updateTable("notifications")
      .set({ readAt: new Date(Date.now() - 181 * 86_400_000).toISOString() })
      .where("id", "=", id)
      .execute();
    await purgeNotificationsJob.enqueue({}, { uniqueKey: `test-${id}` });
    expect(await runDueJobs()).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom("notifications").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("pages by cursor with equal timestamps: stable, nothing skipped or repeated while rows arrive", async () => {
    const reader = await makeUser(db);
    const stamp = "2026-01-05T10:00:00.000Z";
    const ids = Array.from({ length: 25 }, () => newId());
    await db()
      .insertInto("notifications")
      .values(ids.map((id) => ({ id, userId: reader.id, type: "test", titleKey: "notifications:title", params: toJson({}), createdAt: stamp })))
      .execute();

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const query: string = after ? `&after=${encodeURIComponent(after)}` : "";
      const answer = await getList(`/api/notifications?limit=7${query}`, reader.token);
      expect(answer.status).toBe(200);
      seen.push(...(answer.body.notifications as Array<{ id: string }>).map((n) => n.id));
      after = answer.body.nextCursor as string | null;
      // New rows arrive meanwhile: they are newer, so they never push an old row into the next page.
      await make(reader.id);
      pages += 1;
    } while (after && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toEqual([...ids].sort().reverse());

    // And back: `before` from a page gives the page before it.
    const first = await getList(`/api/notifications?limit=5&read=false`, reader.token);
    const second = await getList(`/api/notifications?limit=5&read=false&after=${first.body.nextCursor}`, reader.token);
    expect(second.body).toMatchObject({ page: 1, perPage: 5, limit: 5, prevCursor: expect.any(String) });
    const back = await getList(`/api/notifications?limit=5&read=false&before=${second.body.prevCursor}`, reader.token);
    expect((back.body.notifications as Array<{ id: string }>).map((n) => n.id)).toEqual((first.body.notifications as Array<{ id: string }>).map((n) => n.id));
    // A forged cursor is the first page, not a 500.
    expect((await getList(`/api/notifications?after=not-a-cursor`, reader.token)).status).toBe(200);
  });
});

describeEachDialect("notifications written for their reader (service titles, live event)", (db) => {
  let serviceId: string;
  beforeAll(async () => {
    serviceId = newId();
    await db()
      .insertInto("services")
      .values({ id: serviceId, key: `notary-${serviceId.slice(0, 6)}`, active: true })
      .execute();
    await db()
      .insertInto("serviceTranslations")
      .values([
        { serviceId, locale: "en", title: "Notary Public", description: "", fullDescription: "" },
        { serviceId, locale: "ar", title: "كاتب العدل", description: "", fullDescription: "" },
        { serviceId, locale: "fr", title: "Notariat", description: "", fullDescription: "" },
      ])
      .execute();
  });

  const appointmentNotice = (userId: string) =>
    notify({
      userId,
      type: "appointment.cancelled",
      titleKey: "appointments:notifications.cancelled.title",
      bodyKey: "appointments:notifications.cancelled.body",
      params: { reference: "AP-1", serviceId, serviceKey: "notary", startsAt: "2026-11-26T15:00:00.000Z" },
    });

  it("writes the service's title in the reader's language at read time", async () => {
    const reader = await makeUser(db, "ar");
    await appointmentNotice(reader.id);
    for (const [language, title, other] of [
      ["ar", "كاتب العدل", "Notary Public"],
      ["fr", "Notariat", "Notary Public"],
      ["en", "Notary Public", "كاتب العدل"],
    ] as const) {
      const page = await listNotifications(reader.id, { page: 1, perPage: 1 }, language, "UTC");
      expect(page.items[0]!.body, language).toContain(title);
      expect(page.items[0]!.body, language).not.toContain(other);
    }
    const arabic = (await listNotifications(reader.id, { page: 1, perPage: 1 }, "ar", "UTC")).items[0]!.body!;
    expect(arabic).not.toMatch(/Thursday|November/);

    // A row stored before (rendered service text, no id) still shows its text.
    await notify({
      userId: reader.id,
      type: "appointment.cancelled",
      titleKey: "appointments:notifications.cancelled.title",
      bodyKey: "appointments:notifications.cancelled.body",
      params: { reference: "AP-0", service: "Old Service", when: "Friday" },
    });
    expect((await listNotifications(reader.id, { page: 1, perPage: 1 }, "fr", "UTC")).items[0]!.body).toContain("Old Service");
  });

  it("pushes the live event written in the recipient's language and zone", async () => {
    const reader = await makeUser(db, "fr");
    await db().updateTable("users").set({ timeZone: "Asia/Dubai" }).where("id", "=", reader.id).execute();
    const emitted: Array<{ room: string; event: string; payload: Record<string, unknown> }> = [];
    setRealtimeServer({
      to: (room: string) => ({ emit: (event: string, payload: Record<string, unknown>) => emitted.push({ room, event, payload }) }),
    } as never);
    await appointmentNotice(reader.id);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ room: `user:${reader.id}`, event: NOTIFICATION_EVENT });
    expect(emitted[0]!.payload).toMatchObject({ title: "Rendez-vous annulé", read: false });
    const body = String(emitted[0]!.payload.body);
    expect(body).toContain("Notariat");
    expect(body).toContain("19:00"); // 15:00 UTC in Dubai
    expect(body).not.toContain("Thursday");
    // The list says the same.
    const listed = (await listNotifications(reader.id, { page: 1, perPage: 1 }, "fr")).items[0]!;
    expect(listed.body).toBe(body);
  });
});
