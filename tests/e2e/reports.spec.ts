import { expectNoViolations } from "./axe";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, hydrated, signIn, test, watchErrors } from "./fixtures";
import { createOrderFor, createReportFor, PDF, readAtOf } from "./orders-helpers";

test("a client reads a report, which marks it read, and gives feedback @mobile", async ({ page, context }) => {
  const client = createClient();
  const reportId = createReportFor(
    client.id,
    "Your 2025 return is filed",
    "# Filed\n\nWe filed your **federal** return.\n\n- Refund: $1,240\n- <script>alert(1)</script>",
  );
  await signIn(context, client.email);
  const errors = watchErrors(page);

  await page.goto("/client/reports");
  const row = page.getByRole("listitem").filter({ hasText: "Your 2025 return is filed" });
  await expect(row.getByText("Unread")).toBeVisible();
  await row.getByRole("link", { name: "Your 2025 return is filed" }).click();
  await expect(page).toHaveURL(`/client/reports/${reportId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your 2025 return is filed");
  // The report's own "# Filed" is a level-2 heading: the page keeps one <h1>.
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "Filed" })).toBeVisible();
  await expect(page.locator("strong", { hasText: "federal" })).toBeVisible();
  await expect(page.locator("script", { hasText: "alert(1)" })).toHaveCount(0);
  // Opening the page posts the read marker (GET changes nothing).
  await expect.poll(() => readAtOf(reportId), { intervals: [100] }).not.toBeNull();
  await expect(page.getByRole("button", { name: "Mark as read" })).toHaveCount(0);

  await page.getByText("4 / 5").click();
  await page.getByLabel("Comment (optional)").fill("Clear and quick, thank you.");
  await page.getByRole("button", { name: "Send my feedback" }).click();
  await expect(page.getByText("Your rating:")).toBeVisible();
  await expect(page.getByText("4 out of 5")).toBeVisible();

  await page.goto("/client/reports");
  await expect(page.getByRole("listitem").filter({ hasText: "Your 2025 return is filed" }).getByText("Read", { exact: true })).toBeVisible();
  errors.expectNone();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("opening a report leaves it unread until the client marks it read", async ({ page, context }) => {
    const client = createClient();
    const reportId = createReportFor(client.id, "Quarterly bookkeeping", "All accounts reconciled.");
    await signIn(context, client.email);
    await page.goto(`/client/reports/${reportId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quarterly bookkeeping");
    expect(readAtOf(reportId)).toBeNull();
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect(page.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
    expect(readAtOf(reportId)).not.toBeNull();
  });

  test("an admin deletes a report after confirming in the page", async ({ page, context }) => {
    const client = createClient();
    const reportId = createReportFor(client.id, "A report to delete without JavaScript", "Text.");
    await signIn(context, DEMO.admin);
    await page.goto(`/dashboard/reports/${reportId}`);
    await expect(page.getByRole("button", { name: "Delete", exact: true })).toBeHidden();
    await page.getByText("Delete this report", { exact: true }).click();
    await expect(page.getByText("Delete this report?")).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/reports$/);
    expect((await page.request.get(`/dashboard/reports/${reportId}`)).status()).toBe(404);
  });
});

test("an admin writes a report with an attachment and sees the client's read state", async ({ page, context }) => {
  const client = createClient({ fullName: "Report Reader" });
  await signIn(context, DEMO.admin);
  await page.goto(`/dashboard/reports/new?q=${encodeURIComponent(client.email)}`);
  await page.getByLabel("Client", { exact: true }).selectOption(client.id);
  await page.getByRole("button", { name: "Continue with this client" }).click();
  await page.getByLabel("Title").fill("Bookkeeping for March");
  await page.getByLabel("Report", { exact: true }).fill("## Summary\n\nAll accounts **reconciled**.");
  await page.getByLabel("Attachments").setInputFiles({ name: "march.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 3, name: "Summary" })).toBeVisible();
  await expect(page.getByText("march.pdf", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("No feedback yet").first()).toBeVisible();

  await page.goto(`/dashboard/reports?q=${encodeURIComponent("Bookkeeping for March")}`);
  await expect(page.getByRole("row").filter({ hasText: "Report Reader" }).getByText("Unread")).toBeVisible();
});

test("an admin deletes a report after confirming in a dialog", async ({ page, context }) => {
  const client = createClient();
  const reportId = createReportFor(client.id, "A report to delete", "Text.");
  await acceptCookies(context);
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);
  await page.goto(`/dashboard/reports/${reportId}`);
  const trigger = page.getByRole("button", { name: "Delete this report" });
  await hydrated(trigger);
  await trigger.click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this report?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);
  await expect(page.getByText("Report deleted.")).toBeVisible();
  expect((await page.request.get(`/dashboard/reports/${reportId}`)).status()).toBe(404);
  errors.expectNone();
});

test("a report's page passes axe: links inside text are underlined", async ({ page, context }) => {
  const client = createClient({ fullName: "Axe Reader" });
  const order = createOrderFor(client.id);
  const reportId = createReportFor(
    client.id,
    "Your translation is ready",
    "# Done\n\nRead our [guide](https://example.com/guide) before you file, then reply to this report.",
    order.id,
  );
  await acceptCookies(context);
  await signIn(context, DEMO.admin);
  await page.goto(`/dashboard/reports/${reportId}`);
  await hydrated(page.getByTestId("sidebar-trigger"));
  await expect(page.getByRole("link", { name: order.reference })).toBeVisible();
  await expectNoViolations(page);
});
