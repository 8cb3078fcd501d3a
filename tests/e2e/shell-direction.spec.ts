import type { Locator } from "@playwright/test";
import { acceptCookies } from "./cookies";
import { expect, test } from "./fixtures";

/** Latin text, numbers and addresses on Arabic pages keep their own order (bidi isolation, dir="auto"). */

/** Where a piece of an element's text is drawn, from the left edge of the page. */
async function leftOf(element: Locator, text: string): Promise<number> {
  return element.evaluate((node, needle) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let current = walker.nextNode(); current; current = walker.nextNode()) {
      const at = current.textContent!.indexOf(needle);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(current, at);
      range.setEnd(current, at + needle.length);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`"${needle}" is not in the element`);
  }, text);
}

test("the office address keeps its street number first on an Arabic page", async ({ page, context }) => {
  await acceptCookies(context);
  await page.goto("/contact?lng=ar");
  const address = page.locator("footer address").getByText(/Michigan Avenue/);
  await expect(address).toBeVisible();
  // Left to right, as written: "13201 Michigan Avenue, Suite 204, Dearborn, MI 48126".
  expect(await leftOf(address, "13201")).toBeLessThan(await leftOf(address, "Michigan"));
  expect(await leftOf(address, "Dearborn")).toBeLessThan(await leftOf(address, "48126"));
});

test("Latin typed into an Arabic form runs left to right; Arabic stays right to left", async ({ page, context }) => {
  await acceptCookies(context);
  await page.goto("/contact?lng=ar");
  const subject = page.getByLabel("الموضوع");
  await subject.fill("Hello, world.");
  expect(await subject.evaluate((input) => input.matches(":dir(ltr)"))).toBe(true);
  await subject.fill("مرحبا");
  expect(await subject.evaluate((input) => input.matches(":dir(rtl)"))).toBe(true);
  const message = page.getByLabel("الرسالة");
  await message.fill("Passport renewal, please.");
  expect(await message.evaluate((input) => input.matches(":dir(ltr)"))).toBe(true);
});
