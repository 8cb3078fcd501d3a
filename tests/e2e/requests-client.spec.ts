import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { createClient, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";
import { createOrderFor, PDF } from "./orders-helpers";

/**
 * The client's side of requests: the to-do list on /client, and answering a request list item by
 * item (a question, two documents on one item, "I don't have this"), then submitting it; with
 * JavaScript (fetchers, no full reload, nothing typed elsewhere lost) and without.
 */
const ITEMS = [
  { kind: "document", label: "W-2 from every employer", required: true },
  { kind: "document", label: "1099 forms", required: true },
  { kind: "question", answerType: "short_text", label: "Full name as in the passport", required: true },
  { kind: "question", answerType: "yes_no", label: "Did you move this year?", required: false },
];

/** An open request list for the client, on one of their orders, as staff send it (the rows the requests area writes). */
function createRequestListFor(clientId: string, orderId: string, title: string): { id: string; items: string[] } {
  const db = openTestDatabase();
  try {
    const id = randomUUID();
    const now = new Date().toISOString();
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    db.prepare(
      "insert into request_lists (id, client_id, service_order_id, title, message, due_date, status, reminders_enabled, reminder_offsets, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 'open', 1, ?, ?, ?)",
    ).run(id, clientId, orderId, title, "Please send these by the due date.", due, JSON.stringify({ before: [-3, 0], overdueEvery: 7, max: 5 }), now, now);
    const items = ITEMS.map((item, index) => {
      const itemId = randomUUID();
      db.prepare(
        "insert into request_items (id, list_id, position, kind, answer_type, label, required, state, updated_at) values (?, ?, ?, ?, ?, ?, ?, 'todo', ?)",
      ).run(itemId, id, index + 1, item.kind, item.answerType ?? null, item.label, item.required ? 1 : 0, now);
      return itemId;
    });
    return { id, items };
  } finally {
    db.close();
  }
}

function listStatusOf(listId: string): string {
  const db = openTestDatabase();
  try {
    return (db.prepare("select status from request_lists where id = ?").get(listId) as { status: string }).status;
  } finally {
    db.close();
  }
}

const itemCard = (page: Page, itemId: string): Locator => page.locator(`[data-testid="request-item"][data-item-id="${itemId}"]`);
const submitButton = (form: Locator) => form.locator('button[type="submit"]');

async function answerList(page: Page, listId: string, items: string[], javaScript: boolean) {
  const [w2, forms1099, name] = items.map((id) => itemCard(page, id));
  if (javaScript) await hydrated(submitButton(name!.getByTestId("answer-form")));

  // Typed but not saved yet: it must survive the other items' saves (with JavaScript, nothing reloads).
  const nameInput = name!.getByTestId("answer-form").locator('input[name="answer"]');
  await nameInput.fill("María López");
  if (javaScript) {
    // Two documents on one item, with the progress bar's upload.
    await w2!.locator('input[type="file"]').setInputFiles([
      { name: "w2-acme.pdf", mimeType: "application/pdf", buffer: PDF },
      { name: "w2-globex.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    await submitButton(w2!.getByTestId("upload-form")).click();
    await expect(w2!.getByTestId("item-state")).toHaveAttribute("data-state", "uploaded");
    await expect(w2!.getByTestId("item-files").locator("li")).toHaveCount(2);
    await expect(nameInput).toHaveValue("María López");
    await submitButton(name!.getByTestId("answer-form")).click();
  } else {
    await submitButton(name!.getByTestId("answer-form")).click();
    await expect(name!.getByTestId("item-state")).toHaveAttribute("data-state", "answered");
    await w2!.locator('input[type="file"]').setInputFiles([
      { name: "w2-acme.pdf", mimeType: "application/pdf", buffer: PDF },
      { name: "w2-globex.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    await submitButton(w2!.getByTestId("upload-form")).click();
    await expect(w2!.getByTestId("item-state")).toHaveAttribute("data-state", "uploaded");
    await expect(w2!.getByTestId("item-files").locator("li")).toHaveCount(2);
  }
  await expect(name!.getByTestId("item-state")).toHaveAttribute("data-state", "answered");
  await expect(name!.getByTestId("given-answer")).toContainText("María López");

  // "I don't have this": a reason is required.
  const notApplicable = forms1099!.getByTestId("not-applicable");
  await notApplicable.locator("summary").click();
  await submitButton(notApplicable).click();
  await expect(notApplicable.getByRole("alert")).toBeVisible();
  await notApplicable.locator("textarea").fill("I had no 1099 income this year.");
  await submitButton(notApplicable).click();
  await expect(forms1099!.getByTestId("item-state")).toHaveAttribute("data-state", "not_applicable");
  await expect(forms1099!.getByTestId("not-applicable-reason")).toContainText("I had no 1099 income this year.");

  // Everything required is done: submit.
  const submit = submitButton(page.getByTestId("submit-card"));
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId("list-status")).toHaveAttribute("data-status", "submitted");
  await expect(page.getByTestId("submit-card")).toHaveCount(0);
  expect(listStatusOf(listId)).toBe("submitted");
}

for (const language of ["en", "ar"] as const) {
  test(`a client finds the request on the to-do list and answers it (${language})`, async ({ page, context }) => {
    const client = createClient();
    const order = createOrderFor(client.id);
    const list = createRequestListFor(client.id, order.id, language === "ar" ? "مستندات الإقرار الضريبي" : "Tax return documents");
    await signIn(context, client.email);
    const errors = watchErrors(page);

    await page.goto(`/client?lng=${language}`);
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    const todo = page.getByTestId("todo-list");
    await expect(todo.getByTestId("todo-request")).toHaveCount(ITEMS.length);
    await expect(todo.getByTestId("todo-request").first()).toContainText(order.reference);
    const first = todo.getByTestId("todo-request").first().getByRole("link");
    await hydrated(first);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/client/requests/${list.id}#item-${list.items[0]}$`));

    await answerList(page, list.id, list.items, true);

    // Nothing is left on the to-do list; the order's page links to the request.
    await page.goto("/client");
    await expect(page.getByTestId("todo-empty")).toBeVisible();
    await page.goto(`/client/service-orders/${order.id}`);
    await expect(page.getByTestId("order-requests").getByRole("link")).toHaveAttribute("href", `/client/requests/${list.id}`);
    errors.expectNone();
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the client answers, uploads two documents, says what they don't have and submits", async ({ page, context }) => {
    const client = createClient();
    const order = createOrderFor(client.id);
    const list = createRequestListFor(client.id, order.id, "Immigration evidence");
    await signIn(context, client.email);
    await page.goto("/client/requests");
    await page.getByRole("link", { name: "Immigration evidence" }).click();
    await expect(page).toHaveURL(`/client/requests/${list.id}`);
    await answerList(page, list.id, list.items, false);
  });
});
