import { expect, test } from "./fixtures";

/**
 * Pages that work as plain HTML (home, services, legal) ship no JavaScript
 * bundle; the shell's conveniences come from a small inline script instead.
 */
test.describe("pages without a bundle", () => {
  test("the home page loads no script bundle, yet the shell behaves @mobile", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    expect(scripts).toEqual([]);
    expect(await page.locator('script[type="module"]').count()).toBe(0);

    const width = page.viewportSize()!.width;
    await expect(page.locator("html")).toHaveAttribute("data-device", width < 768 ? "mobile" : "desktop");
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("en");

    const top = page.getByTestId("scroll-to-top");
    await expect(top).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect(top).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(top).toBeVisible();
    await top.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("data-device follows a resize after the debounce; full screen says so; Alt+T reaches the messages", async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.goto("/services");
    await expect(page.locator("html")).toHaveAttribute("data-device", "desktop");
    await page.setViewportSize({ width: 500, height: 800 });
    await expect(page.locator("html")).toHaveAttribute("data-device", "mobile");

    await page.locator("body").click();
    await page.keyboard.press("Alt+f");
    await expect(page.getByTestId("toast-region").getByText("Entered Full Screen mode!")).toBeVisible();
    await page.keyboard.press("F11");
    await expect(page.getByTestId("toast-region").getByText("Exited Full Screen mode!")).toBeVisible();
    await page.keyboard.press("Alt+t");
    await expect(page.getByTestId("toast-region")).toBeFocused();
  });

  test("a language change on the home page is confirmed inline, in the new language", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Français" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByTestId("flash-status")).toHaveText("Langue changée : français");
    await page.reload();
    await expect(page.getByTestId("flash-status")).toHaveCount(0);
  });

  test("a page served from the page cache runs its inline scripts under the hash-based policy", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/cookiePolicy");
    const again = await page.goto("/cookiePolicy");
    expect(again?.headers()["x-page-cache"]).toBe("hit");
    expect(again?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(again?.headers()["content-security-policy"]).not.toContain("nonce-");
    await expect(page.locator("html")).toHaveAttribute("data-device", "desktop");
    expect(violations).toEqual([]);
  });
});
