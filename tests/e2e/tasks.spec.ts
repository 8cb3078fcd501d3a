import { randomUUID } from "node:crypto";
import { createClient, DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";
import { createOrderFor } from "./orders-helpers";

/**
 * One journey: a staff member makes a task from an order's page (the link prefilled),
 * assigns it, and the assignee, signed in in another browser, is told live; the task is
 * moved on the board with the keyboard; the board reads right to left in Arabic.
 */
test("a task made from an order is assigned live, moved on the board with the keyboard, and shown in Arabic", async ({ browser }) => {
  test.slow();
  const client = createClient();
  const order = createOrderFor(client.id);
  const title = `Collect the originals ${randomUUID().slice(0, 6)}`;

  const ownerContext = await browser.newContext();
  await signIn(ownerContext, DEMO.owner);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto("/dashboard/notifications");
  await hydrated(ownerPage.getByTestId("notification-center"));

  const adminContext = await browser.newContext();
  await signIn(adminContext, DEMO.admin);
  const page = await adminContext.newPage();
  const errors = watchErrors(page);
  await page.goto(`/dashboard/service-orders/${order.id}`);
  await page.getByTestId("linked-tasks").getByRole("link", { name: "New task" }).click();
  await expect(page).toHaveURL(`/dashboard/tasks/new?orderId=${order.id}`);
  await expect(page.getByTestId("task-link")).toContainText(order.reference);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Ask the client to bring the signed originals.");
  await page.getByLabel("Assignee").selectOption({ label: "Nadia Haddad" });
  await page.getByLabel("Due date").fill("2030-01-15");
  await page.getByLabel("Priority").selectOption("high");
  await expect(page.getByLabel("Status")).toHaveValue("todo");
  await page.getByRole("button", { name: "Create task" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // The assignee's page, never reloaded, shows the notification.
  await expect(ownerPage.getByRole("heading", { name: `New task for you: ${title}` })).toBeVisible();

  // The order's page lists its task.
  await page.goto(`/dashboard/service-orders/${order.id}`);
  await expect(page.getByTestId("linked-tasks").getByRole("link", { name: title })).toBeVisible();

  // On the board, with the keyboard: focus the card's move button and press Enter.
  await page.goto("/dashboard/tasks/board");
  const card = page.locator(`[data-status="todo"] li[data-task="${title}"]`);
  await expect(card).toBeVisible();
  await hydrated(card);
  const move = card.getByRole("button", { name: `Move to In progress (${title})` });
  await move.focus();
  await expect(move).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator(`[data-status="in_progress"] li[data-task="${title}"]`)).toBeVisible();
  await expect(card).toHaveCount(0);
  errors.expectNone();

  // Arabic: the same board, right to left, with the card in its new column.
  await page.goto("/dashboard/tasks/board?lng=ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("لوحة المهام");
  const column = page.locator('[data-status="in_progress"]');
  await expect(column.getByRole("heading", { level: 2 })).toContainText("قيد التنفيذ");
  await expect(column.locator(`li[data-task="${title}"]`).getByRole("button", { name: /نقل إلى «منجزة»/ })).toBeVisible();
  await ownerContext.close();
  await adminContext.close();
});

test("cancelling a task on the board is a quiet move that asks first, from its button and from a drop on Cancelled", async ({ page, context }) => {
  const title = `Cancel me ${randomUUID().slice(0, 6)}`;
  const db = openTestDatabase();
  try {
    // Due long ago: the first card of its column.
    db.prepare("insert into tasks (id, title, due_date) values (?, ?, '1990-01-01')").run(randomUUID(), title);
  } finally {
    db.close();
  }
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);
  await page.goto("/dashboard/tasks/board");
  const card = page.locator(`[data-status="todo"] li[data-task="${title}"]`);
  await hydrated(card);
  await expect(card.getByRole("button", { name: `Move to Done (${title})` })).toBeVisible();
  const cancel = card.getByRole("button", { name: `Move to Cancelled (${title})` });
  await expect(cancel).toHaveAttribute("type", "button");
  await expect(cancel).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");

  // Dropped on Cancelled, as a hand drags (Chromium starts an HTML5 drag only after the pointer moves a little).
  await card.scrollIntoViewIfNeeded();
  const from = (await card.boundingBox())!;
  const y = from.y + from.height / 2;
  await page.mouse.move(from.x + from.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, y, { steps: 5 });
  const to = (await page.locator('[data-status="cancelled"]').boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, Math.max(y, to.y + Math.min(to.height / 2, 200)), { steps: 15 });
  await page.mouse.up();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: `Cancel the task “${title}”?` })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  await cancel.click();
  await dialog.getByRole("button", { name: "Cancel the task" }).click();
  await expect(page.locator(`[data-status="cancelled"] li[data-task="${title}"]`)).toBeVisible();
  await expect(card).toHaveCount(0);
  errors.expectNone();
});
