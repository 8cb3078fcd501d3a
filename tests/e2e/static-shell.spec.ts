import { acceptCookies } from "./cookies";
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
    await expect.poll(() => page.evaluate(() => window.scrollY), { intervals: [100] }).toBe(0);
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
    // Other tests' content saves empty the page cache now and then: load again until it answers from it.
    let again = await page.goto("/cookiePolicy");
    for (let attempt = 0; attempt < 5 && again?.headers()["x-page-cache"] !== "hit"; attempt++) again = await page.goto("/cookiePolicy");
    expect(again?.headers()["x-page-cache"]).toBe("hit");
    expect(again?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(again?.headers()["content-security-policy"]).not.toContain("nonce-");
    await expect(page.locator("html")).toHaveAttribute("data-device", "desktop");
    expect(violations).toEqual([]);
  });

  test("a language change is a toast at the bottom end (left in Arabic) that moves nothing and closes by itself", async ({ page, context }) => {
    await acceptCookies(context);
    await page.goto("/");
    const headerTop = (await page.getByRole("banner").first().boundingBox())!.y;
    await page.getByRole("button", { name: "العربية" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    const toast = page.getByTestId("toast-region").getByRole("status").filter({ hasText: "تم تغيير اللغة إلى العربية" });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width / 2).toBeLessThan(viewport.width / 2);
    expect(box.y).toBeGreaterThan(viewport.height / 2);
    expect((await page.getByRole("banner").first().boundingBox())!.y).toBe(headerTop);
    // Closes after 4 s without any script (CSS).
    await expect(toast).toBeHidden({ timeout: 6_000 });
  });

  test("the cookie banner floats (no blank band at the end), toasts stay clear of its buttons, and hidden it comes back", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole("contentinfo");
    const gap = await footer.evaluate((element) => document.documentElement.scrollHeight - (element.getBoundingClientRect().bottom + window.scrollY));
    expect(gap).toBeLessThan(2);

    await page.locator("body").click();
    await page.keyboard.press("Alt+f");
    const toast = page.getByTestId("toast-region").getByRole("status").first();
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    for (const name of ["Accept All", "Reject All", "Hide for 30 seconds"]) {
      const button = (await page.getByRole("button", { name }).boundingBox())!;
      const overlaps =
        toastBox.x < button.x + button.width &&
        button.x < toastBox.x + toastBox.width &&
        toastBox.y < button.y + button.height &&
        button.y < toastBox.y + toastBox.height;
      expect(overlaps, name).toBe(false);
    }

    await page.getByRole("button", { name: "Hide for 30 seconds" }).click();
    await expect(banner).toBeHidden();
    // In the page, waiting its time out (CSS, no script needed): back within 30 s.
    const delay = await page.getByTestId("cookie-consent").evaluate((element) => parseFloat(getComputedStyle(element).animationDelay));
    expect(delay).toBeGreaterThan(20);
    expect(delay).toBeLessThanOrEqual(30);
  });

  test("an unknown public path is a 404 inside the public layout, with a title", async ({ page }) => {
    const response = await page.goto("/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page is not found" })).toBeVisible();
    await expect(page.getByRole("banner").first()).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    expect(await page.title()).toMatch(/^This page is not found · /);
  });
});
