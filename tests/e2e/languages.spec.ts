import { DateTime } from "luxon";
import { createClient, DEMO, expect, hydrated, signIn, test, watchErrors } from "./fixtures";
import { createOrderFor } from "./orders-helpers";

/**
 * Two journeys of the firm editing its own words, with JavaScript on: an admin overrides a French button label and the
 * French public page shows it at once (then puts the original back); the statistics page opened
 * with a date range leads, through a figure, to the list it counts, filtered by the same days. And the
 * Arabic strings offer each of Arabic's six plural forms.
 */
test("an admin overrides a French button label and the French contact page shows it", async ({ browser }) => {
  const context = await browser.newContext();
  await signIn(context, DEMO.admin);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const label = `Écrivez-nous ${Date.now().toString(36)}`;

  await page.goto("/dashboard/languages?language=fr&ns=public&q=contact.submit");
  const row = page.getByTestId("string-public:contact.submit");
  await hydrated(row.getByRole("button", { name: "Save" }));
  await expect(row).toContainText("Send message");
  const field = row.getByLabel("Text for public:contact.submit");
  await expect(field).toHaveValue("Envoyer le message");

  // A placeholder the English string does not have is refused, and nothing changes.
  await field.fill("Envoyer {{name}}");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("alert")).toContainText("The text must keep the placeholders of the English string");

  await field.fill(label);
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The text was saved. Every page shows it now.")).toBeVisible();
  await expect(row).toContainText("Changed");

  // A visitor's French contact page (no session: the public page cache) has the new label.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const publicPage = await visitor.newPage();
  await publicPage.goto("/contact?lng=fr");
  await expect(publicPage.getByRole("button", { name: label })).toBeVisible();
  // The strings served to the browser carry it too, under a new version.
  const served = (await (await publicPage.request.get("/locales/fr/public.json")).json()) as { contact: { submit: string } };
  expect(served.contact.submit).toBe(label);

  // Reset: the original label is back everywhere.
  await page.getByTestId("string-public:contact.submit").getByRole("button", { name: "Reset to the original" }).click();
  await expect(page.getByText("The original text is back.")).toBeVisible();
  await publicPage.goto("/contact?lng=fr");
  await expect(publicPage.getByRole("button", { name: "Envoyer le message" })).toBeVisible();
  await visitor.close();
  // The refused save answered 422 on purpose (the browser logs any 4xx); nothing else went wrong.
  expect(errors.errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
  await context.close();
});

test("the Arabic strings list each plural form Arabic has, with the counts it is for", async ({ page, context }) => {
  const errors = watchErrors(page);
  await signIn(context, DEMO.admin);
  await page.goto("/dashboard/languages?language=ar&ns=languages&q=strings.count_");
  await expect(page.getByTestId(/^string-languages:strings\.count_/)).toHaveCount(6);
  const few = page.getByTestId("string-languages:strings.count_few");
  await expect(few).toContainText("Plural form for counts such as 3, 4, 5");
  await expect(few).toContainText("{{count}} strings");
  await expect(few.getByLabel("Text for languages:strings.count_few")).toHaveValue("{{count}} نصوص");
  await expect(page.getByTestId("string-languages:strings.count_two")).toContainText("the number may be left out");
  errors.expectNone();
});

test("the statistics page opened with a date range links a figure to the list it counts, filtered", async ({ browser }) => {
  const client = createClient();
  const order = createOrderFor(client.id);
  const context = await browser.newContext({ timezoneId: "UTC" });
  await signIn(context, DEMO.admin);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const today = DateTime.now().toISODate()!;
  const from = DateTime.now().minus({ days: 6 }).toISODate()!;

  await page.goto(`/dashboard?from=${from}&to=${today}`);
  await expect(page.getByRole("heading", { name: "Statistics" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "From", exact: true })).toHaveValue(from);
  await expect(page.getByRole("textbox", { name: "To", exact: true })).toHaveValue(today);
  // Charts are SVG drawn on the server, each with its table.
  await expect(page.getByTestId("chart-orders-per-month").locator("svg")).toBeVisible();
  await expect(page.getByTestId("chart-orders-by-status").locator("table")).toHaveCount(1);

  const figure = page.getByTestId("figure-orders");
  const counted = Number((await figure.locator("span").first().innerText()).replace(/\D/g, ""));
  expect(counted).toBeGreaterThanOrEqual(1);
  await hydrated(figure.getByRole("link"));
  await figure.getByRole("link").click();
  await expect(page).toHaveURL(`/dashboard/service-orders?from=${from}&to=${today}`);
  await expect(page.getByRole("textbox", { name: "From", exact: true })).toHaveValue(from);
  await expect(page.getByRole("link", { name: order.reference })).toBeVisible();
  errors.expectNone();
  await context.close();
});
