import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO, expect, openTestDatabase, signIn, test, uniqueIp } from "./fixtures";

function storedMessages(subject: string): number {
  const db = openTestDatabase();
  try {
    return (db.prepare("select count(*) as count from contact_messages where subject = ?").get(subject) as { count: number }).count;
  } finally {
    db.close();
  }
}

async function fill(page: Page, values: { name?: string; email?: string; subject?: string; message?: string }) {
  const labels = { name: "Name or company name", email: "E-mail", subject: "Subject", message: "Message" } as const;
  for (const [field, label] of Object.entries(labels) as Array<[keyof typeof labels, string]>) {
    await page.getByLabel(label, { exact: true }).fill(values[field] ?? "");
  }
}

/** Opens the page; with JavaScript, checks that the static shell's script is there to send the form without a reload. */
async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  // The page ships no bundle either way: the enhancement is the inline shell script.
  expect(await page.locator('script[src*="/build/"]').count()).toBe(0);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-device", /mobile|desktop/);
}

const send = (page: Page) => page.getByRole("button", { name: "Send message" }).click();

/** Said once: with JavaScript as a toast only, without it by the form itself. */
async function expectSent(page: Page, javaScriptEnabled: boolean) {
  const form = page.getByRole("region", { name: "Send us a message" });
  const toasts = page.getByTestId("toast-region").getByRole("status").filter({ hasText: "Message sent successfully" });
  if (javaScriptEnabled) {
    await expect(toasts).toHaveCount(1);
    await expect(form.getByText("Message sent successfully")).toHaveCount(0);
  } else {
    await expect(form.getByRole("status").filter({ hasText: "Message sent successfully" })).toBeVisible();
    await expect(toasts).toHaveCount(0);
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the contact form with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test.beforeEach(async ({ page }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
      await open(page, "/contact?lng=en", javaScriptEnabled);
    });

    test("a complete message is stored and confirmed @mobile", async ({ page }) => {
      const subject = `Question ${randomUUID()}`;
      await fill(page, { name: "Acme LLC", email: "owner@acme.example", subject, message: "Do you prepare S corporation returns?" });
      if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      await send(page);
      await expectSent(page, javaScriptEnabled);
      expect(storedMessages(subject)).toBe(1);
      // The form is emptied for the next message.
      await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
      if (javaScriptEnabled) {
        // Enhanced: no page load happened.
        expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      }
    });

    test("an empty form asks for every field", async ({ page }) => {
      await fill(page, { name: "Ann" });
      await send(page);
      await expect(page.getByRole("alert").filter({ hasText: "Please fill in all fields" })).toBeVisible();
      await expect(page.getByLabel("E-mail", { exact: true })).toHaveAttribute("aria-invalid", "true");
      // What was typed is kept.
      await expect(page.getByLabel("Name or company name")).toHaveValue("Ann");
    });

    test("a bad e-mail address is refused in the reader's language", async ({ page }) => {
      await open(page, "/contact?lng=ar", javaScriptEnabled);
      const subject = `سؤال ${randomUUID()}`;
      await page.getByLabel("الاسم أو اسم الشركة").fill("سامي");
      await page.getByLabel("البريد الإلكتروني", { exact: true }).fill("sami@");
      await page.getByLabel("الموضوع").fill(subject);
      await page.getByLabel("الرسالة").fill("مرحبًا");
      await page.getByRole("button", { name: "أرسل الرسالة" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "يُرجى إدخال عنوان بريد إلكتروني صحيح." })).toBeVisible();
      await expect(page.getByLabel("الموضوع")).toHaveValue(subject);
      expect(storedMessages(subject)).toBe(0);
    });

    if (javaScriptEnabled) {
      test("a request that fails keeps what was typed and says the message was not sent", async ({ page }) => {
        const subject = `Offline ${randomUUID()}`;
        await fill(page, { name: "Ann", email: "ann@example.com", subject, message: "Hello" });
        await page.route(/\/contact(\?|$)/, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
        await send(page);
        await expect(page.getByTestId("toast-region").getByRole("status").filter({ hasText: "Failed to send message. Please try again." })).toBeVisible();
        await expect(page.getByLabel("Subject", { exact: true })).toHaveValue(subject);
        await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
        expect(storedMessages(subject)).toBe(0);
      });
    }

    test("a bot that fills the honeypot is told it worked, and nothing is stored", async ({ page }) => {
      const subject = `Spam ${randomUUID()}`;
      await fill(page, { name: "Bot", email: "bot@spam.example", subject, message: "Cheap pills" });
      await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
      await send(page);
      await expectSent(page, javaScriptEnabled);
      expect(storedMessages(subject)).toBe(0);
    });

    test("too many messages from one address are refused with a clear message", async ({ page }) => {
      const subjects: string[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const subject = `Burst ${attempt} ${randomUUID()}`;
        subjects.push(subject);
        await fill(page, { name: "Ann", email: "ann@example.com", subject, message: "Hello" });
        await send(page);
        if (attempt < 5) {
          await expectSent(page, javaScriptEnabled);
          await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
        }
      }
      await expect(page.getByRole("alert").filter({ hasText: "You have sent several messages in a short time" })).toBeVisible();
      expect(storedMessages(subjects[5]!)).toBe(0);
      expect(storedMessages(subjects[4]!)).toBe(1);
    });
  });
}

test.describe("the staff inbox", () => {
  test.use({ javaScriptEnabled: false });

  test("a message sent through the contact form reaches the inbox, is marked read with a button (opening changes nothing), and can be archived", async ({
    page,
    context,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
    const subject = `Inbox ${randomUUID()}`;
    await open(page, "/contact?lng=en", false);
    await fill(page, { name: "Rana Co.", email: "rana@example.com", subject, message: "Please call me back." });
    await send(page);
    await expectSent(page, false);

    await signIn(context, DEMO.admin);
    await page.goto("/dashboard/inbox?status=new&lng=en");
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
    await expect(page.locator("article")).toContainText("Please call me back.");
    // Without JavaScript, reading (a GET) changes nothing; the button posts the read marker.
    await expect(page.locator("article dd").last()).toHaveText("New");
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect(page.locator("article dd").last()).toHaveText("Read");

    await page.getByRole("button", { name: "Archive" }).click();
    await expect(page).toHaveURL(/\/dashboard\/inbox$/);
    await page.goto("/dashboard/inbox?status=archived&lng=en");
    await expect(page.getByRole("link", { name: subject })).toBeVisible();
  });

  test("clients cannot read the inbox", async ({ page, context }) => {
    await signIn(context, DEMO.client);
    await page.goto("/dashboard/inbox");
    await expect(page).toHaveURL(/\/client$/);
  });
});
