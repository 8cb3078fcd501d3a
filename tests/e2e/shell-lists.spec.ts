import { randomUUID } from "node:crypto";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";

/** The lists' filter forms (components/list-filters.tsx) and tables (components/ui/data-table.tsx). */

test.describe("list filters", () => {
  test("with JavaScript a choice applies at once: other parameters stay, the page starts again, Back leaves the list", async ({ page, context }) => {
    const errors = watchErrors(page);
    await acceptCookies(context);
    await signIn(context, DEMO.owner);
    await page.goto("/dashboard");
    await page.goto("/dashboard/appointments?page=2&keep=1");
    const filters = page.getByRole("form", { name: "Filter appointments" });
    const status = filters.getByLabel("Status");
    await hydrated(status);
    // Every field applies on change: the Apply button is not needed.
    await expect(filters.getByRole("button", { name: "Apply filters" })).toBeHidden();
    await status.selectOption({ label: "Cancelled" });
    await expect(page).toHaveURL(/[?&]status=cancelled(&|$)/);
    const params = new URL(page.url()).searchParams;
    expect(params.get("keep")).toBe("1");
    expect(params.has("page")).toBe(false);
    await expect(page.getByTestId("list-filters").locator("summary")).toHaveText("Filters (1)");
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    errors.expectNone();
  });

  test("a search field keeps its Apply button; a select beside it still applies at once", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.owner);
    await page.goto("/dashboard/service-orders");
    const filters = page.getByRole("form", { name: "Filters" });
    await hydrated(filters.getByLabel("Status"));
    await expect(filters.getByRole("button", { name: "Apply" })).toBeVisible();
    await filters.getByLabel("Search").fill("no such order anywhere");
    await expect(page).not.toHaveURL(/q=/);
    await filters.getByLabel("Status").selectOption({ index: 1 });
    await expect(page).toHaveURL(/q=no\+such\+order\+anywhere/);
  });

  test("without JavaScript the Apply button filters", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await acceptCookies(context);
    await signIn(context, DEMO.owner);
    const page = await context.newPage();
    await page.goto("/dashboard/appointments");
    const filters = page.getByRole("form", { name: "Filter appointments" });
    await filters.getByLabel("Status").selectOption({ label: "Cancelled" });
    await expect(page).not.toHaveURL(/status=/);
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    await context.close();
  });
});

test.describe("lists on a phone", () => {
  test("the filters fold under 'Filters (n)' and open without JavaScript @mobile-only", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await acceptCookies(context);
    await signIn(context, DEMO.owner);
    const page = await context.newPage();
    await page.goto("/dashboard/service-orders?status=in_progress&assignee=none");
    const summary = page.getByText("Filters (2)");
    await expect(summary).toBeVisible();
    const status = page.getByRole("form", { name: "Filters" }).getByLabel("Status");
    await expect(status).toBeHidden();
    // The first result is on the first screen.
    const firstRow = page.locator("tbody tr").first();
    expect((await firstRow.boundingBox())!.y).toBeLessThan(844);
    await summary.click();
    await expect(status).toBeVisible();
    await context.close();
  });

  test("the filters stay open on a wide screen", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.owner);
    await page.goto("/dashboard/service-orders");
    await expect(page.getByRole("form", { name: "Filters" }).getByLabel("Status")).toBeVisible();
    await expect(page.getByText("Filters", { exact: true })).toBeHidden();
  });

  test("a table's status stays on screen at 390 px, in English and Arabic @mobile-only", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.owner);
    for (const language of ["en", "ar"]) {
      await page.goto(`/dashboard/service-orders?lng=${language}`);
      // The fourth column: reference, client, service, status.
      const status = page.locator("tbody tr").first().locator("td").nth(3);
      await expect(status).toBeVisible();
      const box = (await status.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  });
});

test.describe("the cookie pill", () => {
  test("covers no page content on a phone, in the middle of a page or at its end @mobile-only", async ({ page }) => {
    await page.goto("/contact");
    const pill = page.getByRole("link", { name: "Cookie Settings" });
    await expect(pill).toBeVisible();
    for (const where of ["middle", "end"]) {
      await page.evaluate((at) => window.scrollTo(0, at === "end" ? document.documentElement.scrollHeight : document.documentElement.scrollHeight / 2), where);
      // What is drawn under the pill's centre, apart from the pill and the blocks that hold it.
      const covered = await pill.evaluate((link) => {
        const box = link.getBoundingClientRect();
        if (box.bottom < 0 || box.top > window.innerHeight) return [];
        return document
          .elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          .filter((element) => !link.contains(element) && !element.contains(link))
          .map((element) => element.tagName);
      });
      expect(covered, where).toEqual([]);
    }
  });
});

test("the audit log names the people and records it mentions and shows its details as readable lines, uncut", async ({ page, context }) => {
  const errors = watchErrors(page);
  const subject = createClient({ fullName: "Yasmine Audit-Subject" });
  const note = "A long explanation that must never be cut in the middle of a word, however long the details become in the end.";
  const db = openTestDatabase();
  try {
    db.prepare(
      "insert into audit_log (id, actor_id, action, target_type, target_id, ip, meta, outcome, created_at) values (?, null, 'user.updated', 'user', ?, '127.0.0.1', ?, 'success', ?)",
    ).run(randomUUID(), subject.id, JSON.stringify({ clientId: subject.id, note }), new Date().toISOString());
  } finally {
    db.close();
  }
  await acceptCookies(context);
  await signIn(context, DEMO.owner);
  await page.goto(`/dashboard/audit-log?record=${subject.id}`);
  const row = page.getByTestId("audit-log").locator("tbody tr").first();
  await expect(row.getByRole("link", { name: /Yasmine Audit-Subject/ })).toBeVisible();
  await expect(row.locator("dt", { hasText: "clientId" })).toBeVisible();
  await expect(row.locator("dd", { hasText: "Yasmine Audit-Subject" })).toBeVisible();
  await expect(row.locator("dd", { hasText: note })).toHaveText(note);
  await expect(row).not.toContainText(subject.id);
  errors.expectNone();
});

test("a file picker's 'Choose files' is drawn as a button", async ({ page, context }) => {
  await acceptCookies(context);
  await signIn(context, DEMO.owner);
  await page.goto("/dashboard/document-extractor");
  const picker = page.locator("input[type=file]").first();
  const button = await picker.evaluate((input) => {
    const style = getComputedStyle(input, "::file-selector-button");
    return { border: style.borderTopWidth, background: style.backgroundColor, radius: style.borderTopLeftRadius };
  });
  expect(button.border).not.toBe("0px");
  expect(button.background).not.toBe("rgba(0, 0, 0, 0)");
  expect(button.radius).not.toBe("0px");
});
