import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The one accessibility check of the browser tests: lets short animations (fade-ins, the
 * sheet; not the endless ones nor a notice's delayed hide) settle, since axe measures the
 * colours on screen, then fails on any axe-core
 * violation, each named by its rule and elements (`label` says which page and language).
 */
export async function expectNoViolations(page: Page, label = ""): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().endTime ?? Infinity) <= 5_000)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const prefix = label ? `${label}: ` : "";
  expect(violations.map((violation) => `${prefix}${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}
