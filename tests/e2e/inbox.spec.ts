import { randomUUID } from "node:crypto";
import { acceptCookies } from "./cookies";
import { DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";

/** A contact message as the contact form stores it, in the sender's language. */
function insertMessage(subject: string, locale: string): string {
  const db = openTestDatabase();
  try {
    const id = randomUUID();
    db.prepare(
      "insert into contact_messages (id, name, email, subject, message, locale, status, created_at) values (?, 'Sam Sender', 'sam@example.com', ?, ?, ?, 'new', ?)",
    ).run(id, subject, "Line one\nLine two", locale, new Date().toISOString());
    return id;
  } finally {
    db.close();
  }
}

function statusOf(id: string): string {
  const db = openTestDatabase();
  try {
    return (db.prepare("select status from contact_messages where id = ?").get(id) as { status: string }).status;
  } finally {
    db.close();
  }
}

test.describe("the inbox", () => {
  test.beforeEach(async ({ context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
  });

  test("is in the sidebar; reading a message is a GET that changes nothing, opening it posts the read marker", async ({ page }) => {
    const subject = `Question ${Date.now()}`;
    const id = insertMessage(subject, "en");
    // A plain GET (a prefetch, a crawler, a link preview) leaves the message new.
    expect((await page.request.get(`/dashboard/inbox/${id}`)).status()).toBe(200);
    expect(statusOf(id)).toBe("new");

    const watch = watchErrors(page);
    await page.goto("/dashboard");
    await hydrated(page.getByTestId("sidebar-trigger"));
    await page.getByRole("navigation").getByRole("link", { name: "Inbox" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByTestId("message-status")).toHaveText("Read");
    expect(statusOf(id)).toBe("read");
    await expect(page.getByText("The reply is sent in English, the sender's language.")).toBeVisible();
    watch.expectNone();
  });

  test("without JavaScript a new message is marked read by its button; the reply is in the sender's language", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
    const page = await context.newPage();
    const subject = `سؤال ${Date.now()}`;
    const id = insertMessage(subject, "ar");
    await page.goto(`/dashboard/inbox/${id}`);
    expect(statusOf(id)).toBe("new");
    await expect(page.getByText("The reply is sent in العربية, the sender's language.")).toBeVisible();
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect(page.getByTestId("message-status")).toHaveText("Read");
    expect(statusOf(id)).toBe("read");
    await context.close();
  });

  test("an unknown message is the area's 404", async ({ page }) => {
    const response = await page.goto("/dashboard/inbox/no-such-message");
    expect(response?.status()).toBe(404);
    expect(await page.title()).toMatch(/ · /);
  });
});
