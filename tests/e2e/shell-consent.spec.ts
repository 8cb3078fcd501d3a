import type { BrowserContext } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/** The cookie banner: its views and choices; cookies 30 days, path /, SameSite Lax; 30-second hide. */

const PAGE = "/no/such/page";

/** The saved settings, once the server's answer has set the cookie. */
async function savedSettings(context: BrowserContext) {
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === "cookie_consent_settings"), { intervals: [100] }).toBe(true);
  const cookie = (await context.cookies()).find((item) => item.name === "cookie_consent_settings")!;
  return JSON.parse(decodeURIComponent(cookie.value)) as Record<string, boolean>;
}

test.describe("cookie consent", () => {
  test("expanded banner: texts, Learn more, Accept All stores all four and the first HTML has no banner", async ({ page, context }) => {
    await page.goto(PAGE);
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    const learnMore = banner.getByRole("link", { name: "Learn more about cookies in our privacy policy" });
    await expect(learnMore).toHaveAttribute("href", "/privacy-policy");
    // The visible words are the banner's fixed text; the rest is for screen readers.
    await expect(learnMore.locator(".sr-only")).toHaveText(" about cookies in our privacy policy");
    expect(await learnMore.evaluate((link) => link.firstChild?.textContent)).toBe("Learn more");
    await expect(banner.getByRole("button", { name: "Reject All" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Customize Preferences" })).toBeVisible();
    await banner.getByRole("button", { name: "Accept All" }).click();
    await expect(page.getByTestId("cookie-consent")).toHaveCount(0);

    expect(await savedSettings(context)).toEqual({ necessary: true, preferences: true, analytics: true, marketing: true });
    const cookies = await context.cookies();
    const flag = cookies.find((cookie) => cookie.name === "cookie_consent")!;
    const settings = cookies.find((cookie) => cookie.name === "cookie_consent_settings")!;
    expect(flag.value).toBe("true");
    for (const cookie of [flag, settings]) {
      expect(cookie.path).toBe("/");
      expect(cookie.sameSite).toBe("Lax");
      expect(cookie.secure).toBe(false);
      const days = (cookie.expires - Date.now() / 1000) / 86400;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
    }
    const html = await (await page.request.get(PAGE)).text();
    expect(html).not.toContain('data-testid="cookie-consent"');
    await page.reload();
    await expect(page.getByTestId("cookie-consent")).toHaveCount(0);
  });

  test("Reject All keeps only the necessary cookies", async ({ page, context }) => {
    await page.goto(PAGE);
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Reject All" }).click();
    await expect(page.getByTestId("cookie-consent")).toHaveCount(0);
    expect(await savedSettings(context)).toEqual({ necessary: true, preferences: false, analytics: false, marketing: false });
  });

  test("Customize Preferences: the four categories, necessary locked, Cancel goes back, Save stores the toggles", async ({ page, context }) => {
    await page.goto(PAGE);
    await page.getByRole("link", { name: "Customize Preferences" }).click();
    const banner = page.getByTestId("cookie-banner");
    await expect(banner.getByRole("heading", { name: "Cookie Preferences" })).toBeVisible();
    await expect(banner).toContainText("Control your privacy options");
    const categories = [
      ["Essential Cookies", "Required for core website functionality and security", true],
      ["Preference Cookies", "Remember your settings and personalize your experience", true],
      ["Analytics Cookies", "Help us understand usage patterns and improve our service", true],
      ["Marketing Cookies", "Enable personalized ads and measure campaign effectiveness", false],
    ] as const;
    for (const [title, description, on] of categories) {
      const toggle = banner.getByRole("switch", { name: title });
      await expect(toggle).toHaveAccessibleDescription(new RegExp(description));
      if (on) await expect(toggle).toBeChecked();
      else await expect(toggle).not.toBeChecked();
    }
    await expect(banner.getByRole("switch", { name: "Essential Cookies" })).toBeDisabled();

    await banner.getByRole("link", { name: "Cancel" }).click();
    await expect(banner.getByRole("button", { name: "Accept All" })).toBeVisible();

    await banner.getByRole("link", { name: "Customize Preferences" }).click();
    await banner.getByRole("switch", { name: "Analytics Cookies" }).uncheck();
    await banner.getByRole("switch", { name: "Marketing Cookies" }).check();
    await banner.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.getByTestId("cookie-consent")).toHaveCount(0);
    expect(await savedSettings(context)).toEqual({ necessary: true, preferences: true, analytics: false, marketing: true });
  });

  test("minimise to the 'Cookie Settings' pill at bottom right and back", async ({ page }) => {
    await page.goto(PAGE);
    await page.getByRole("link", { name: "Minimize" }).click();
    const pill = page.getByRole("link", { name: "Cookie Settings" });
    await expect(pill).toBeVisible();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    const viewport = page.viewportSize()!;
    const box = (await pill.boundingBox())!;
    expect(box.x).toBeGreaterThan(viewport.width / 2);
    expect(box.y).toBeGreaterThan(viewport.height / 2);
    await pill.click();
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
  });

  test("on a mobile-width screen the banner starts minimised as the pill @mobile-only", async ({ page }) => {
    await page.goto(PAGE);
    const pill = page.getByRole("link", { name: "Cookie Settings" });
    await expect(pill).toBeVisible();
    await expect(page.getByTestId("cookie-banner")).toBeHidden();
    await pill.click();
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    await page.getByRole("button", { name: "Accept All" }).click();
    await expect(page.getByTestId("cookie-consent")).toHaveCount(0);
  });

  test("the header control hides the banner for 30 seconds, then it reappears", async ({ page }) => {
    await page.clock.install();
    await page.goto(PAGE);
    const hide = page.getByRole("button", { name: "Hide for 30 seconds" });
    // A click before hydration posts the form instead: the server's 30-second cookie then brings the
    // banner back by a CSS animation on the real clock, which Playwright's clock does not move.
    await hydrated(hide);
    await hide.click();
    await expect(page.getByTestId("cookie-consent")).toHaveCount(0);
    await page.clock.runFor(29_000);
    await expect(page.getByTestId("cookie-consent")).toHaveCount(0);
    await page.clock.runFor(1_500);
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
  });

  test("unparsable saved settings fall back to the defaults", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "cookie_consent_settings", value: "%7Bnot-json", url: baseURL! }]);
    await page.goto(`${PAGE}?cookies=customize`);
    const banner = page.getByTestId("cookie-banner");
    await expect(banner.getByRole("switch", { name: "Preference Cookies" })).toBeChecked();
    await expect(banner.getByRole("switch", { name: "Analytics Cookies" })).toBeChecked();
    await expect(banner.getByRole("switch", { name: "Marketing Cookies" })).not.toBeChecked();
  });

  test("without JavaScript: customise, save, and the banner is gone from the first HTML", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(PAGE);
    await page.getByRole("link", { name: "Customize Preferences" }).click();
    await expect(page).toHaveURL(/cookies=customize/);
    await page.getByRole("switch", { name: "Preference Cookies" }).uncheck();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.getByTestId("cookie-consent")).toHaveCount(0);
    expect(await savedSettings(context)).toEqual({ necessary: true, preferences: false, analytics: true, marketing: false });
    await context.close();
  });

  test("without JavaScript the hide control hides the banner through a 30-second cookie", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(PAGE);
    await page.getByRole("button", { name: "Hide for 30 seconds" }).click();
    await expect(page.getByTestId("cookie-banner")).toBeHidden();
    const hidden = (await context.cookies()).find((cookie) => cookie.name === "cookie_consent_hidden")!;
    const seconds = hidden.expires - Date.now() / 1000;
    expect(seconds).toBeGreaterThan(20);
    expect(seconds).toBeLessThanOrEqual(30);
    await context.close();
  });

  test("in French and Arabic; the Arabic pill sits at bottom left", async ({ page }) => {
    await page.goto(`${PAGE}?lng=fr`);
    await expect(page.getByRole("button", { name: "Tout accepter" })).toBeVisible();
    await page.getByRole("link", { name: "Personnaliser les préférences" }).click();
    await expect(page.getByRole("heading", { name: "Préférences en matière de cookies" })).toBeVisible();

    await page.goto(`${PAGE}?lng=ar`);
    await expect(page.getByRole("button", { name: "قبول الكل" })).toBeVisible();
    await page.getByRole("link", { name: "تصغير" }).click();
    const pill = page.getByRole("link", { name: "إعدادات ملفات تعريف الارتباط" });
    const box = (await pill.boundingBox())!;
    expect(box.x + box.width).toBeLessThan(page.viewportSize()!.width / 2);
  });
});
