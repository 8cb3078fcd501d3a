import { acceptCookies } from "./cookies";
import { expect, test } from "./fixtures";

/** The public site's smaller promises: prices on the services list, French terms, the dark theme's bands. */

test("the services list shows each service's starting price, as its own page does", async ({ page, context }) => {
  await acceptCookies(context);
  await page.goto("/services/notary");
  const price = (await page
    .getByRole("list", { name: "At a glance" })
    .getByText(/^From \$\d+$/)
    .textContent())!;
  await page.goto("/services");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Notary Public" }) });
  await expect(card.getByText(price, { exact: true })).toBeVisible();
  await page.goto("/services?lng=fr");
  await expect(page.getByText(/^À partir de/).first()).toBeVisible();
});

test("French pages say 'notaire public', never 'notary public'", async ({ page, context }) => {
  await acceptCookies(context);
  for (const path of ["/?lng=fr", "/services/notary?lng=fr", "/services?lng=fr"]) {
    await page.goto(path);
    await expect(page.locator("body")).not.toContainText(/notary public/i);
  }
  await expect(page.locator("body")).toContainText(/notaire public/i);
});

/** Relative luminance (WCAG) of a computed CSS colour. */
function luminance(color: string): number {
  const [r, g, b] = color
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number)
    .map((value) => {
      const channel = value / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

test("in the dark theme the call-to-action band is dark, its text and buttons readable", async ({ page, context }) => {
  await acceptCookies(context);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  const band = page.locator("section[aria-labelledby='cta-title']");
  await band.scrollIntoViewIfNeeded();
  const colours = await band.evaluate((section) => {
    const style = (element: Element) => getComputedStyle(element);
    const [schedule, contact] = Array.from(section.querySelectorAll("a"));
    return {
      background: style(section).backgroundColor,
      heading: style(section.querySelector("h2")!).color,
      schedule: style(schedule!).backgroundColor,
      scheduleText: style(schedule!).color,
      contactText: style(contact!).color,
    };
  });
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };
  expect(luminance(colours.background)).toBeLessThan(0.05);
  expect(contrast(colours.heading, colours.background)).toBeGreaterThan(4.5);
  expect(contrast(colours.scheduleText, colours.schedule)).toBeGreaterThan(4.5);
  expect(contrast(colours.schedule, colours.background)).toBeGreaterThan(3);
  expect(contrast(colours.contactText, colours.background)).toBeGreaterThan(4.5);
});
