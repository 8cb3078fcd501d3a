import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createClient, DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";
import { createOrderFor } from "./orders-helpers";
import { createTranslationFileRow } from "./translation-helpers";

/**
 * With JavaScript, after a successful action every form of a record's page comes back to the
 * record's new defaults: the status select offers the new default next status and the note is
 * empty, so pressing again cannot repeat the previous change with its old note.
 */

function insert(sql: string, ...values: unknown[]): void {
  const db = openTestDatabase();
  try {
    db.prepare(sql).run(...values);
  } finally {
    db.close();
  }
}

async function press(page: Page, form: string, name: string): Promise<void> {
  const button = page.locator(form).getByRole("button", { name });
  await hydrated(button);
  await button.click();
}

test.describe("after a successful action the page's forms show the record's new defaults", () => {
  test.beforeEach(async ({ context }) => {
    await signIn(context, DEMO.admin);
  });

  test("an order's status: the next default status, an empty note, and a second press moves on instead of repeating", async ({ page }) => {
    const errors = watchErrors(page);
    const order = createOrderFor(createClient().id);
    await page.goto(`/dashboard/service-orders/${order.id}`);
    const select = page.getByLabel("New status");
    const note = page.getByLabel("Note to the client (optional)");
    await select.selectOption("in_review");
    await note.fill("We are checking your documents.");
    await page.getByLabel("New note").fill("Called the client.");
    await press(page, "form#order-status", "Change status");

    await expect(select.locator("option")).toHaveText(["In progress", "Waiting for client", "Cancelled"]);
    await expect(select).toHaveValue("in_progress");
    await expect(note).toHaveValue("");
    await expect(page.getByLabel("New note")).toHaveValue("");

    await press(page, "form#order-status", "Change status");
    await expect(select.locator("option")).toHaveText(["Waiting for client", "Completed", "Cancelled"]);
    await expect(select).toHaveValue("waiting_for_client");
    await expect(page.getByText("We are checking your documents.")).toHaveCount(1);
    errors.expectNone();
  });

  test("an appointment's status: back to “Choose…” with an empty note; a second press is refused, not repeated", async ({ page }) => {
    const errors = watchErrors(page);
    const client = createClient();
    const id = randomUUID();
    const startsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
    insert(
      "insert into appointments (id, reference, client_id, service_id, starts_at, ends_at, status) values (?, ?, ?, (select id from services where key = 'notary'), ?, ?, 'requested')",
      id,
      `AP-${randomUUID().slice(0, 8).toUpperCase()}`,
      client.id,
      startsAt,
      endsAt,
    );
    await page.goto(`/dashboard/appointments/${id}`);
    const select = page.getByLabel("New status");
    const note = page.locator("form#appointment-status textarea[name=note]");
    await select.selectOption("confirmed");
    await note.fill("See you at the office");
    await press(page, "form#appointment-status", "Change status");

    await expect(select.locator("option")).toHaveText(["Choose…", "Completed"]);
    await expect(select).toHaveValue("");
    await expect(note).toHaveValue("");

    await press(page, "form#appointment-status", "Change status");
    await expect(page.locator("form#appointment-status [role=alert]").first()).toBeVisible();
    await expect(page.getByText("See you at the office")).toHaveCount(1);
    errors.expectNone();
  });

  test("a desk file's status: the next default status and an empty note", async ({ page }) => {
    const errors = watchErrors(page);
    const id = createTranslationFileRow();
    await page.goto(`/dashboard/translations/${id}`);
    const select = page.getByLabel("New status");
    const note = page.getByLabel("Status notes (optional)");
    await select.selectOption("processing");
    await note.fill("Started by Sam.");
    await press(page, "form:has(input[name=intent][value=status])", "Save status");

    await expect(select.locator("option")).toHaveText(["Completed", "Failed", "Pending"]);
    await expect(select).toHaveValue("completed");
    await expect(note).toHaveValue("");
    errors.expectNone();
  });

  test("a task: moved with a button, its edit form shows the new status; a comment's box is emptied", async ({ page }) => {
    const errors = watchErrors(page);
    const id = randomUUID();
    insert("insert into tasks (id, title, description, due_date) values (?, 'Form reset: a task', 'Check the forms.', '2030-01-15')", id);
    await page.goto(`/dashboard/tasks/${id}`);
    const status = page.locator("form#task-edit select[name=status]");
    await expect(status).toHaveValue("todo");
    const move = page.getByRole("button", { name: "Move to Done" });
    await hydrated(move);
    await move.click();
    await expect(page.getByRole("button", { name: "Move to To do" })).toBeVisible();
    await expect(status).toHaveValue("done");

    await page.getByLabel("New comment").fill("Checked twice.");
    await press(page, "form#task-comment", "Add comment");
    await expect(page.getByTestId("task-comments")).toContainText("Checked twice.");
    await expect(page.getByLabel("New comment")).toHaveValue("");
    errors.expectNone();
  });

  test("an invoice: after a payment the amount offered is the new balance and the reference is empty", async ({ page }) => {
    const errors = watchErrors(page);
    const client = createClient();
    const id = randomUUID();
    const sequence = 1000 + Math.floor(Math.random() * 8_999_000);
    const now = new Date().toISOString();
    insert(
      "insert into invoices (id, number, year, sequence, client_id, bill_to_name, bill_to_email, status, currency, subtotal_cents, discount_cents, tax_cents, total_cents, issued_at, created_at, updated_at) values (?, ?, 1998, ?, ?, 'Test Client', ?, 'open', 'USD', 15000, 0, 0, 15000, ?, ?, ?)",
      id,
      `1998-${sequence}`,
      sequence,
      client.id,
      client.email,
      now,
      now,
      now,
    );
    insert(
      "insert into billing_lines (id, invoice_id, position, kind, description, quantity, unit_cents, amount_cents) values (?, ?, 0, 'item', 'Certified translation', 1, 15000, 15000)",
      randomUUID(),
      id,
    );
    await page.goto(`/dashboard/invoices/${id}`);
    const form = page.getByTestId("record-payment");
    const amount = form.getByLabel("Amount (USD)");
    await expect(amount).toHaveValue("150.00");
    await amount.fill("50");
    await form.getByLabel("Reference").fill("CHK-1001");
    await press(page, "form#record-payment", "Record payment");

    await expect(page.getByTestId("payments")).toContainText("CHK-1001");
    await expect(amount).toHaveValue("100.00");
    await expect(form.getByLabel("Reference")).toHaveValue("");
    errors.expectNone();
  });
});
