import { randomUUID } from "node:crypto";
import { textPdf } from "../support/documents";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, hydrated, signIn, test, watchErrors } from "./fixtures";
import { insertContactMessage } from "./inbox-helpers";
import { insertLongThread, startServerWithRedis, threadIdOf, type ExtraServer } from "./messages-helpers";
import { createOrderFor } from "./orders-helpers";

/**
 * Secure messages with JavaScript: the exchange on an order across two server processes behind one Redis
 * (the client's page on one shows staff's reply, posted through the other, without a reload); saved replies;
 * Arabic and English in one thread; the contact inbox's move into a client's conversation. Every page
 * fails its test on a console or page error.
 */

async function pdf(title: string) {
  return { name: `${title}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(await textPdf([[title]])) };
}

test.describe("the exchange on an order, the client on one server and staff on another", () => {
  let servers: ExtraServer[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    servers = [await startServerWithRedis(), await startServerWithRedis()];
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  test("a client writes on an order with an attachment; staff see it unread, add an internal note and reply; the client's open page shows the reply", async ({
    browser,
  }) => {
    test.slow();
    const [clientServer, staffServer] = servers as [ExtraServer, ExtraServer];
    const stamp = randomUUID().slice(0, 8);
    const client = createClient({ fullName: `Nadia Live ${stamp}` });
    const order = createOrderFor(client.id);

    const clientContext = await browser.newContext({ baseURL: clientServer.url });
    await acceptCookies(clientContext);
    await signIn(clientContext, client.email);
    const clientPage = await clientContext.newPage();
    const clientWatch = watchErrors(clientPage);

    // From the order's page to its conversation: the first message starts it.
    await clientPage.goto(`/client/service-orders/${order.id}`);
    await hydrated(clientPage.getByTestId("order-messages"));
    await clientPage.getByTestId("order-messages").click();
    await expect(clientPage).toHaveURL(/\/client\/messages\/new\?order=/);
    await expect(clientPage.getByRole("heading", { level: 1 })).toHaveText(`Message about order ${order.reference}`);
    const question = `Here is my birth certificate (${stamp}). Is the scan readable?`;
    await hydrated(clientPage.getByRole("button", { name: "Send" }));
    await clientPage.getByLabel("Your message", { exact: true }).fill(question);
    await clientPage.getByLabel("Attach files (up to 10)").setInputFiles([await pdf(`birth-certificate-${stamp}`)]);
    await clientPage.getByRole("button", { name: "Send" }).click();
    await expect(clientPage).toHaveURL(/\/client\/messages\/(?!new)[^/?]+$/);
    const threadId = threadIdOf(clientPage.url());
    expect(threadId).not.toBe("new");
    await expect(clientPage.getByTestId("message-body")).toHaveText(question);
    await expect(clientPage.getByTestId("message-body")).toHaveAttribute("dir", "auto");
    await expect(clientPage.getByRole("link", { name: `birth-certificate-${stamp}.pdf` })).toBeVisible();
    await expect(clientPage.getByTestId("thread-order")).toHaveText(`About order ${order.reference}`);

    // Staff, on the other server: the thread is unread in the list and the sidebar counts it.
    const staffContext = await browser.newContext({ baseURL: staffServer.url });
    await acceptCookies(staffContext);
    await signIn(staffContext, DEMO.admin);
    const staffPage = await staffContext.newPage();
    const staffWatch = watchErrors(staffPage);
    await staffPage.goto(`/dashboard/messages?view=unread&q=${encodeURIComponent(client.email)}`);
    const row = staffPage.getByTestId(`thread-${threadId}`);
    await expect(row).toContainText(`Nadia Live ${stamp}`);
    await expect(row).toContainText(order.reference);
    await expect(row.getByTestId("thread-unread")).toHaveText("Unread");
    await expect(row).toContainText(question);
    await expect(staffPage.getByTestId("sidebar").getByTestId("messages-unread")).toBeVisible();
    await hydrated(row.getByRole("link", { name: `Order ${order.reference}` }));
    await row.getByRole("link", { name: `Order ${order.reference}` }).click();
    await expect(staffPage).toHaveURL(new RegExp(`/dashboard/messages/${threadId}$`));
    await expect(staffPage.getByTestId("message-body")).toHaveText(question);
    // The attachment downloads for staff (audited by the area).
    const href = await staffPage.getByRole("link", { name: `birth-certificate-${stamp}.pdf` }).getAttribute("href");
    const download = await staffPage.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("application/pdf");

    // A mark the client's page can tell a reload by.
    await clientPage.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // An internal note, then the reply.
    const note = `Internal: the scan is fine, quote 2 pages (${stamp}).`;
    await hydrated(staffPage.getByRole("button", { name: "Send" }));
    await staffPage.getByRole("checkbox", { name: /Internal note/ }).check();
    await staffPage.getByLabel("Your reply", { exact: true }).fill(note);
    await staffPage.getByRole("button", { name: "Add internal note" }).click();
    await expect(staffPage.getByTestId("internal-note")).toContainText(note);
    await expect(staffPage.getByTestId("internal-note")).toContainText("Internal note: never shown to the client");
    const reply = `Thank you, the scan is readable. We start today (${stamp}).`;
    await staffPage.getByLabel("Your reply", { exact: true }).fill(reply);
    await staffPage.getByRole("button", { name: "Send" }).click();
    await expect(staffPage.getByTestId("message").filter({ hasText: reply })).toHaveAttribute("data-side", "firm");
    await expect(staffPage.getByTestId("thread-state")).toHaveText("Waiting for the client");

    // The client's page, never reloaded, shows the reply (not the note) from the other server through Redis.
    await expect(clientPage.getByTestId("message").filter({ hasText: reply })).toBeVisible({ timeout: 15_000 });
    expect(await clientPage.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(clientPage.getByText(note)).toHaveCount(0);
    await expect(clientPage.getByTestId("internal-note")).toHaveCount(0);
    await expect(clientPage.getByTestId("thread-state")).toHaveText("Answered");

    clientWatch.expectNone();
    staffWatch.expectNone();
    await clientContext.close();
    await staffContext.close();
  });
});

test.describe("messages pages with JavaScript", () => {
  test.beforeEach(async ({ context }) => {
    await acceptCookies(context);
  });

  test("Arabic and English in one thread: each message reads in its own direction, the client's own on the end side", async ({ browser }) => {
    const stamp = randomUUID().slice(0, 8);
    const client = createClient({ fullName: `سارة ${stamp}`, locale: "ar" });
    const clientContext = await browser.newContext({ locale: "ar" });
    await acceptCookies(clientContext);
    await signIn(clientContext, client.email);
    const page = await clientContext.newPage();
    const watch = watchErrors(page);

    await page.goto("/client/messages");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("الرسائل");
    await hydrated(page.getByRole("link", { name: "رسالة جديدة" }));
    await page.getByRole("link", { name: "رسالة جديدة" }).click();
    await expect(page).toHaveURL(/\/client\/messages\/new$/);
    const arabic = `مرحبا، أرسلت صورة passport اليوم ${stamp}`;
    await hydrated(page.getByRole("button", { name: "إرسال" }));
    await page.getByLabel("رسالتك").fill(arabic);
    await page.getByRole("button", { name: "إرسال" }).click();
    await expect(page).toHaveURL(/\/client\/messages\/(?!new)[^/?]+$/);
    const threadId = threadIdOf(page.url());

    // Staff answer in English.
    const staffContext = await browser.newContext();
    await acceptCookies(staffContext);
    await signIn(staffContext, DEMO.admin);
    const staffPage = await staffContext.newPage();
    const staffWatch = watchErrors(staffPage);
    await staffPage.goto(`/dashboard/messages/${threadId}`);
    await expect(staffPage.getByTestId("message-body")).toHaveText(arabic);
    const english = `Thank you, we received the passport scan (${stamp}).`;
    await hydrated(staffPage.getByRole("button", { name: "Send" }));
    await staffPage.getByLabel("Your reply", { exact: true }).fill(english);
    await staffPage.getByRole("button", { name: "Send" }).click();
    await expect(staffPage.getByTestId("message").filter({ hasText: english })).toBeVisible();

    await expect(page.getByTestId("message").filter({ hasText: english })).toBeVisible({ timeout: 15_000 });
    const own = page.getByTestId("message").filter({ hasText: arabic });
    const firm = page.getByTestId("message").filter({ hasText: english });
    await expect(own).toHaveAttribute("data-side", "client");
    for (const body of await page.getByTestId("message-body").all()) await expect(body).toHaveAttribute("dir", "auto");
    // Each body's own direction: the Arabic one right to left, the English one left to right, in a right-to-left page.
    expect(await own.getByTestId("message-body").evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
    expect(await firm.getByTestId("message-body").evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
    // In Arabic the end side is the left: the client's own bubble sits left of the firm's.
    const ownBox = (await own.boundingBox())!;
    const firmBox = (await firm.boundingBox())!;
    expect(ownBox.x).toBeLessThan(firmBox.x);
    await expect(page.getByTestId("thread-state")).toHaveText("تم الرد");

    watch.expectNone();
    staffWatch.expectNone();
    await clientContext.close();
    await staffContext.close();
  });

  test("staff keep saved replies per language and insert one into a reply; they write first to a client from the client's page", async ({ page, context }) => {
    await signIn(context, DEMO.admin);
    const watch = watchErrors(page);
    const stamp = randomUUID().slice(0, 8);
    const client = createClient({ fullName: `Omar Saved ${stamp}`, locale: "fr" });

    await page.goto("/dashboard/saved-replies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saved replies");
    await hydrated(page.getByRole("button", { name: "Add saved reply" }));
    // A reply without a title is refused, what was typed kept.
    const form = page.locator("#saved-reply-new");
    await form.getByLabel("Language").selectOption("fr");
    await form.getByLabel("Text").fill(`Merci, nous avons bien reçu vos documents (${stamp}).`);
    await page.getByRole("button", { name: "Add saved reply" }).click();
    await expect(form.getByText("Give the reply a title.")).toBeVisible();
    await expect(form.getByLabel("Text")).toHaveValue(`Merci, nous avons bien reçu vos documents (${stamp}).`);
    await form.getByLabel("Title").fill(`Documents reçus ${stamp}`);
    await page.getByRole("button", { name: "Add saved reply" }).click();
    await expect(page.getByText("Saved reply added")).toBeVisible();
    await page.getByRole("link", { name: "Français" }).click();
    await expect(page.getByTestId("saved-reply").filter({ hasText: `Documents reçus ${stamp}` })).toBeVisible();

    // From the client's page to a first message.
    await page.goto(`/dashboard/clients/${client.id}`);
    await hydrated(page.getByTestId("client-messages"));
    await page.getByTestId("client-messages").click();
    await expect(page).toHaveURL(/\/dashboard\/messages\/new\?client=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`New message to Omar Saved ${stamp}`);
    await hydrated(page.getByRole("button", { name: "Send" }));
    await page.getByLabel("Your reply", { exact: true }).fill(`Bonjour ${stamp}`);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages\/(?!new)[^/?]+$/);

    // The saved reply goes into the box at the cursor, after what is typed.
    const box = page.getByLabel("Your reply", { exact: true });
    await hydrated(page.getByRole("button", { name: "Insert" }));
    await box.fill("Bonjour,");
    await page.getByLabel("Saved reply").selectOption({ label: `Documents reçus ${stamp} (FR)` });
    await page.getByRole("button", { name: "Insert" }).click();
    await expect(box).toHaveValue(`Bonjour,\nMerci, nous avons bien reçu vos documents (${stamp}).`);
    await page.getByRole("button", { name: "Send" }).click();
    const sent = page.getByTestId("message").filter({ hasText: `Merci, nous avons bien reçu vos documents (${stamp}).` });
    await expect(sent).toBeVisible();

    // Removing asks first; the message then reads "Message removed", its text gone.
    await sent.getByTestId("remove-message").click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Remove this message?");
    await dialog.getByRole("button", { name: "Remove message" }).click();
    await expect(page.getByText("Message removed").first()).toBeVisible();
    await expect(page.getByTestId("message-removed")).toHaveCount(1);
    await expect(page.getByText(`Merci, nous avons bien reçu vos documents (${stamp}).`)).toHaveCount(0);
    watch.expectNone();
  });

  test("a contact message from a client's address moves into their conversation; the client lists it", async ({ page, context, browser }) => {
    await signIn(context, DEMO.admin);
    const watch = watchErrors(page);
    const stamp = randomUUID().slice(0, 8);
    const client = createClient({ fullName: `Lina Contact ${stamp}` });
    const text = `Can you translate my diploma? (${stamp})`;
    const id = insertContactMessage({ subject: `Diploma ${stamp}`, locale: "en", email: client.email, name: "Lina", message: text });
    const stranger = insertContactMessage({ subject: `Stranger ${stamp}`, locale: "en", email: `nobody-${stamp}@example.com` });

    await page.goto(`/dashboard/inbox/${stranger}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Stranger ${stamp}`);
    await expect(page.getByTestId("move-to-messages")).toHaveCount(0);

    await page.goto(`/dashboard/inbox/${id}`);
    await expect(page.getByTestId("move-to-messages")).toContainText(`This address belongs to the client Lina Contact ${stamp}.`);
    await hydrated(page.getByRole("button", { name: "Move to the client's messages" }));
    // Opening it marked it read (a background POST): moved only once that is done, as a person reading it would.
    await expect(page.getByTestId("message-status")).toHaveText("Read");
    await page.getByRole("button", { name: "Move to the client's messages" }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages\/(?!new)[^/?]+$/);
    await expect(page.getByTestId("message").first()).toHaveAttribute("data-side", "client");
    await expect(page.getByTestId("thread-messages")).toContainText(text);

    const clientContext = await browser.newContext();
    await acceptCookies(clientContext);
    await signIn(clientContext, client.email);
    const clientPage = await clientContext.newPage();
    const clientWatch = watchErrors(clientPage);
    await clientPage.goto("/client/messages");
    const listed = clientPage.getByTestId("thread-row");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText("General");
    await expect(listed).toContainText(text);
    watch.expectNone();
    clientWatch.expectNone();
    await clientContext.close();
  });

  test("a long conversation shows its latest 50 messages, the older ones a link away; staff assign it from its page @mobile", async ({ page, context }) => {
    await signIn(context, DEMO.admin);
    const watch = watchErrors(page);
    const stamp = randomUUID().slice(0, 8);
    const client = createClient({ fullName: `Karim Long ${stamp}` });
    const { threadId, firmId } = insertLongThread(client.id, DEMO.admin, 55);

    await page.goto(`/dashboard/messages/${threadId}`);
    const bodies = page.getByTestId("message-body");
    await expect(bodies).toHaveCount(50);
    await expect(bodies.first()).toHaveText("Message 6");
    await expect(bodies.last()).toHaveText("Message 55");
    await hydrated(page.getByRole("link", { name: "Show older messages" }));
    await page.getByRole("link", { name: "Show older messages" }).click();
    await expect(page).toHaveURL(/\?before=/);
    await expect(bodies).toHaveCount(5);
    await expect(bodies.first()).toHaveText("Message 1");
    await expect(page.getByRole("link", { name: "Show older messages" })).toHaveCount(0);
    await page.getByRole("link", { name: "Back to the latest messages" }).click();
    await expect(bodies.last()).toHaveText("Message 55");

    // Assigned from the conversation's own page: the choice stays, and the list's "mine" view has it.
    await page.getByLabel("Assignee").selectOption({ value: firmId });
    await page.getByRole("button", { name: "Save assignee" }).click();
    await expect(page.getByLabel("Assignee")).toHaveValue(firmId);
    await page.goto("/dashboard/messages?view=mine");
    await expect(page.getByTestId(`thread-${threadId}`)).toContainText(`Karim Long ${stamp}`);
    watch.expectNone();
  });
});
