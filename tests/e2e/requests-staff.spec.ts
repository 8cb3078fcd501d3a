import { randomUUID } from "node:crypto";
import { createClient, DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";
import { createOrderFor } from "./orders-helpers";

/**
 * The staff's side of client requests: a list sent from a template on an order's page (with
 * JavaScript the template fills the form at once), and the review of a submitted list in
 * Arabic (a return needs a note; accepting every required item completes the list).
 */

/** A list the client has answered and submitted: a document uploaded, a question answered, an optional confirmation left to do. */
function submittedListFor(clientId: string, orderId: string, title: string): { id: string } {
  const db = openTestDatabase();
  try {
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare(
      `insert into request_lists (id, client_id, service_order_id, title, message, due_date, status, reminders_enabled, reminder_offsets, created_at, updated_at, submitted_at)
       values (?, ?, ?, ?, '', '2099-01-31', 'submitted', 1, ?, ?, ?, ?)`,
    ).run(id, clientId, orderId, title, JSON.stringify({ before: [-3, 0], overdueEvery: 7, max: 5 }), now, now, now);
    const item = db.prepare(
      `insert into request_items (id, list_id, position, kind, answer_type, label, required, state, answer, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    item.run(randomUUID(), id, 1, "document", null, "Passport identity page", 1, "uploaded", null, now);
    item.run(randomUUID(), id, 2, "question", "short_text", "Name as in the passport", 1, "answered", "Rana Haddad", now);
    item.run(randomUUID(), id, 3, "confirmation", null, "The documents are complete", 0, "todo", null, now);
    return { id };
  } finally {
    db.close();
  }
}

test("staff send a request from a template on an order's page, and see it on the order and in the list", async ({ page, context }) => {
  test.slow();
  const client = createClient({ fullName: `Request Client ${randomUUID().slice(0, 4)}` });
  const order = createOrderFor(client.id, { serviceKey: "translation" });
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);

  await page.goto(`/dashboard/service-orders/${order.id}`);
  const section = page.getByTestId("requests-section");
  await expect(section).toContainText("No requests yet.");
  await hydrated(section.getByRole("link", { name: "Send a request" }));
  await section.getByRole("link", { name: "Send a request" }).click();
  await expect(page).toHaveURL(`/dashboard/requests/new?orderId=${order.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Send a request");

  // With JavaScript, choosing the template fills the title, the message and the items at once.
  const chooser = page.getByLabel("Template", { exact: true });
  await hydrated(chooser);
  await expect(page.getByRole("button", { name: "Use template" })).toHaveCount(0);
  await chooser.selectOption({ label: "Translation: originals and names (English)" });
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Translation: originals and names");
  await expect(page.getByTestId("item-row")).toHaveCount(6);
  await expect(page.getByTestId("item-row").first().getByLabel("What you ask for")).toHaveValue("Original documents");

  // One more item, a question, moved to the top.
  await page.getByTestId("add-item").click();
  await expect(page.getByTestId("item-row")).toHaveCount(7);
  const added = page.getByTestId("item-row").last();
  await added.getByLabel("What it asks for").selectOption("question");
  await added.getByLabel("Type of answer").selectOption("date");
  await added.getByLabel("What you ask for").fill("Date of birth as in the passport");
  await added.getByRole("button", { name: "Move item 7 up" }).click();
  await expect(page.getByTestId("item-row").nth(5).getByLabel("What you ask for")).toHaveValue("Date of birth as in the passport");

  await page.getByLabel("Due date", { exact: true }).fill("2099-03-01");
  await page.getByTestId("send-request").click();
  await expect(page).toHaveURL(/\/dashboard\/requests\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Translation: originals and names");
  await expect(page.getByTestId("request-item")).toHaveCount(7);
  await expect(page.getByTestId("request-item").nth(5)).toContainText("Date of birth as in the passport");
  await expect(page.getByTestId("history")).toContainText("Request sent");

  // The order's page and the list of requests show it.
  await page.goto(`/dashboard/service-orders/${order.id}`);
  await expect(section.getByRole("link", { name: "Translation: originals and names" })).toBeVisible();
  await expect(section).toContainText("0 of 7");
  await page.goto(`/dashboard/requests?clientId=${client.id}`);
  await expect(page.getByTestId("requests-table")).toContainText("Translation: originals and names");
  await expect(page.getByTestId("requests-table")).toContainText(order.reference);
  errors.expectNone();
});

test("staff return an item with a note and accept the others in Arabic; the list completes", async ({ page, context }) => {
  const client = createClient();
  const order = createOrderFor(client.id, { serviceKey: "translation" });
  const title = `Passport names ${randomUUID().slice(0, 6)}`;
  const list = submittedListFor(client.id, order.id, title);
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);

  await page.goto(`/dashboard/requests/${list.id}?lng=ar`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("بانتظار المراجعة").first()).toBeVisible();
  const name = page.getByTestId("request-item").filter({ hasText: "Name as in the passport" });
  await expect(name.getByTestId("item-answer")).toHaveText("Rana Haddad");

  // A return without a note is refused in place.
  const returnButton = name.getByRole("button", { name: "إرجاع" });
  await hydrated(returnButton);
  await returnButton.click();
  await expect(name.getByRole("alert")).toHaveText("اكتب ملاحظة توضح المطلوب.");
  await name.getByLabel("ملاحظة إلى العميل").fill("Add your middle name, as in the passport.");
  await returnButton.click();
  await expect(name).toHaveAttribute("data-item-state", "returned");
  await expect(name).toContainText("Add your middle name, as in the passport.");
  await expect(page.getByText("مفتوح").first()).toBeVisible();

  // The client answers again (as the client's page would) and staff accept both required items.
  const db = openTestDatabase();
  try {
    db.prepare("update request_items set state = 'answered', answer = 'Rana M. Haddad' where list_id = ? and position = 2").run(list.id);
  } finally {
    db.close();
  }
  await page.reload();
  const passport = page.getByTestId("request-item").filter({ hasText: "Passport identity page" });
  await hydrated(passport.getByRole("button", { name: "قبول" }));
  await passport.getByRole("button", { name: "قبول" }).click();
  await expect(passport).toHaveAttribute("data-item-state", "accepted");
  await name.getByRole("button", { name: "قبول" }).click();
  await expect(page.getByTestId("complete-note")).toBeVisible();
  await expect(page.getByTestId("history")).toContainText("اكتمل الطلب");
  await expect(page.getByTestId("cancel-request")).toHaveCount(0);

  // The list of requests in Arabic no longer shows it among the open ones.
  await page.goto(`/dashboard/requests?clientId=${client.id}&lng=ar`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("طلبات العملاء");
  await expect(page.getByTestId("requests-table")).not.toContainText(title);
  errors.expectNone();
});

test("without JavaScript, a template is used with its button, an item is added by posting the form, and the list is sent", async ({ browser }) => {
  const client = createClient({ fullName: `No Script ${randomUUID().slice(0, 4)}` });
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signIn(context, DEMO.admin);
  const page = await context.newPage();
  const errors = watchErrors(page);

  await page.goto(`/dashboard/requests/new?clientId=${client.id}`);
  await page.getByLabel("Template", { exact: true }).selectOption({ label: "Tax return: documents and questions (English)" });
  await page.getByRole("button", { name: "Use template" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Tax return: documents and questions");
  await expect(page.getByTestId("item-row")).toHaveCount(7);

  await page.getByTestId("add-item").click();
  await expect(page.getByTestId("item-row")).toHaveCount(8);
  await page.getByTestId("item-row").last().getByLabel("What you ask for").fill("Childcare receipts");
  await page.getByTestId("item-row").first().getByRole("button", { name: "Remove item 1" }).click();
  await expect(page.getByTestId("item-row")).toHaveCount(7);
  await expect(page.getByTestId("item-row").first().getByLabel("What you ask for")).toHaveValue("1099 forms");

  await page.getByTestId("send-request").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tax return: documents and questions");
  await expect(page.getByTestId("request-item")).toHaveCount(7);
  await expect(page.getByTestId("request-item").last()).toContainText("Childcare receipts");
  errors.expectNone();
  await context.close();
});
