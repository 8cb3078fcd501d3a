import { acceptCookies } from "./cookies";
import { contactMessageStatus, insertContactMessage } from "./inbox-helpers";
import { DEMO, expect, hydrated, signIn, test, watchErrors } from "./fixtures";

test.describe("the inbox", () => {
  test.beforeEach(async ({ context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
  });

  test("is in the sidebar; reading a message is a GET that changes nothing, opening it posts the read marker", async ({ page }) => {
    const subject = `Question ${Date.now()}`;
    const id = insertContactMessage({ subject, locale: "en" });
    // A plain GET (a prefetch, a crawler, a link preview) leaves the message new.
    expect((await page.request.get(`/dashboard/inbox/${id}`)).status()).toBe(200);
    expect(contactMessageStatus(id)).toBe("new");

    const watch = watchErrors(page);
    await page.goto("/dashboard");
    await hydrated(page.getByTestId("sidebar-trigger"));
    await page.getByRole("navigation").getByRole("link", { name: "Inbox" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByTestId("message-status")).toHaveText("Read");
    expect(contactMessageStatus(id)).toBe("read");
    await expect(page.getByText("The reply is sent in English, the sender's language.")).toBeVisible();
    watch.expectNone();
  });

  test("without JavaScript a new message is marked read by its button; the reply is in the sender's language", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
    const page = await context.newPage();
    const subject = `سؤال ${Date.now()}`;
    const id = insertContactMessage({ subject, locale: "ar" });
    await page.goto(`/dashboard/inbox/${id}`);
    expect(contactMessageStatus(id)).toBe("new");
    await expect(page.getByText("The reply is sent in العربية, the sender's language.")).toBeVisible();
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect(page.getByTestId("message-status")).toHaveText("Read");
    expect(contactMessageStatus(id)).toBe("read");
    await context.close();
  });

  test("an unknown message is the area's 404", async ({ page }) => {
    const response = await page.goto("/dashboard/inbox/no-such-message");
    expect(response?.status()).toBe(404);
    expect(await page.title()).toMatch(/ · /);
  });
});
