import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";
import { createOrderFor } from "./orders-helpers";

/** One failed sign-in in the audit log, by a person only this test knows. */
function seedFailedSignIn(actorId: string): void {
  const db = openTestDatabase();
  try {
    db.prepare(
      "insert into audit_log (id, actor_id, action, target_type, target_id, ip, meta, outcome, created_at) values (?, ?, 'auth.login_failed', 'user', ?, '203.0.113.9', '{}', 'failure', ?)",
    ).run(randomUUID(), actorId, actorId, new Date().toISOString());
  } finally {
    db.close();
  }
}

test("staff export a client as a ZIP and delete them, told before and after what is kept", async ({ page, context }) => {
  test.setTimeout(60_000);
  const client = createClient({ fullName: "Rania Export" });
  const kept = createOrderFor(client.id, { serviceKey: "tax_efiling", details: "2025 federal return" });
  createOrderFor(client.id, { serviceKey: "translation" });
  await acceptCookies(context);
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);
  await page.goto(`/dashboard/clients/${client.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rania Export");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export data (ZIP)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^client-.+\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const data = JSON.parse(strFromU8(files["client.json"]!)) as { client: { email: string }; serviceOrders: Array<{ reference: string }> };
  expect(data.client.email).toBe(client.email);
  expect(data.serviceOrders.map((order) => order.reference)).toContain(kept.reference);

  // Before the confirmation: what stays (the tax return) and what goes.
  const plan = page.getByTestId("retention-plan");
  await expect(plan.getByText(`Tax-return order ${kept.reference}`)).toBeVisible();
  await expect(plan.getByText("1 service order", { exact: true })).toBeVisible();
  const trigger = page.getByRole("button", { name: "Delete the account" });
  await hydrated(trigger);
  await trigger.click();
  const dialog = page.getByRole("alertdialog", { name: "Delete the account of Rania Export?" });
  await expect(dialog).toContainText("1 tax-return orders are kept anonymised");
  await dialog.getByRole("button", { name: "Delete the account" }).click();

  // After: the anonymised account and what was kept.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Anonymised client /, { timeout: 20_000 });
  await expect(page.getByText("Client deleted. Records deleted: 1; kept anonymised: 1.")).toBeVisible();
  await expect(page.getByText(/^Deleted on /)).toBeVisible();
  await expect(page.getByText(`Tax-return order ${kept.reference}`)).toBeVisible();
  await expect(page.getByText("Deleted (anonymised)")).toBeVisible();
  errors.expectNone();
});

test("the owner filters the audit log and downloads it as CSV; the page reads right to left in Arabic", async ({ page, context }) => {
  test.setTimeout(60_000);
  const marker = `Zora ${randomUUID().slice(0, 6)}`;
  const person = createClient({ fullName: marker });
  seedFailedSignIn(person.id);
  await acceptCookies(context);
  await signIn(context, DEMO.owner);
  const errors = watchErrors(page);
  await page.goto("/dashboard");
  const menuItem = page.getByRole("link", { name: "Audit log" });
  await hydrated(menuItem);
  await menuItem.click();
  // A client-side navigation; the shared CI machine can take a while.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log", { timeout: 20_000 });

  await page.getByLabel("Who").fill(marker);
  await page.getByLabel("Outcome").selectOption("failure");
  // Actions are grouped by family; each family can be chosen whole.
  const action = page.getByLabel("Action", { exact: true });
  await expect(action.locator('optgroup[label="Invoices and payments"] option')).toContainText(["All: Invoices and payments", "Payment recorded"]);
  await action.selectOption({ label: "All: Sign-in and account" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/outcome=failure/, { timeout: 20_000 });
  await expect(page).toHaveURL(/action=auth\.\*/);
  const rows = page.getByTestId("audit-log").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(marker);
  await expect(rows.first()).toContainText("Sign-in failed");
  await expect(rows.first()).toContainText("203.0.113.9");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = fs
    .readFileSync(await (await downloading).path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`${marker},${person.email},203.0.113.9,auth.login_failed`);

  await page.goto(`${page.url()}&lng=ar`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("سجل التدقيق");
  await expect(page.getByTestId("audit-log").locator("tbody tr").first()).toContainText("إخفاق تسجيل الدخول");
  errors.expectNone();
});
