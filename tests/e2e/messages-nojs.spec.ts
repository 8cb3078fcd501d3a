import { randomUUID } from "node:crypto";
import { textPdf } from "../support/documents";
import { latestMailTo } from "../support/mail";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, signIn, test } from "./fixtures";
import { runDigestsNow, threadIdOf } from "./messages-helpers";

/**
 * The same exchange without JavaScript: every form is a plain POST (the attachment a plain multipart form),
 * the pages show the new state after their redirect or a reload. The client's e-mail says there is a new
 * message and links to it, never its text nor the internal note.
 */
test.use({ javaScriptEnabled: false });

test("without JavaScript: a client writes with an attachment, staff add an internal note, reply and close; the e-mail carries no text", async ({ browser }) => {
  test.slow();
  const stamp = randomUUID().slice(0, 8);
  const client = createClient({ fullName: `Paul Plain ${stamp}` });

  const clientContext = await browser.newContext({ javaScriptEnabled: false });
  await acceptCookies(clientContext);
  await signIn(clientContext, client.email);
  const clientPage = await clientContext.newPage();

  await clientPage.goto("/client/messages");
  await expect(clientPage.getByText("No conversations yet.", { exact: false })).toBeVisible();
  await clientPage.getByRole("link", { name: "New message" }).click();
  await expect(clientPage.getByRole("heading", { level: 1 })).toHaveText("New message to the firm");
  // Nothing written and no file: refused with a message, nothing made.
  await clientPage.getByRole("button", { name: "Send" }).click();
  await expect(clientPage.getByText("Write a message or attach a file.")).toBeVisible();
  const question = `My tax form is attached (${stamp}).`;
  await clientPage.getByLabel("Your message", { exact: true }).fill(question);
  await clientPage
    .getByLabel("Attach files (up to 10)")
    .setInputFiles([{ name: `w2-${stamp}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(await textPdf([["W-2"]])) }]);
  await clientPage.getByRole("button", { name: "Send" }).click();
  await expect(clientPage).toHaveURL(/\/client\/messages\/(?!new)[^/?]+$/);
  const threadId = threadIdOf(clientPage.url());
  await expect(clientPage.getByTestId("message-body")).toHaveText(question);
  await expect(clientPage.getByRole("link", { name: `w2-${stamp}.pdf` })).toBeVisible();
  // Within five minutes the client may correct their message (a <details> form, no JavaScript needed).
  await clientPage.getByText("Edit", { exact: true }).click();
  const corrected = `My W-2 form is attached (${stamp}).`;
  await clientPage.getByLabel("Edit your message").fill(corrected);
  await clientPage.getByRole("button", { name: "Save changes" }).click();
  await expect(clientPage.getByTestId("message-body")).toHaveText(corrected);
  await expect(clientPage.getByTestId("message")).toContainText("edited");

  const staffContext = await browser.newContext({ javaScriptEnabled: false });
  await acceptCookies(staffContext);
  await signIn(staffContext, DEMO.admin);
  const staffPage = await staffContext.newPage();
  await staffPage.goto(`/dashboard/messages?q=${encodeURIComponent(client.email)}`);
  const row = staffPage.getByTestId(`thread-${threadId}`);
  await expect(row.getByTestId("thread-unread")).toHaveText("Unread");
  await row.getByRole("link", { name: "General" }).click();
  await expect(staffPage.getByTestId("message-body")).toHaveText(`My W-2 form is attached (${stamp}).`);
  // Without JavaScript reading is a button.
  await staffPage.getByRole("button", { name: "Mark as read" }).click();
  await expect(staffPage.getByRole("button", { name: "Mark as read" })).toHaveCount(0);

  const note = `Note for the team only (${stamp}).`;
  await staffPage.getByRole("checkbox", { name: /Internal note/ }).check();
  await staffPage.getByLabel("Your reply", { exact: true }).fill(note);
  await staffPage.getByRole("button", { name: "Send" }).click();
  await expect(staffPage.getByTestId("internal-note")).toContainText(note);
  const reply = `We received your W-2 and will prepare the return (${stamp}).`;
  await staffPage.getByLabel("Your reply", { exact: true }).fill(reply);
  await staffPage.getByRole("button", { name: "Send" }).click();
  await expect(staffPage.getByTestId("message").filter({ hasText: reply })).toHaveAttribute("data-side", "firm");
  await staffPage.getByRole("button", { name: "Close conversation" }).click();
  await expect(staffPage.getByTestId("thread-state")).toHaveText("Closed");

  // The client's e-mail (brought forward from its ten minutes): a link to the thread, no text of any message.
  await expect.poll(() => runDigestsNow(threadId), { intervals: [200] }).toBeGreaterThan(0);
  await expect
    .poll(() => latestMailTo(process.env.E2E_DATA_DIR!, client.email)?.text ?? "", { intervals: [250], timeout: 20_000 })
    .toContain(`/client/messages/${threadId}`);
  const mail = latestMailTo(process.env.E2E_DATA_DIR!, client.email)!;
  for (const secret of [reply, note, question, "W-2 form", "team only"]) {
    expect(mail.text).not.toContain(secret);
    expect(mail.subject).not.toContain(secret);
  }

  // The client reloads: the reply, never the note; the conversation closed, and writing reopens it.
  await clientPage.reload();
  await expect(clientPage.getByTestId("message").filter({ hasText: reply })).toBeVisible();
  await expect(clientPage.getByText(note)).toHaveCount(0);
  await expect(clientPage.getByTestId("thread-state")).toHaveText("Closed");
  await expect(clientPage.getByText("This conversation is closed. Writing again reopens it.")).toBeVisible();
  await clientPage.getByLabel("Your message", { exact: true }).fill(`Thanks! (${stamp})`);
  await clientPage.getByRole("button", { name: "Send" }).click();
  await expect(clientPage.getByTestId("thread-state")).toHaveText("Open");

  // Someone else's thread is "not found" for another client.
  const other = createClient();
  const otherContext = await browser.newContext({ javaScriptEnabled: false });
  await signIn(otherContext, other.email);
  const otherPage = await otherContext.newPage();
  const response = await otherPage.goto(`/client/messages/${threadId}`);
  expect(response?.status()).toBe(404);

  await clientContext.close();
  await staffContext.close();
  await otherContext.close();
});
