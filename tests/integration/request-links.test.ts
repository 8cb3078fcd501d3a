import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { getUser } from "~/core/identity/session-user.server";
import { requireUser } from "~/core/identity/guards.server";
import { linkPageReferrerPolicy, LINK_SESSION_COOKIE_NAME } from "~/core/identity/link-session.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { sendDueRequestReminders } from "~/features/requests/reminders.server";
import { acceptItem, answerItem } from "~/features/requests/request-items.server";
import { issueRequestLink, openRequestLink, requestAccessFor, requireRequestAccess, resendRequestLink } from "~/features/requests/request-links.server";
import { CreateListSchema } from "~/features/requests/requests.schema";
import { cancelList, createList, getListForClient, type Actor } from "~/features/requests/requests.server";
import { env } from "~/lib/env.server";
import { newId } from "~/lib/ids.server";
import { commitSessionCookie, createSession, hashToken } from "~/lib/session.server";
import * as linkRoute from "~/routes/_auth+/r.$token";
import * as meRoute from "~/routes/api+/auth.me";
import { call } from "../support/api";
import { describeEachDialect } from "../setup/database";
import { makeUser, type TestUser } from "../support/factories";
import { readMails } from "../support/mail";

const asActor = (user: TestUser, features: string[] = []): Actor => ({ id: user.id, role: user.role, enabledFeatures: features });
const BASE = "http://localhost:3000";
const LINK = /http:\/\/localhost:3000\/r\/([A-Za-z0-9_-]{43})/;

/** A browser's request to `path` carrying `cookie` (and nothing else: no bearer token). */
const browser = (path: string, cookie?: string | null) => new Request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });
/** The cookie pair ("name=value") a response sets. */
const cookieOf = (response: Response) => response.headers.get("set-cookie")?.split(";")[0] ?? null;
const tokenOf = (url: string | null) => LINK.exec(url ?? "")?.[1] ?? "";

describeEachDialect("request one-click links", (db) => {
  let staff: Actor;
  let clientA: TestUser;
  let clientB: TestUser;
  let owner: TestUser;

  const items = [
    { kind: "question", answerType: "short_text", label: "Your passport number" },
    { kind: "confirmation", label: "I have no 1099 income", required: false },
  ];
  const newList = async (client: TestUser, over: Record<string, unknown> = {}) =>
    (await createList(staff, CreateListSchema.parse({ clientId: client.id, title: "Tax return 2096", dueDate: "2096-04-15", items, ...over }))).id;
  const openLink = (token: string) => call(linkRoute.loader, { path: `/r/${token}`, params: { token } });
  /** Opens a link as a fresh browser would: the restricted cookie it gets. */
  const restrictedCookie = async (token: string) => {
    const response = await openLink(token);
    expect(response.status).toBe(303);
    return cookieOf(response)!;
  };
  const mailsTo = (user: TestUser) => readMails(env().dataDir).filter((mail) => mail.to.includes(user.email));

  beforeAll(async () => {
    await seedPublicContent(db());
    staff = asActor(await makeUser(db(), { role: "staff", features: ["requests"] }), ["requests"]);
    clientA = await makeUser(db(), { role: "client", locale: "fr" });
    clientB = await makeUser(db(), { role: "client" });
    owner = await makeUser(db(), { role: "owner" });
  });
  afterEach(() => vi.useRealTimers());

  it("e-mails the list with a link of 32 random bytes, stored only hashed, valid 14 days; the notification keeps the client area's page", async () => {
    const listId = await newList(clientA);
    const mail = mailsTo(clientA).at(-1)!;
    expect(mail.subject).toContain("Tax return 2096");
    const token = tokenOf(mail.text);
    expect(token).toHaveLength(43);
    const rows = await db().selectFrom("requestLinks").selectAll().where("listId", "=", listId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: clientA.id, tokenHash: hashToken(token), revokedAt: null, lastUsedAt: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    const days = (Date.parse(String(new Date(rows[0]!.expiresAt).toISOString())) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const notification = await db().selectFrom("notifications").select("link").where("userId", "=", clientA.id).where("type", "=", "request.sent").execute();
    expect(notification.map((row) => row.link)).toContain(`/client/requests/${listId}`);
  });

  it("opens a restricted session for that list only: it reaches nothing else, and no guard takes it for a session", async () => {
    const listId = await newList(clientA);
    const otherOfA = await newList(clientA);
    const token = tokenOf(await issueRequestLink(listId));

    const response = await openLink(token);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/requests/${listId}`);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${LINK_SESSION_COOKIE_NAME}=`));
    expect(response.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    const cookie = cookieOf(response)!;
    const link = await db().selectFrom("requestLinks").select("lastUsedAt").where("tokenHash", "=", hashToken(token)).executeTakeFirstOrThrow();
    expect(link.lastUsedAt).not.toBeNull();
    const audited = await db()
      .selectFrom("auditLog")
      .select(["action", "actorId"])
      .where("targetId", "=", listId)
      .where("action", "=", "request.link_opened")
      .execute();
    expect(audited).toEqual([{ action: "request.link_opened", actorId: clientA.id }]);

    const access = await requestAccessFor(browser(`/requests/${listId}`, cookie), listId);
    expect(access).toMatchObject({ restricted: true, actor: { id: clientA.id, role: "client", enabledFeatures: [] } });
    // The same client's other list, and anything signed-in: refused.
    expect(await requestAccessFor(browser(`/requests/${otherOfA}`, cookie), otherOfA)).toBeNull();
    await expect(requireRequestAccess(browser(`/requests/${otherOfA}`, cookie), otherOfA)).rejects.toMatchObject({ status: 404 });
    expect(await getUser(browser("/client", cookie))).toBeNull();
    const page = await requireUser(browser("/client", cookie)).catch((error: unknown) => error);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).headers.get("location")).toBe("/login?redirectTo=%2Fclient");
    const me = await meRoute.loader({ request: browser("/api/auth/me", cookie), params: {}, context: {} });
    expect(me.status).toBe(401);
    // A signed cookie: changed by hand, it is nothing.
    const [name, value] = cookie.split("=") as [string, string];
    expect(await requestAccessFor(browser(`/requests/${listId}`, `${name}=${value.slice(0, -3)}abc`), listId)).toBeNull();
    expect(await requestAccessFor(browser(`/requests/${listId}`), listId)).toBeNull();
  });

  it("serves the list's client signed in (unrestricted), not another client nor staff", async () => {
    const listId = await newList(clientA);
    const sessionCookie = async (user: TestUser) =>
      (await commitSessionCookie(await createSession(user.id, { remember: false, kind: "cookie" }))).split(";")[0]!;
    expect(await requestAccessFor(browser(`/requests/${listId}`, await sessionCookie(clientA)), listId)).toMatchObject({
      restricted: false,
      actor: { id: clientA.id },
    });
    expect(await requestAccessFor(browser(`/requests/${listId}`, await sessionCookie(clientB)), listId)).toBeNull();
    const staffUser = await db().selectFrom("users").select("id").where("id", "=", staff.id).executeTakeFirstOrThrow();
    const staffCookie = (await commitSessionCookie(await createSession(staffUser.id, { remember: false, kind: "cookie" }))).split(";")[0]!;
    expect(await requestAccessFor(browser(`/requests/${listId}`, staffCookie), listId)).toBeNull();
    // Client B holding A's link: the link, not B's account, decides (restricted to A's list).
    const token = tokenOf(await issueRequestLink(listId));
    const both = `${await sessionCookie(clientB)}; ${await restrictedCookie(token)}`;
    expect(await requestAccessFor(browser(`/requests/${listId}`, both), listId)).toMatchObject({ restricted: true, actor: { id: clientA.id } });
  });

  it("refuses an expired link, with a translated page (410) and no session; an unknown one is a 404", async () => {
    const listId = await newList(clientA);
    const token = tokenOf(await issueRequestLink(listId));
    const cookie = await restrictedCookie(token);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 14 * 86_400_000 + 60_000 });
    expect(await openRequestLink(token)).toEqual({ ok: false, reason: "expired" });
    const response = await openLink(token);
    expect(response.status).toBe(410);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toMatchObject({ reason: "expired" });
    expect(await requestAccessFor(browser(`/requests/${listId}`, cookie), listId)).toBeNull();
    vi.useRealTimers();

    expect((await openLink("x".repeat(43))).status).toBe(404);
    expect((await openLink("short")).status).toBe(404);
    expect(await openRequestLink("")).toEqual({ ok: false, reason: "invalid" });
  });

  it("a resent link revokes the earlier ones and ends their sessions at once", async () => {
    const listId = await newList(clientA);
    const first = tokenOf(mailsTo(clientA).at(-1)!.text);
    const cookie = await restrictedCookie(first);
    expect(await requestAccessFor(browser(`/requests/${listId}`, cookie), listId)).not.toBeNull();

    const before = mailsTo(clientA).length;
    await resendRequestLink({ ...staff, ip: "203.0.113.9" }, listId);
    expect(mailsTo(clientA)).toHaveLength(before + 1);
    const second = tokenOf(mailsTo(clientA).at(-1)!.text);
    expect(second).not.toBe(first);
    expect(await openRequestLink(first)).toEqual({ ok: false, reason: "revoked" });
    expect(await requestAccessFor(browser(`/requests/${listId}`, cookie), listId)).toBeNull();
    expect((await openLink(second)).status).toBe(303);
    // Client and staff without the feature cannot resend.
    await expect(resendRequestLink(asActor(clientA), listId)).rejects.toMatchObject({ status: 403 });
    const refused = await db().selectFrom("auditLog").select("meta").where("targetId", "=", listId).where("action", "=", "request.link_refused").execute();
    expect(refused).toHaveLength(1);
  });

  it("a link replayed after the list completed or was cancelled, or its client deactivated, opens nothing", async () => {
    const done = await newList(clientA);
    const cancelled = await newList(clientA);
    const [doneToken, cancelledToken] = [tokenOf(await issueRequestLink(done)), tokenOf(await issueRequestLink(cancelled))];
    const doneCookie = await restrictedCookie(doneToken);

    const question = (await getListForClient(clientA.id, done)).items[0]!;
    await answerItem(asActor(clientA), question.id, "X1234567");
    expect((await acceptItem(staff, question.id)).listComplete).toBe(true);
    await cancelList(staff, cancelled, "No longer needed");
    expect(await openRequestLink(doneToken)).toEqual({ ok: false, reason: "closed" });
    expect(await openRequestLink(cancelledToken)).toEqual({ ok: false, reason: "closed" });
    expect((await openLink(doneToken)).status).toBe(410);
    expect(await requestAccessFor(browser(`/requests/${done}`, doneCookie), done)).toBeNull();
    const revoked = await db().selectFrom("requestLinks").select("revokedAt").where("listId", "in", [done, cancelled]).execute();
    expect(revoked.every((row) => row.revokedAt !== null)).toBe(true);
    expect(await issueRequestLink(done)).toBeNull();

    const leaving = await makeUser(db(), { role: "client" });
    const open = await newList(leaving);
    const token = tokenOf(await issueRequestLink(open));
    const cookie = await restrictedCookie(token);
    await db().updateTable("users").set({ disabledAt: new Date().toISOString() }).where("id", "=", leaving.id).execute();
    expect(await openRequestLink(token)).toEqual({ ok: false, reason: "deactivated" });
    expect(await requestAccessFor(browser(`/requests/${open}`, cookie), open)).toBeNull();
  });

  it("never issues a link for an owner or admin account, in the reminder e-mail neither", async () => {
    // A list whose account became the owner's (lists are sent to clients: it can only be made by hand).
    const id = newId();
    const now = new Date().toISOString();
    await db()
      .insertInto("requestLists")
      .values({
        id,
        clientId: owner.id,
        title: "Owner's list",
        dueDate: "2096-05-01",
        status: "open",
        reminderOffsets: JSON.stringify({ before: [0], overdueEvery: 0, max: 1 }),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db()
      .insertInto("requestItems")
      .values({
        id: newId(),
        listId: id,
        position: 1,
        kind: "question",
        answerType: "short_text",
        label: "Anything",
        required: true,
        state: "todo",
        updatedAt: now,
      })
      .execute();
    expect(await issueRequestLink(id)).toBeNull();
    await expect(resendRequestLink(staff, id)).rejects.toMatchObject({ status: 409, key: "requests:errors.noLinkForAccount" });
    await sendDueRequestReminders(new Date("2096-05-01T20:00:00Z"));
    const reminder = mailsTo(owner).at(-1)!;
    expect(reminder.text).toContain(`${BASE}/client/requests/${id}`);
    expect(reminder.text).not.toMatch(LINK);
    expect(await db().selectFrom("requestLinks").select("id").where("listId", "=", id).execute()).toEqual([]);
  });

  it("puts a one-click link in each reminder e-mail (the earlier links stay valid)", async () => {
    const client = await makeUser(db(), { role: "client", timeZone: "UTC" });
    const listId = await newList(client, { dueDate: "2096-07-10" });
    const first = tokenOf(mailsTo(client).at(-1)!.text);
    expect(await sendDueRequestReminders(new Date("2096-07-10T10:00:00Z"))).toBe(1);
    const reminder = mailsTo(client).at(-1)!;
    expect(reminder.subject).toContain("Reminder");
    const token = tokenOf(reminder.text);
    expect(token).not.toBe(first);
    expect(await openRequestLink(token)).toMatchObject({ ok: true, listId });
    expect(await openRequestLink(first)).toMatchObject({ ok: true, listId });
  });

  it("asks the link pages for a Referrer-Policy that keeps their addresses on the firm's site", () => {
    expect(linkPageReferrerPolicy("/r/abc")).toBe("same-origin");
    expect(linkPageReferrerPolicy("/requests/123")).toBe("same-origin");
    expect(linkPageReferrerPolicy("/client/requests/123")).toBeNull();
    expect(linkPageReferrerPolicy("/requestsx")).toBeNull();
  });
});
