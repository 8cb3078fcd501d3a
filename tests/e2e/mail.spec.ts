import { latestMailTo } from "../support/mail";
import { acceptCookies } from "./cookies";
import { contactMessageStatus, insertContactMessage } from "./inbox-helpers";
import { DEMO, expect, hydrated, signIn, test, watchErrors } from "./fixtures";

const dataDir = () => process.env.E2E_DATA_DIR!;

test.describe("inbox replies and e-mail templates", () => {
  test.beforeEach(async ({ context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
  });

  test("an admin replies to a contact message from a reply template; the sender's mail file holds the reply in French", async ({ page }) => {
    const email = `claire-${Date.now()}@example.com`;
    const subject = `Diplôme ${Date.now()}`;
    const id = insertContactMessage({ subject, locale: "fr", email, name: "Claire Martin", message: "Pouvez-vous traduire mon diplôme ?" });
    const watch = watchErrors(page);
    await page.goto(`/dashboard/inbox/${id}`);
    await hydrated(page.getByRole("button", { name: "Send the reply" }));
    await expect(page.getByText("The reply is sent in Français, the sender's language.")).toBeVisible();

    await page.getByLabel("Start from a reply template").selectOption("thanks");
    await page.getByRole("button", { name: "Use this template" }).click();
    const body = page.getByLabel("Your reply");
    await expect(body).toHaveValue(/Merci pour votre message, Claire Martin\./);
    await body.fill(`${await body.inputValue()}\n\nNous pouvons traduire votre diplôme.`);
    await page.getByRole("button", { name: "Send the reply" }).click();

    await expect(page.getByText("Reply sent")).toBeVisible();
    await expect(page.getByTestId("message-status")).toHaveText("Replied");
    await expect(page.getByTestId("reply-thread")).toContainText("Nous pouvons traduire votre diplôme.");
    await expect(page.getByTestId("reply-thread")).toContainText("Sent");
    expect(contactMessageStatus(id)).toBe("replied");

    await expect.poll(() => latestMailTo(dataDir(), email)?.subject, { intervals: [100] }).toBe(`RE : ${subject}`);
    const mail = latestMailTo(dataDir(), email)!;
    expect(mail.text).toContain("Bonjour Claire Martin,");
    expect(mail.text).toContain("Nous pouvons traduire votre diplôme.");
    expect(mail.text).toContain("Vous nous avez écrit");

    // The list filters by status.
    await page.goto("/dashboard/inbox?status=replied");
    await expect(page.getByRole("link", { name: subject })).toBeVisible();
    watch.expectNone();
  });

  test("an admin edits a template, previews it, is refused an unknown variable, and the next e-mail uses the new text", async ({ page }) => {
    let watch = watchErrors(page);
    await page.goto("/dashboard");
    await hydrated(page.getByTestId("sidebar-trigger"));
    await page.getByRole("navigation").getByRole("link", { name: "E-mail templates" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "E-mail templates" })).toBeVisible();
    await page.getByRole("link", { name: "Re: {{subject}}", exact: true }).click();
    await expect(page.getByTestId("template-variables")).toContainText("{{reply}}");

    const subject = page.getByLabel("Subject");
    const stamp = Date.now();
    // A variable the template does not offer is refused, with a message naming it.
    await subject.fill(`Our answer {{ticketNumber}}`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The variable {{ticketNumber}} cannot be used in this template.", { exact: false })).toBeVisible();
    // The refusal is a 400 answer, which the browser logs; nothing else may.
    watch.expectNone = () => expect(watch.errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
    watch.expectNone();
    watch = watchErrors(page);

    await subject.fill(`Our answer ${stamp}: {{subject}}`);
    await page.getByLabel("Heading").fill("Dear {{name}},");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("Preview of your changes (not saved)")).toBeVisible();
    await expect(page.getByTestId("preview-subject")).toHaveText(`Our answer ${stamp}: Question about tax filing`);
    await expect(page.getByTestId("preview-frame")).toHaveAttribute("srcdoc", /Dear Maria Lopez,/);
    await expect(page.getByTestId("preview-text")).toContainText("Dear Maria Lopez,", { useInnerText: false });

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Template saved. The next e-mails use it.")).toBeVisible();
    await expect(page.getByTestId("template-state")).toContainText("Edited text");

    // The next reply in English uses it.
    const email = `ann-${stamp}@example.com`;
    const messageSubject = `Question ${stamp}`;
    const id = insertContactMessage({ subject: messageSubject, locale: "en", email, name: "Claire Martin", message: "Pouvez-vous traduire mon diplôme ?" });
    await page.goto(`/dashboard/inbox/${id}`);
    await hydrated(page.getByRole("button", { name: "Send the reply" }));
    await page.getByLabel("Your reply").fill("Yes, we can.");
    await page.getByRole("button", { name: "Send the reply" }).click();
    await expect(page.getByText("Reply sent")).toBeVisible();
    await expect.poll(() => latestMailTo(dataDir(), email)?.subject, { intervals: [100] }).toBe(`Our answer ${stamp}: ${messageSubject}`);
    expect(latestMailTo(dataDir(), email)!.text).toContain("Dear Claire Martin,");

    // Back to the built-in text.
    await page.goto("/dashboard/templates/inbox.reply?language=en");
    await hydrated(page.getByRole("button", { name: "Reset to the built-in text" }));
    await page.getByRole("button", { name: "Reset to the built-in text" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset to the built-in text" }).click();
    await expect(page.getByText("The built-in text is used again.")).toBeVisible();
    await expect(page.getByTestId("template-state")).toHaveText("This language uses the built-in text.");
    watch.expectNone();
  });

  test("without JavaScript, a message is assigned, found by its assignee, marked spam and moved back", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
    const page = await context.newPage();
    const subject = `Assign ${Date.now()}`;
    const id = insertContactMessage({
      subject,
      locale: "en",
      email: `assign-${Date.now()}@example.com`,
      name: "Claire Martin",
      message: "Pouvez-vous traduire mon diplôme ?",
    });
    await page.goto(`/dashboard/inbox/${id}`);
    const assignee = page.getByLabel("Assigned to");
    const options = await assignee.locator("option").allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await assignee.selectOption({ index: 1 });
    await page.getByRole("button", { name: "Assign", exact: true }).click();
    // Back on the message (toasts need JavaScript), its select shows the assignee.
    await expect(page.getByLabel("Assigned to")).toHaveValue(/.+/);
    const assigneeId = await page.getByLabel("Assigned to").inputValue();

    await page.goto(`/dashboard/inbox?assignee=${assigneeId}`);
    await expect(page.getByRole("link", { name: subject })).toBeVisible();
    await page.goto("/dashboard/inbox?assignee=none");
    await expect(page.getByRole("link", { name: subject })).toHaveCount(0);

    await page.goto(`/dashboard/inbox/${id}`);
    await page.getByRole("button", { name: "Mark as spam" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    expect(contactMessageStatus(id)).toBe("spam");
    await page.goto(`/dashboard/inbox/${id}`);
    await page.getByRole("button", { name: "Move back to the inbox" }).click();
    await expect(page.getByTestId("message-status")).toHaveText("New");
    expect(contactMessageStatus(id)).toBe("new");
    await context.close();
  });
});
