import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import fs from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { countUnread, deleteNotification, listBroadcasts, notify, notifyRole, sendBroadcast } from "~/features/notifications/notifications.server";
import { ComposeSchema } from "~/features/notifications/notifications.schema";
import * as listRoute from "~/routes/api+/notifications";
import * as oneRoute from "~/routes/api+/notifications.$id";
import * as readRoute from "~/routes/api+/notifications.$id.read";
import * as readAllRoute from "~/routes/api+/notifications.read-all";
import * as unreadRoute from "~/routes/api+/notifications.unread";
import { toJson, type DB } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { mailDir } from "~/lib/mail.server";
import { createSession } from "~/lib/session.server";
import { describeEachDialect } from "../setup/database";

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<Response>;

async function makeUser(db: () => DB, role = "client", locale = "en") {
  const id = newId();
  await db()
    .insertInto("users")
    .values({ id, email: `${id}@example.com`, passwordHash: "x", fullName: `User ${id.slice(0, 4)}`, role, locale, enabledFeatures: toJson([]) })
    .execute();
  const { token } = await createSession(id, { remember: false, kind: "token" });
  return { id, email: `${id}@example.com`, token };
}

/** Calls a route module the way Remix does, answering thrown Responses too. */
async function call(
  handler: unknown,
  method: string,
  path: string,
  token: string | null,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  let response: Response;
  try {
    response = await (handler as Handler)({ request, params, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const get = (route: { loader: unknown }, path: string, token: string | null, params?: Record<string, string>, headers?: Record<string, string>) =>
  call(route.loader, "GET", path, token, params, headers);
const send = (route: { action: unknown }, method: string, path: string, token: string | null, params?: Record<string, string>) =>
  call(route.action, method, path, token, params);

async function notifyMany(userId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(
      await notify({
        userId,
        type: "report.created",
        titleKey: "reports:notifications.created.title",
        bodyKey: "reports:notifications.created.body",
        params: { title: `Report ${i}` },
        link: `/client/reports/${i}`,
      }),
    );
  }
  return ids;
}

describeEachDialect("notifications API", (db) => {
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let aliceIds: string[];
  let bobIds: string[];

  beforeAll(async () => {
    alice = await makeUser(db);
    bob = await makeUser(db, "client", "fr");
    aliceIds = await notifyMany(alice.id, 23);
    bobIds = await notifyMany(bob.id, 2);
  });

  it("answers 401 without a session", async () => {
    expect((await get(listRoute, "/api/notifications", null)).status).toBe(401);
    expect((await get(unreadRoute, "/api/notifications/unread", "not-a-token")).status).toBe(401);
    expect((await send(readAllRoute, "PUT", "/api/notifications/read-all", null)).status).toBe(401);
  });

  it("lists the caller's own notifications, 20 per page by default, newest first, translated", async () => {
    const first = await get(listRoute, "/api/notifications", alice.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 23, page: 1, limit: 20 });
    const notifications = first.body!.notifications as Array<Record<string, unknown>>;
    expect(notifications).toHaveLength(20);
    expect(notifications[0]).toMatchObject({
      _id: aliceIds[22],
      id: aliceIds[22],
      read: false,
      title: "New report: Report 22",
      body: "A new report is waiting for you: Report 22.",
      titleKey: "reports:notifications.created.title",
      params: { title: "Report 22" },
      link: "/client/reports/22",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(notifications.map((n) => n.id)).not.toContain(bobIds[0]);

    const second = await get(listRoute, "/api/notifications?page=2", alice.token);
    expect(second.body).toMatchObject({ total: 23, page: 2, limit: 20 });
    expect((second.body!.notifications as unknown[]).length).toBe(3);

    const small = await get(listRoute, "/api/notifications?page=3&limit=5", alice.token);
    expect(small.body).toMatchObject({ page: 3, limit: 5 });
    expect((small.body!.notifications as Array<{ id: string }>).map((n) => n.id)).toEqual(aliceIds.slice(8, 13).reverse());
  });

  it("translates into the caller's language (saved, or asked for)", async () => {
    const french = await get(listRoute, "/api/notifications?limit=1", bob.token);
    expect((french.body!.notifications as Array<{ title: string }>)[0]!.title).toBe("Nouveau rapport : Report 1");
    const arabic = await get(listRoute, "/api/notifications?limit=1", bob.token, {}, { "Accept-Language": "ar" });
    expect((arabic.body!.notifications as Array<{ title: string }>)[0]!.title).toBe("تقرير جديد: Report 1");

    const dave = await makeUser(db, "client", "fr");
    await notify({
      userId: dave.id,
      type: "appointment.confirmed",
      titleKey: "appointments:notifications.confirmed.title",
      bodyKey: "appointments:notifications.confirmed.body",
      params: { service: "Notariat", when: "3 déc. 2026, 10:00", reference: "AP-TEST-0001" },
    });
    const status = await get(listRoute, "/api/notifications", dave.token);
    expect((status.body!.notifications as Array<Record<string, unknown>>)[0]).toMatchObject({
      title: "Rendez-vous confirmé",
      body: "Notariat le 3 déc. 2026, 10:00 (AP-TEST-0001) est confirmé.",
    });
  });

  it("refuses bad paging input with 400, not 500", async () => {
    for (const query of ["page=0", "limit=1000", "limit=abc", "read=maybe"]) {
      const answer = await get(listRoute, `/api/notifications?${query}`, alice.token);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toHaveProperty("message");
    }
  });

  it("marks one read, filters by read state and counts the unread", async () => {
    expect((await get(unreadRoute, "/api/notifications/unread", alice.token)).body).toEqual({ count: 23 });
    const marked = await send(readRoute, "PUT", `/api/notifications/${aliceIds[0]}/read`, alice.token, { id: aliceIds[0]! });
    expect(marked.status).toBe(200);
    expect(marked.body!.notification).toMatchObject({ id: aliceIds[0], read: true, readAt: expect.any(String) });
    // marking again changes nothing and still answers 200
    expect((await send(readRoute, "PUT", `/api/notifications/${aliceIds[0]}/read`, alice.token, { id: aliceIds[0]! })).status).toBe(200);

    expect((await get(unreadRoute, "/api/notifications/unread", alice.token)).body).toEqual({ count: 22 });
    const read = await get(listRoute, "/api/notifications?read=true", alice.token);
    expect(read.body).toMatchObject({ total: 1 });
    expect((read.body!.notifications as Array<{ id: string }>)[0]!.id).toBe(aliceIds[0]);
    const unread = await get(listRoute, "/api/notifications?read=false&limit=100", alice.token);
    expect(unread.body).toMatchObject({ total: 22 });
    expect((unread.body!.notifications as Array<{ read: boolean }>).every((n) => !n.read)).toBe(true);
  });

  it("never reads, marks or deletes another user's notification (404)", async () => {
    const target = bobIds[0]!;
    expect((await send(readRoute, "PUT", `/api/notifications/${target}/read`, alice.token, { id: target })).status).toBe(404);
    expect((await send(oneRoute, "DELETE", `/api/notifications/${target}`, alice.token, { id: target })).status).toBe(404);
    expect((await send(oneRoute, "DELETE", `/api/notifications/nope`, alice.token, { id: "nope" })).status).toBe(404);
    const bobs = await db().selectFrom("notifications").select(["read"]).where("id", "=", target).executeTakeFirstOrThrow();
    expect(bobs.read).toBe(false);
    expect(await countUnread(bob.id)).toBe(2);
  });

  it("marks all read and deletes all of the caller's rows only", async () => {
    const carol = await makeUser(db);
    await notifyMany(carol.id, 3);
    const all = await send(readAllRoute, "PUT", "/api/notifications/read-all", carol.token);
    expect(all).toEqual({ status: 200, body: { count: 3 } });
    expect((await send(readAllRoute, "PUT", "/api/notifications/read-all", carol.token)).body).toEqual({ count: 0 });
    expect(await countUnread(bob.id)).toBe(2);

    const ids = await notifyMany(carol.id, 1);
    const one = await send(oneRoute, "DELETE", `/api/notifications/${ids[0]}`, carol.token, { id: ids[0]! });
    expect(one).toEqual({ status: 200, body: { id: ids[0], deleted: true } });
    const cleared = await send(listRoute, "DELETE", "/api/notifications", carol.token);
    expect(cleared).toEqual({ status: 200, body: { count: 3 } });
    expect((await get(listRoute, "/api/notifications", carol.token)).body).toMatchObject({ total: 0, notifications: [] });
    expect((await get(listRoute, "/api/notifications", bob.token)).body).toMatchObject({ total: 2 });
  });

  it("notifies inside another area's transaction", async () => {
    const id = await db()
      .transaction()
      .execute((trx) => notify({ userId: bob.id, type: "test", titleKey: "notifications:title" }, { db: trx }));
    expect(await db().selectFrom("notifications").select("userId").where("id", "=", id).executeTakeFirst()).toEqual({ userId: bob.id });
    await deleteNotification(bob.id, id);
    expect(await countUnread(bob.id)).toBe(2);
  });

  it("answers 405 to a wrong method", async () => {
    const cases: Array<[{ loader: unknown; action: unknown }, string, string]> = [
      [listRoute, "PUT", "/api/notifications"],
      [listRoute, "POST", "/api/notifications"],
      [unreadRoute, "POST", "/api/notifications/unread"],
      [readAllRoute, "GET", "/api/notifications/read-all"],
      [readAllRoute, "POST", "/api/notifications/read-all"],
      [oneRoute, "GET", "/api/notifications/x"],
      [oneRoute, "PUT", "/api/notifications/x"],
      [readRoute, "GET", "/api/notifications/x/read"],
      [readRoute, "DELETE", "/api/notifications/x/read"],
    ];
    for (const [route, method, path] of cases) {
      const answer = method === "GET" ? await get(route, path, alice.token, { id: "x" }) : await send(route, method, path, alice.token, { id: "x" });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.body).toEqual({ message: "Method not allowed" });
    }
  });

  describe("broadcasts", () => {
    const compose = (extra: Record<string, unknown>) =>
      ComposeSchema.parse({
        titleEn: "Office closed Friday",
        bodyEn: "We are closed on Friday.",
        titleAr: "المكتب مغلق يوم الجمعة",
        bodyAr: "المكتب مغلق يوم الجمعة.",
        titleFr: "Bureau fermé vendredi",
        bodyFr: "Nous sommes fermés vendredi.",
        ...extra,
      });

    it("reaches one user by e-mail, in the reader's language", async () => {
      const staff = await makeUser(db, "admin");
      const result = await sendBroadcast(staff.id, compose({ audience: "user", email: bob.email.toUpperCase(), link: "/client" }));
      expect(result).toMatchObject({ ok: true, recipients: 1 });
      const french = await get(listRoute, "/api/notifications?limit=1", bob.token);
      expect((french.body!.notifications as Array<Record<string, unknown>>)[0]).toMatchObject({
        type: "broadcast",
        title: "Bureau fermé vendredi",
        body: "Nous sommes fermés vendredi.",
        link: "/client",
      });
      const arabic = await get(listRoute, "/api/notifications?limit=1&lng=ar", bob.token);
      expect((arabic.body!.notifications as Array<{ title: string }>)[0]!.title).toBe("المكتب مغلق يوم الجمعة");
      expect(await sendBroadcast(staff.id, compose({ audience: "user", email: "nobody@example.com" }))).toEqual({
        ok: false,
        field: "email",
        message: "notifications:errors.userNotFound",
      });
    });

    it("accepts a broadcast written in one language and shows that text in the others", async () => {
      const staff = await makeUser(db, "admin");
      const reader = await makeUser(db, "client", "ar");
      const input = ComposeSchema.parse({ audience: "user", email: reader.email, titleFr: "Bureau fermé", bodyFr: "Fermé lundi." });
      expect(await sendBroadcast(staff.id, input)).toMatchObject({ ok: true, recipients: 1 });
      for (const language of ["ar", "en", "fr"]) {
        const answer = await get(listRoute, `/api/notifications?limit=1&lng=${language}`, reader.token);
        expect((answer.body!.notifications as Array<Record<string, unknown>>)[0], language).toMatchObject({ title: "Bureau fermé", body: "Fermé lundi." });
      }
      // Nothing written at all, or a title without its body, is still refused.
      expect(ComposeSchema.safeParse({ audience: "everyone" }).success).toBe(false);
      expect(ComposeSchema.safeParse({ audience: "everyone", titleAr: "عنوان" }).success).toBe(false);
    });

    it("e-mails a copy in the recipient's language when asked", async () => {
      const staff = await makeUser(db, "admin");
      const reader = await makeUser(db, "client", "en");
      const before = new Set(await fs.readdir(mailDir()).catch(() => []));
      await sendBroadcast(staff.id, compose({ audience: "user", email: reader.email, alsoEmail: "on", link: "/client/reports" }));
      const written = (await fs.readdir(mailDir())).filter((file) => !before.has(file));
      expect(written).toHaveLength(1);
      const message = await fs.readFile(path.join(mailDir(), written[0]!), "utf8");
      expect(message).toContain(`To: ${reader.email}`);
      expect(message).toContain("Subject: Office closed Friday");
      expect(message).toContain("http://localhost:3000/client/reports");
      // without the box ticked, no mail
      await sendBroadcast(staff.id, compose({ audience: "user", email: reader.email }));
      expect((await fs.readdir(mailDir())).length).toBe(before.size + 1);
    });

    it("reaches a role and everyone, and records what was sent", async () => {
      const staff = await makeUser(db, "owner");
      const admins = await db().selectFrom("users").select("id").where("role", "in", ["owner", "admin"]).execute();
      const toStaff = await sendBroadcast(staff.id, compose({ audience: "role", role: "staff" }));
      expect(toStaff).toMatchObject({ ok: true, recipients: admins.length });
      const everyone = await db().selectFrom("users").select("id").execute();
      const toAll = await sendBroadcast(staff.id, compose({ audience: "everyone", titleEn: "Hello all" }));
      expect(toAll).toMatchObject({ ok: true, recipients: everyone.length });
      expect(await notifyRole("client", { type: "x", titleKey: "notifications:title" })).toBeGreaterThan(0);

      const sent = await listBroadcasts({ page: 1, limit: 2 }, "en");
      expect(sent.total).toBeGreaterThanOrEqual(3);
      expect(sent.broadcasts).toHaveLength(2);
      expect(sent.broadcasts[0]).toMatchObject({ audience: "everyone", title: "Hello all", recipientCount: everyone.length, sentBy: expect.any(String) });
      expect(sent.broadcasts[1]).toMatchObject({ audience: "role", audienceValue: "staff", recipientCount: admins.length });
    });

    it("validates the composer's input with i18n keys", () => {
      const result = ComposeSchema.safeParse({ audience: "role", titleEn: "", link: "https://evil.example" });
      expect(result.success).toBe(false);
      const messages = result.error!.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
      expect(messages).toContain("titleEn:notifications:errors.titleRequired");
      expect(messages).toContain("link:notifications:errors.linkInvalid");
      const noRole = ComposeSchema.safeParse({ ...compose({ audience: "everyone" }), audience: "role" });
      expect(noRole.error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`)).toEqual(["role:notifications:errors.roleRequired"]);
    });
  });
});

describeEachDialect("notifications written for their reader", (db) => {
  it("renders a stored time (startsAt) in the reader's language and zone, named; old rows keep their text", async () => {
    const reader = await makeUser(db, "client", "en");
    await db().updateTable("users").set({ timeZone: "Asia/Dubai" }).where("id", "=", reader.id).execute();
    const startsAt = "2026-11-26T15:00:00.000Z";
    await notify({
      userId: reader.id,
      type: "appointment.confirmed",
      titleKey: "appointments:notifications.confirmed.title",
      bodyKey: "appointments:notifications.confirmed.body",
      params: { reference: "A-1", service: "Notary Public", startsAt },
    });
    const english = await get(listRoute, "/api/notifications?limit=1&lng=en", reader.token);
    const body = (english.body!.notifications as Array<{ body: string }>)[0]!.body;
    expect(body).toContain("Thursday, November 26, 2026 at 7:00 PM Gulf Standard Time");
    const arabic = await get(listRoute, "/api/notifications?limit=1&lng=ar", reader.token);
    const arabicBody = (arabic.body!.notifications as Array<{ body: string }>)[0]!.body;
    expect(arabicBody).toContain("الخميس");
    expect(arabicBody).not.toContain("Thursday");

    // A row made before times were stored typed: its rendered text is still shown.
    await notify({
      userId: reader.id,
      type: "appointment.confirmed",
      titleKey: "appointments:notifications.confirmed.title",
      bodyKey: "appointments:notifications.confirmed.body",
      params: { reference: "A-2", service: "Notary Public", when: "Friday at noon" },
    });
    const old = await get(listRoute, "/api/notifications?limit=1&lng=en", reader.token);
    expect((old.body!.notifications as Array<{ body: string }>)[0]!.body).toContain("Friday at noon");
  });
});
