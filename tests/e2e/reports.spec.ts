import { createClient, DEMO, expect, signIn, test } from "./fixtures";
import { createReportFor, PDF } from "./orders-helpers";

test("a client reads a report, which marks it read, and gives feedback @mobile", async ({ page, context }) => {
  const client = createClient();
  const reportId = createReportFor(client.id, "Your 2025 return is filed", "We filed your **federal** return.\n\n- Refund: $1,240\n- <script>alert(1)</script>");
  await signIn(context, client.email);

  await page.goto("/client/reports");
  const row = page.getByRole("listitem").filter({ hasText: "Your 2025 return is filed" });
  await expect(row.getByText("Unread")).toBeVisible();
  await row.getByRole("link", { name: "Your 2025 return is filed" }).click();
  await expect(page).toHaveURL(`/client/reports/${reportId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your 2025 return is filed");
  await expect(page.locator("strong", { hasText: "federal" })).toBeVisible();
  await expect(page.locator("script", { hasText: "alert(1)" })).toHaveCount(0);

  await page.getByText("4 / 5").click();
  await page.getByLabel("Comment (optional)").fill("Clear and quick, thank you.");
  await page.getByRole("button", { name: "Send my feedback" }).click();
  await expect(page.getByText("Your rating:")).toBeVisible();
  await expect(page.getByText("4 out of 5")).toBeVisible();

  await page.goto("/client/reports");
  await expect(page.getByRole("listitem").filter({ hasText: "Your 2025 return is filed" }).getByText("Read", { exact: true })).toBeVisible();
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
  await expect(page.getByRole("heading", { level: 2, name: "Summary" })).toBeVisible();
  await expect(page.getByText("march.pdf", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("No feedback yet").first()).toBeVisible();

  await page.goto(`/dashboard/reports?q=${encodeURIComponent("Bookkeeping for March")}`);
  await expect(page.getByRole("row").filter({ hasText: "Report Reader" }).getByText("Unread")).toBeVisible();
});
