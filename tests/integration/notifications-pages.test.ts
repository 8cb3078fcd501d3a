import { beforeAll, expect, it } from "vitest";
import { ensureTwoFactorWithSecret } from "~/features/auth/two-factor.server";
import { countUnread, notify } from "~/features/notifications/notifications.server";
import * as clientPage from "~/routes/client+/notifications";
import * as dashboardPage from "~/routes/dashboard+/notifications";
import { toJson } from "~/lib/db/connection.server";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { newId } from "~/lib/ids.server";
import { createSession } from "~/lib/session.server";
import { getToast } from "~/lib/toast.server";
import { describeEachDialect } from "../setup/database";
import { TEST_TOTP_SECRET } from "../support/factories";

type Action = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<Response>;

async function post(route: { action: unknown }, path: string, token: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  let response: Response;
  try {
    response = await (route.action as Action)({ request, params: {}, context: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const cookie = response.headers.get("Set-Cookie");
  const { toast } = cookie ? await getToast(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } })) : { toast: null };
  return { status: response.status, location: response.headers.get("Location"), toast, response };
}

/** The toast as the English reader sees it. */
async function english(toast: { message: string; params?: Record<string, string | number> } | null) {
  const t = await getFixedT("en", "notifications");
  return toast ? t(toast.message, toast.params ?? {}) : null;
}

describeEachDialect("notification pages", (db) => {
  let user: { id: string; token: string };
  let other: { id: string; token: string };
  let staff: { id: string; token: string };

  async function makeUser(role: string) {
    const id = newId();
    await db()
      .insertInto("users")
      .values({ id, email: `${id}@example.com`, passwordHash: "x", fullName: "Page User", role, enabledFeatures: toJson([]) })
      .execute();
    // Owner and admins reach dashboard pages once two-factor is set up.
    if (role === "admin") await ensureTwoFactorWithSecret(db(), id, TEST_TOTP_SECRET);
    return { id, token: (await createSession(id, { remember: false, kind: "cookie" })).token };
  }
  const make = (userId: string) => notify({ userId, type: "test", titleKey: "notifications:title" });

  beforeAll(async () => {
    user = await makeUser("client");
    other = await makeUser("client");
    staff = await makeUser("admin");
  });

  it("marks one read and toasts the spec's message, back on the same list", async () => {
    const id = await make(user.id);
    const answer = await post(clientPage, "/client/notifications?filter=unread&page=1", user.token, { intent: "markRead", id });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/client/notifications?filter=unread&page=1");
    expect(answer.toast).toMatchObject({ type: "success" });
    expect(await english(answer.toast)).toBe("Marked 1 notification as read");
  });

  it("marks all read: 'Marked {n} notifications as read'", async () => {
    await make(user.id);
    await make(user.id);
    const answer = await post(clientPage, "/client/notifications", user.token, { intent: "markAllRead" });
    expect(await english(answer.toast)).toBe("Marked 2 notifications as read");
    expect(await countUnread(user.id)).toBe(0);
  });

  it("deletes one, and refuses another user's with the failure message", async () => {
    const mine = await make(user.id);
    const theirs = await make(other.id);
    expect(await english((await post(clientPage, "/client/notifications", user.token, { intent: "delete", id: mine })).toast)).toBe("Notification deleted");
    const refused = await post(clientPage, "/client/notifications", user.token, { intent: "delete", id: theirs });
    expect(refused.toast).toMatchObject({ type: "error" });
    expect(await english(refused.toast)).toBe("Failed to delete notification");
    const marked = await post(clientPage, "/client/notifications", user.token, { intent: "markRead", id: theirs });
    expect(await english(marked.toast)).toBe("Failed to mark notification as read");
    expect(await countUnread(other.id)).toBe(1);
  });

  it("deletes all only when confirmed: 'Deleted {n} notifications'", async () => {
    await make(user.id);
    const unconfirmed = await post(clientPage, "/client/notifications", user.token, { intent: "deleteAll" });
    expect(await english(unconfirmed.toast)).toBe("Failed to delete all notifications");
    const total = await db().selectFrom("notifications").select("id").where("userId", "=", user.id).execute();
    const confirmed = await post(clientPage, "/client/notifications?confirm=delete-all", user.token, { intent: "deleteAll", confirm: "yes" });
    expect(confirmed.location).toBe("/client/notifications");
    expect(await english(confirmed.toast)).toBe(`Deleted ${total.length} notifications`);
    expect(await db().selectFrom("notifications").select("id").where("userId", "=", user.id).execute()).toEqual([]);
    expect(await countUnread(other.id)).toBe(1);
  });

  it("answers a bad request with the failure toast, never a 500", async () => {
    const missingId = await post(clientPage, "/client/notifications", user.token, { intent: "delete" });
    expect(missingId.status).toBe(302);
    expect(await english(missingId.toast)).toBe("Failed to delete notification");
    const nonsense = await post(clientPage, "/client/notifications", user.token, { intent: "explode" });
    expect(nonsense.status).toBe(302);
    expect(nonsense.toast).toMatchObject({ type: "error" });
  });

  it("lets staff compose; a client is sent away from the staff page", async () => {
    const fields = {
      intent: "compose",
      audience: "user",
      email: `${other.id}@example.com`,
      titleEn: "Documents received",
      bodyEn: "Thank you.",
      titleAr: "استلمنا المستندات",
      bodyAr: "شكرًا لك.",
      titleFr: "Documents reçus",
      bodyFr: "Merci.",
    };
    const sent = await post(dashboardPage, "/dashboard/notifications", staff.token, fields);
    expect(sent.status).toBe(302);
    expect(await english(sent.toast)).toBe("Notification sent to 1 recipient");
    expect(await countUnread(other.id)).toBe(2);

    const invalid = await post(dashboardPage, "/dashboard/notifications", staff.token, { ...fields, email: "nobody@example.com" });
    expect(invalid.status).toBe(400);
    expect(await invalid.response.json()).toMatchObject({ error: { email: ["notifications:errors.userNotFound"] } });

    const refused = await post(dashboardPage, "/dashboard/notifications", user.token, fields);
    expect(refused.location).toBe("/client");
  });
});
