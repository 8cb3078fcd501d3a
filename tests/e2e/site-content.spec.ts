import { randomUUID } from "node:crypto";
import { expectNoViolations } from "./axe";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, hydrated, signIn, test, watchErrors } from "./fixtures";

/**
 * The site's own words, edited from the back-office with JavaScript on: an admin adds a service
 * and a client orders it; an admin edits the banner in Arabic, previews and saves it, the Arabic
 * home page shows it at once, and restoring the original version puts the old banner back.
 */
test("an admin adds a service, a client orders it, and once hidden it can no longer be ordered", async ({ browser }) => {
  test.slow();
  const key = `payroll_${randomUUID().slice(0, 6)}`;
  const adminContext = await browser.newContext();
  await signIn(adminContext, DEMO.admin);
  const page = await adminContext.newPage();
  const errors = watchErrors(page);

  await page.goto("/dashboard/services");
  await hydrated(page.getByRole("link", { name: "New service" }));
  await page.getByRole("link", { name: "New service" }).click();
  await expect(page).toHaveURL("/dashboard/services?new=1");
  await page.getByLabel("Key (letters, digits, _)").fill(key);
  await page.getByLabel("Icon").selectOption("Receipt");
  await page.getByLabel("Appointment length (minutes)").fill("45");
  await page.getByLabel("Price from (USD)").fill("99.50");
  const texts = {
    English: ["Payroll", "Monthly payroll for small employers.", "We run your payroll every month."],
    Arabic: ["الرواتب", "إعداد الرواتب الشهرية لأصحاب العمل الصغار.", "نُعدّ رواتب موظفيك كل شهر."],
    French: ["Paie", "La paie mensuelle des petits employeurs.", "Nous préparons votre paie chaque mois."],
  };
  for (const [language, [title, description, full]] of Object.entries(texts)) {
    const group = page.getByRole("group", { name: language });
    await group.getByLabel("Title").fill(`${title} ${key}`);
    await group.getByLabel("Description", { exact: true }).fill(description!);
    await group.getByLabel("Full description").fill(full!);
  }
  await page.getByRole("button", { name: "Add service" }).click();
  const row = page.getByTestId(`service-row-${key}`);
  await expect(row).toContainText(`Payroll ${key}`);
  await expect(row).toContainText("$99.50");
  await expect(row).toContainText("Visible");
  errors.expectNone();

  // The public site lists it, in Arabic too.
  const visitor = await browser.newPage();
  await visitor.goto("/services?lng=ar");
  await expect(visitor.getByRole("heading", { name: `الرواتب ${key}` })).toBeVisible();

  // A client orders it.
  const client = createClient();
  const clientContext = await browser.newContext();
  await signIn(clientContext, client.email);
  const clientPage = await clientContext.newPage();
  await clientPage.goto(`/client/service-orders/new?service=${key}`);
  await hydrated(clientPage.getByRole("button", { name: "Place the order" }));
  await expect(clientPage.getByLabel("Service")).toHaveValue(key);
  await clientPage.getByLabel("What do you need?").fill("Payroll for three employees, every month.");
  await clientPage.getByRole("button", { name: "Place the order" }).click();
  await expect(clientPage).toHaveURL(/\/client\/service-orders\/[0-9a-f-]{36}$/);
  const orderUrl = clientPage.url();
  await expect(clientPage.getByText(`Payroll ${key}`).first()).toBeVisible();

  // Hidden: gone from the public site and the order form; the order keeps its title.
  await row.getByRole("button", { name: /^Hide/ }).click();
  await expect(row).toContainText("Hidden");
  await visitor.goto("/services?lng=ar");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByText(`الرواتب ${key}`)).toHaveCount(0);
  await clientPage.goto("/client/service-orders/new");
  await expect(clientPage.getByLabel("Service").locator(`option[value="${key}"]`)).toHaveCount(0);
  await clientPage.goto(orderUrl);
  await expect(clientPage.getByText(`Payroll ${key}`).first()).toBeVisible();
  errors.expectNone();
});

test("an admin edits the Arabic banner, the Arabic home page shows it at once, and a restore puts the old one back", async ({ browser }) => {
  test.slow();
  const context = await browser.newContext();
  // The cookie banner would cover the versions' Restore button.
  await acceptCookies(context);
  await signIn(context, DEMO.admin);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const visitor = await browser.newPage();
  await visitor.goto("/?lng=ar");
  const original = (await visitor.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
  expect(original.length).toBeGreaterThan(0);

  await page.goto("/dashboard/content");
  await hydrated(page.getByRole("link", { name: "Banner" }));
  await page.getByRole("link", { name: "Banner" }).click();
  await expect(page).toHaveURL("/dashboard/content/hero");
  await page.getByRole("navigation", { name: "Languages" }).getByRole("link", { name: "Arabic" }).click();
  await expect(page).toHaveURL("/dashboard/content/hero?lang=ar");

  const banner = `مكتبكم للضرائب والترجمة ${randomUUID().slice(0, 4)}`;
  const title = page.getByLabel("Title", { exact: true });
  await expect(title).toHaveValue(original);
  await title.fill(banner);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("content-preview");
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(banner);
  // The preview saved nothing.
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(original);

  // The versions listed before saving: none on a fresh database (then the original text and this save), more
  // on a retry, whose first attempt saved and restored already.
  const versions = page.getByTestId("content-versions");
  const before = await versions.getByRole("listitem").count();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. The public site shows it now.")).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(banner);

  // One version more: this save. Compare the original text with it, then restore the original.
  await expect(versions.getByRole("listitem")).toHaveCount(Math.max(before, 1) + 1);
  const originalRow = versions.getByRole("listitem").filter({ hasText: "Original text" });
  // By keyboard: live notifications to the demo admin (other tests' orders and messages) raise toasts
  // over the versions' buttons at the bottom of the screen, which would take a click.
  await originalRow.getByRole("link", { name: /^Compare/ }).press("Enter");
  const diff = page.getByTestId("content-diff");
  await expect(diff.locator("ins")).toContainText(banner);
  await expect(diff.locator("del")).toContainText(original);
  await originalRow.getByRole("button", { name: /^Restore/ }).press("Enter");
  await expect(page.getByText("Version restored. The public site shows it now.")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(original);
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(original);
  errors.expectNone();
});

test.describe("the content screens without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a French legal page's draft is previewed, sanitised and not saved", async ({ page, context }) => {
    test.slow();
    await signIn(context, DEMO.admin);
    await page.goto("/dashboard/content");
    await page.getByTestId("section-legal.privacy-policy").getByRole("link", { name: "Privacy Policy" }).click();
    await page.getByRole("navigation", { name: "Languages" }).getByRole("link", { name: "French" }).click();
    await expect(page).toHaveURL("/dashboard/content/legal.privacy-policy?lang=fr");
    const text = page.getByLabel("Text (Markdown)");
    const stored = await text.inputValue();
    await text.fill('# Confidentialité\n\nNous gardons peu de données.<script>window.evil = 1</script><img src=x onerror="window.evil = 2">');
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("content-preview");
    await expect(preview.getByRole("heading", { name: "Confidentialité" })).toBeVisible();
    await expect(preview).toContainText("Nous gardons peu de données.");
    await expect(preview.locator("script, [onerror]")).toHaveCount(0);
    // The draft is still in the form; nothing was saved.
    await expect(page.getByLabel("Text (Markdown)")).toHaveValue(/Nous gardons peu de données/);
    await page.goto("/dashboard/content/legal.privacy-policy?lang=fr");
    await expect(page.getByLabel("Text (Markdown)")).toHaveValue(stored);
  });
});

/** The content and services screens pass axe in English and Arabic: one test per screen, so the two workers share them. */
for (const [path, language] of [
  ["/dashboard/content", "en"],
  ["/dashboard/content/firm", "ar"],
  ["/dashboard/content/about?lang=ar", "en"],
  ["/dashboard/services?new=1", "ar"],
] as const) {
  test(`${path} passes axe (${language})`, async ({ page, context }) => {
    // A full-page axe run: a loaded machine needs the time.
    test.setTimeout(90_000);
    await signIn(context, DEMO.admin);
    await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    await expectNoViolations(page, `${path} (${language})`);
  });
}

test("a content preview on the page passes axe (en)", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(context, DEMO.admin);
  await page.goto("/dashboard/content/about?lang=ar&lng=en");
  await hydrated(page.getByRole("button", { name: "Preview" }));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("content-preview").getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expectNoViolations(page, "about preview (en)");
});
