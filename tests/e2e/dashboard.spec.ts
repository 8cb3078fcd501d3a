import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { DEMO, expect, signIn, test, watchErrors } from "./fixtures";

/**
 * The back-office's statistics (the dashboard and the translation desk's Statistics tab): axe in
 * English and Arabic; the charts' words at least 12 px as drawn, whatever the chart's width, and
 * never overlapping; an empty figure small rather than a headline.
 */
async function openIn(page: Page, path: string, language: "en" | "ar"): Promise<void> {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
  await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
}

type Box = { x: number; y: number; width: number; height: number };
const boxesOf = (words: Locator): Promise<Box[]> => words.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as Box));
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each column chart's words (its axis's values, its periods): drawn at least 12 px high, none over another. */
async function expectReadableCharts(charts: Locator): Promise<void> {
  let checked = 0;
  for (const chart of await charts.all()) {
    const words = chart.locator("svg text, [data-chart-tick], [data-chart-label]");
    if ((await words.count()) === 0) continue; // a bar list: its words are the page's text
    checked += 1;
    const fontSizes = await words.evaluateAll((elements) => elements.map((element) => Number.parseFloat(getComputedStyle(element).fontSize)));
    expect(Math.min(...fontSizes)).toBeGreaterThanOrEqual(12);
    const boxes = await boxesOf(words);
    for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(12);
    for (let a = 0; a < boxes.length; a += 1)
      for (let b = a + 1; b < boxes.length; b += 1) expect(overlap(boxes[a]!, boxes[b]!), `words ${a} and ${b} of a chart overlap`).toBe(false);
  }
  expect(checked).toBeGreaterThan(0);
}

for (const language of ["en", "ar"] as const) {
  test(`/dashboard passes axe (${language})`, async ({ page, context }) => {
    // A full-page axe run: a loaded machine needs the time.
    test.setTimeout(90_000);
    await signIn(context, DEMO.owner);
    await openIn(page, "/dashboard", language);
    await expect(page.getByTestId("chart-orders-per-month")).toBeVisible();
    await expectNoViolations(page, `/dashboard (${language})`);
  });

  test(`the statistics' charts keep their words readable and apart (${language}) @mobile`, async ({ page, context }) => {
    await signIn(context, DEMO.owner);
    const errors = watchErrors(page);
    await openIn(page, "/dashboard", language);
    await expectReadableCharts(page.locator("figure[data-testid^='chart-']"));
    await openIn(page, "/dashboard/translations?tab=statistics", language);
    await expectReadableCharts(page.locator("figure[data-testid^='chart-']"));
    errors.expectNone();
  });
}

test("a figure with nothing to measure is not a headline: 'None answered' is small and muted", async ({ page, context }) => {
  await signIn(context, DEMO.owner);
  await openIn(page, "/dashboard?from=2001-01-01&to=2001-01-31", "en");
  const value = page.getByTestId("figure-response-time").getByText("None answered");
  await expect(value).toBeVisible();
  const answered = page.getByTestId("figure-messages").locator("span").first();
  const [emptySize, headlineSize] = await Promise.all([
    value.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
    answered.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
  ]);
  expect(emptySize).toBeLessThanOrEqual(14);
  expect(headlineSize).toBeGreaterThan(emptySize * 1.5);
});
