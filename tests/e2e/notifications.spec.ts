import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, openTestDatabase, signIn, test } from "./fixtures";
import { createOrderFor } from "./orders-helpers";

/** Rows written straight into the test server's database (the way notify() leaves them, counter included). */
function seedNotifications(userId: string, titles: string[]) {
  const db = openTestDatabase();
  try {
    const insert = db.prepare(
      "insert into notifications (id, user_id, type, title_key, body_key, params, link, created_at) values (?, ?, 'report.created', 'reports:notifications.created.title', 'reports:notifications.created.body', ?, null, ?)",
    );
    const start = Date.now() - titles.length * 1000;
    titles.forEach((title, index) => insert.run(randomUUID(), userId, JSON.stringify({ title }), new Date(start + index * 1000).toISOString()));
    // notify() keeps the user's unread counter in the same transaction (migration 0004).
    db.prepare(
      "insert into notification_counters (user_id, unread) values (?, ?) on conflict (user_id) do update set unread = notification_counters.unread + excluded.unread",
    ).run(userId, titles.length);
  } finally {
    db.close();
  }
}

/** The live count on the notification page (the area header's bell may show it too). */
const unreadOn = (page: Page) => page.getByTestId("notification-center").getByTestId("unread-count");

async function compose(page: Page, email: string, title: string, options: { frenchTitle?: string } = {}) {
  await page.goto("/dashboard/notifications");
  await page.getByLabel("One user").check();
  await page.getByLabel("The user's e-mail address").fill(email);
  const groups = [
    ["English", title, "A message for you."],
    ["Arabic", `${title} (ar)`, "رسالة لك."],
    ["French", options.frenchTitle ?? `${title} (fr)`, "Un message pour vous."],
  ] as const;
  for (const [legend, groupTitle, body] of groups) {
    const group = page.getByRole("group", { name: legend });
    await group.getByLabel("Title").fill(groupTitle);
    await group.getByLabel("Message").fill(body);
  }
  await page.getByRole("button", { name: "Send notification" }).click();
  await expect(page.getByTestId("sent-broadcasts").getByRole("cell", { name: title })).toBeVisible();
}

test("the badge changes live when staff notify a client, and after a reload without JavaScript", async ({ browser }) => {
  // A whole journey over several pages: 20-25 s when CI is busy.
  test.slow();
  const client = createClient();
  const clientContext = await browser.newContext();
  await signIn(clientContext, client.email);
  const clientPage = await clientContext.newPage();
  await clientPage.goto("/client/notifications");
  await expect(unreadOn(clientPage)).toHaveText("0");
  await expect(clientPage.getByText("You have no notifications.")).toBeVisible();
  // Hydrated: the live connection is in place once the page is interactive.
  await clientPage.waitForFunction(() => document.readyState === "complete");

  const adminContext = await browser.newContext();
  await signIn(adminContext, DEMO.admin);
  const adminPage = await adminContext.newPage();
  const title = `Office notice ${randomUUID().slice(0, 8)}`;
  await compose(adminPage, client.email, title);

  // No reload on the client's page: the socket brings the badge and the row.
  await expect(unreadOn(clientPage)).toHaveText("1");
  await expect(clientPage.getByRole("heading", { name: title })).toBeVisible();

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  await signIn(noJs, client.email);
  const staticPage = await noJs.newPage();
  await staticPage.goto("/client/notifications");
  await expect(unreadOn(staticPage)).toHaveText("1");

  const second = `Second notice ${randomUUID().slice(0, 8)}`;
  await compose(adminPage, client.email, second);
  await expect(unreadOn(clientPage)).toHaveText("2");
  await staticPage.reload();
  await expect(unreadOn(staticPage)).toHaveText("2");
  await expect(staticPage.getByRole("heading", { name: second })).toBeVisible();

  await Promise.all([clientContext.close(), adminContext.close(), noJs.close()]);
});

test("without JavaScript: filter, mark one, mark all, delete one, delete all after confirming", async ({ browser }) => {
  const client = createClient();
  seedNotifications(client.id, ["First report", "Second report", "Third report"]);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signIn(context, client.email);
  const page = await context.newPage();
  await page.goto("/client/notifications");
  await expect(unreadOn(page)).toHaveText("3");
  const items = page.getByTestId("notification-item");
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText("New report: Third report");

  await items.filter({ hasText: "Second report" }).getByRole("button", { name: "Mark as read" }).click();
  await expect(unreadOn(page)).toHaveText("2");
  await page.getByRole("link", { name: "Unread", exact: true }).click();
  await expect(page).toHaveURL(/filter=unread/);
  await expect(items).toHaveCount(2);
  await expect(page.getByText("Second report")).toHaveCount(0);
  await page.getByRole("link", { name: "Read", exact: true }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Second report");

  await page.getByRole("link", { name: "All", exact: true }).click();
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(unreadOn(page)).toHaveText("0");
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();

  await items.filter({ hasText: "First report" }).getByRole("button", { name: "Delete" }).click();
  await expect(items).toHaveCount(2);

  await page.getByRole("link", { name: "Delete all" }).click();
  await expect(page.getByText("This action cannot be undone.")).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByText("This action cannot be undone.")).toHaveCount(0);
  await expect(items).toHaveCount(2);
  await page.getByRole("link", { name: "Delete all" }).click();
  await page.getByRole("button", { name: "Yes, delete all" }).click();
  await expect(page.getByText("You have no notifications.")).toBeVisible();
  await context.close();
});

test("the badge changes live when an admin changes the client's order", async ({ browser }) => {
  const client = createClient();
  const order = createOrderFor(client.id);
  const clientContext = await browser.newContext();
  await signIn(clientContext, client.email);
  const clientPage = await clientContext.newPage();
  await clientPage.goto(`/client/service-orders/${order.id}`);
  const banner = clientPage.getByRole("banner");
  await expect(banner.getByTestId("unread-count")).toHaveCount(0);
  // Hydrated: the bell is a button that opens the panel (a plain link before).
  await expect(banner.getByRole("button", { name: /^Notifications/ })).toBeVisible();

  const adminContext = await browser.newContext();
  await acceptCookies(adminContext);
  await signIn(adminContext, DEMO.admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/dashboard/service-orders/${order.id}`);
  await adminPage.getByLabel("New status").selectOption("in_review");
  await adminPage.getByRole("button", { name: "Change status" }).click();
  await expect(adminPage.getByLabel("New status").locator("option")).toHaveText(["In progress", "Waiting for client", "Cancelled"]);

  // No reload on the client's page.
  await expect(banner.getByTestId("unread-count")).toHaveText("1");

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  await signIn(noJs, client.email);
  const staticPage = await noJs.newPage();
  await staticPage.goto(`/client/service-orders/${order.id}`);
  await expect(staticPage.getByRole("banner").getByTestId("unread-count")).toHaveText("1");
  await Promise.all([clientContext.close(), adminContext.close(), noJs.close()]);
});

test("pages of 20, in Arabic too @mobile", async ({ browser }) => {
  const client = createClient();
  seedNotifications(
    client.id,
    Array.from({ length: 21 }, (_, index) => `Report ${index + 1}`),
  );
  const context = await browser.newContext();
  await acceptCookies(context);
  await signIn(context, client.email);
  const page = await context.newPage();
  await page.goto("/client/notifications?lng=ar");
  await expect(page.getByRole("heading", { level: 1, name: "الإشعارات" })).toBeVisible();
  await expect(page.getByTestId("notification-item")).toHaveCount(20);
  await expect(page.getByText("الصفحة 1 من 2")).toBeVisible();
  await page.getByRole("link", { name: "الصفحة التالية" }).click();
  await expect(page.getByTestId("notification-item")).toHaveCount(1);
  await expect(page.getByTestId("notification-item")).toContainText("تقرير جديد: Report 1");
  await context.close();
});

test("clients cannot reach the staff page; another client's notification is out of reach", async ({ browser, request }) => {
  const owner = createClient();
  seedNotifications(owner.id, ["Private report"]);
  const db = openTestDatabase();
  const row = db.prepare("select id from notifications where user_id = ?").get(owner.id) as { id: string };
  db.close();

  const other = createClient();
  const context = await browser.newContext();
  await signIn(context, other.email);
  const page = await context.newPage();
  await page.goto("/dashboard/notifications");
  await expect(page).toHaveURL(/\/client$/);
  const answer = await page.request.put(`/api/notifications/${row.id}/read`);
  expect(answer.status()).toBe(404);
  expect((await page.request.delete(`/api/notifications/${row.id}`)).status()).toBe(404);
  expect((await request.get("/api/notifications/unread")).status()).toBe(401);
  await context.close();
});

test("public pages never open the realtime socket; area pages do", async ({ browser }) => {
  const client = createClient();
  const context = await browser.newContext();
  await signIn(context, client.email);
  const page = await context.newPage();
  const sockets: string[] = [];
  page.on("websocket", (socket) => sockets.push(socket.url()));
  page.on("request", (request) => {
    if (request.url().includes("/socket.io")) sockets.push(request.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(sockets).toEqual([]);

  const opened = page.waitForEvent("websocket", (socket) => socket.url().includes("/socket.io"));
  await page.goto("/client/notifications");
  expect((await opened).url()).toContain("/socket.io/?EIO=4&transport=websocket");
  await context.close();
});

test("staff compose without JavaScript: errors in place, then sent to the client in their language", async ({ browser }) => {
  const client = createClient();
  const db = openTestDatabase();
  db.prepare("update users set locale = 'fr' where id = ?").run(client.id);
  db.close();

  const context = await browser.newContext({ javaScriptEnabled: false });
  await signIn(context, DEMO.owner);
  const page = await context.newPage();
  await page.goto("/dashboard/notifications");
  await page.getByLabel("The user's e-mail address").fill("nobody@example.com");
  await page.getByRole("button", { name: "Send notification" }).click();
  // Nothing written: one language with a title and a body is asked for (the others fall back to it).
  await expect(page.getByText("Enter a title.")).toHaveCount(1);

  const title = `Fermeture ${randomUUID().slice(0, 6)}`;
  await compose(page, client.email, `Closing ${title}`, { frenchTitle: title });

  const reader = await browser.newContext({ javaScriptEnabled: false });
  await signIn(reader, client.email);
  const readerPage = await reader.newPage();
  await readerPage.goto("/client/notifications?lng=fr");
  await expect(readerPage.getByRole("heading", { name: title })).toBeVisible();
  await Promise.all([context.close(), reader.close()]);
});
