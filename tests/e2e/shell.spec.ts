import type { Page } from "@playwright/test";
import { expect, hydrated, signIn, test, DEMO } from "./fixtures";

/** The frame around every page: error and not-found pages, language, theme, device mode, hotkeys, toasts. */

const UNKNOWN_CLIENT_PAGE = "/client/this-page-does-not-exist";

/** Holds the page's data requests (a slow navigation) until the returned function is called. */
async function holdDataRequests(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/_data=/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

test.describe("not-found and error pages", () => {
  test("any unknown path answers 404 with 'This page is not found' and a link home @mobile", async ({ page, request }) => {
    const raw = await request.get("/no/such/page");
    expect(raw.status()).toBe(404);
    expect(await raw.text()).toContain("This page is not found");

    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page is not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("unknown paths under /client and /dashboard are 404 inside the area layout", async ({ page, context }) => {
    await signIn(context, DEMO.admin);
    for (const path of [UNKNOWN_CLIENT_PAGE, "/dashboard/this-page-does-not-exist"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "This page is not found" })).toBeVisible();
      await expect(page.getByTestId("sidebar")).toBeVisible();
    }
  });

  test("the not-found page in French and Arabic", async ({ page }) => {
    await page.goto("/no/such/page?lng=fr");
    await expect(page.getByRole("heading", { name: "Cette page est introuvable" })).toBeVisible();
    await page.goto("/no/such/page?lng=ar");
    await expect(page.getByRole("heading", { name: "هذه الصفحة غير موجودة" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  });

  test("a failing page shows the generic error page without a stack trace @mobile", async ({ page, context }) => {
    await signIn(context, DEMO.client);
    await page.goto(UNKNOWN_CLIENT_PAGE);
    // The Services page's data request fails: the route's error boundary takes over.
    await page.route(/_data=routes%2Fclient%2B%2Fservices(&|$)/, (route) => route.abort());
    // Clicks before hydration would be lost (the menu button) or be plain page loads (the link).
    if (test.info().project.name === "mobile") {
      await hydrated(page.getByTestId("sidebar-trigger"));
      await page.getByTestId("sidebar-trigger").click();
    }
    const nav = page.getByRole("navigation", { name: "Main navigation" }).last();
    await hydrated(nav.getByRole("link", { name: "Services" }));
    await nav.getByRole("link", { name: "Services" }).click();
    const error = page.getByTestId("error-page");
    await expect(error.getByRole("heading", { level: 1, name: "Something Went Wrong" })).toBeVisible();
    await expect(error).toContainText("Sorry, an unexpected error occurred. Please try again or return to the homepage.");
    await expect(error.getByRole("button", { name: "Try Again" })).toBeVisible();
    await expect(error.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    await expect(error.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
    await expect(error.getByRole("heading", { name: "What you can try" })).toBeVisible();
    await expect(error.getByRole("listitem")).toHaveText([
      "Check your internet connection",
      "Refresh the page or try again in a few moments",
      "Return home and navigate back to the desired page",
    ]);
    await expect(page.locator("body")).not.toContainText(/at \w+ \(|TypeError|Failed to fetch/);

    // 'Try Again' reloads the page, which now loads.
    await page.unroute(/_data=routes%2Fclient%2B%2Fservices(&|$)/);
    await error.getByRole("button", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/client\/services$/);
    await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
  });
});

test.describe("language and theme", () => {
  test("the first HTML is already in the chosen language (lang, dir) and theme", async ({ page, context }) => {
    await signIn(context, DEMO.client);
    await page.goto(UNKNOWN_CLIENT_PAGE);

    await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "العربية" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    let html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(await page.evaluate(() => window.localStorage.getItem("i18nextLng"))).toBe("ar");

    await page.getByRole("form", { name: "اللغة" }).getByRole("button", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html lang="fr" dir="ltr"/);
    expect(await page.evaluate(() => window.localStorage.getItem("i18nextLng"))).toBe("fr");

    await page.getByRole("form", { name: "Thème" }).getByRole("button", { name: "Sombre" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect.poll(async () => (await page.request.get("/")).text(), { intervals: [100] }).toMatch(/<html lang="fr" dir="ltr" class="dark"/);

    await page.getByRole("form", { name: "Thème" }).getByRole("button", { name: "Clair" }).click();
    await expect.poll(async () => (await page.request.get("/")).text(), { intervals: [100] }).toMatch(/<html lang="fr" dir="ltr" class="light"/);
  });

  test("Accept-Language decides when nothing was chosen; ?lng= wins over it", async ({ request }) => {
    const arabic = await request.get("/", { headers: { "Accept-Language": "ar,en;q=0.5" } });
    expect(await arabic.text()).toMatch(/<html lang="ar" dir="rtl"/);
    const french = await request.get("/?lng=fr", { headers: { "Accept-Language": "ar" } });
    expect(await french.text()).toMatch(/<html lang="fr" dir="ltr"/);
  });

  test("without JavaScript the language and theme switches work and the flash shows inline", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signIn(context, DEMO.client);
    const page = await context.newPage();
    await page.goto(UNKNOWN_CLIENT_PAGE);
    await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("status").filter({ hasText: "Langue changée : français" })).toBeVisible();
    await page.getByRole("form", { name: "Thème" }).getByRole("button", { name: "Sombre" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    // Shown once: the flash is gone after the next page.
    await page.reload();
    await expect(page.getByText("Langue changée : français")).toHaveCount(0);
    await context.close();
  });

  test("the per-language files are served at /locales/{lng}/{ns}.json", async ({ request }) => {
    const french = await request.get("/locales/fr/common.json");
    expect(french.status()).toBe(200);
    expect(french.headers()["cache-control"]).toContain("max-age");
    expect(await french.json()).toMatchObject({ errors: { notFound: "Cette page est introuvable" } });
    const arabic = await request.get("/locales/ar/common.json");
    expect(await arabic.json()).toMatchObject({ errors: { notFound: "هذه الصفحة غير موجودة" } });
    expect((await request.get("/locales/de/common.json")).status()).toBe(404);
    expect((await request.get("/locales/en/nothing.json")).status()).toBe(404);
  });
});

test.describe("toasts", () => {
  test("a flash toast survives the redirect, shows once at bottom-right in the announced toast area; Alt+T focuses it @mobile", async ({ page, context }) => {
    await signIn(context, DEMO.client);
    await page.goto(UNKNOWN_CLIENT_PAGE);
    await page.evaluate(() => window.scrollTo(0, 0));
    const languageForm = page.getByRole("form", { name: "Language" });
    if (!(await languageForm.isVisible())) {
      await hydrated(page.getByTestId("sidebar-trigger"));
      await page.getByTestId("sidebar-trigger").click();
    }
    await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "English" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Language changed to English" });
    await expect(toast).toBeVisible();
    await page.keyboard.press("Escape");

    const region = page.getByRole("region", { name: "Notifications (Alt+T)" });
    await expect(region).toHaveAttribute("aria-live", "polite");
    const viewport = page.viewportSize()!;
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width / 2).toBeGreaterThan(viewport.width / 2);
    expect(box.y).toBeGreaterThan(viewport.height / 2);

    await page.keyboard.press("Alt+t");
    await expect(region).toBeFocused();

    // Read once: it does not come back on the next page.
    await page.reload();
    await expect(page.getByText("Language changed to English")).toHaveCount(0);
  });

  test("in Arabic the toasts sit at bottom-left (mirrored)", async ({ page, context }) => {
    await signIn(context, DEMO.client);
    await page.goto(`${UNKNOWN_CLIENT_PAGE}?lng=en`);
    await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "العربية" }).click();
    const toast = page.getByRole("status").filter({ hasText: "تم تغيير اللغة إلى العربية" });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width / 2).toBeLessThan(page.viewportSize()!.width / 2);
  });

  test("full screen toggles on Alt+F and F11 with its toasts; at most 3 toasts, 14 px apart", async ({ page }) => {
    // Time stands still in the page, so no toast closes on its own during the test.
    await page.clock.install({ time: new Date("2026-03-02T08:00:00Z") });
    await page.goto("/no/such/page");
    await page.clock.pauseAt(new Date("2026-03-02T10:00:00Z"));
    await page.locator("body").click();
    await page.keyboard.press("Alt+f");
    await expect(page.getByText("Entered Full Screen mode!")).toBeVisible();
    expect(await page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    await page.keyboard.press("F11");
    await expect(page.getByText("Exited Full Screen mode!")).toBeVisible();
    expect(await page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);

    const statuses = page.getByTestId("toast-region").getByRole("status");
    await expect(statuses).toHaveCount(2);
    // Once both have settled in place, they are 14 px apart.
    await expect
      .poll(
        async () => {
          // The toast bar is the parent of its status message.
          const [first, second] = [(await statuses.nth(0).locator("..").boundingBox())!, (await statuses.nth(1).locator("..").boundingBox())!];
          const [upper, lower] = first.y < second.y ? [first, second] : [second, first];
          return Math.round(lower.y - (upper.y + upper.height));
        },
        { intervals: [100] },
      )
      .toBe(14);

    await page.keyboard.press("Alt+f");
    await expect(page.getByText("Entered Full Screen mode!")).toHaveCount(2);
    await page.keyboard.press("Alt+f");
    await expect(page.getByText("Exited Full Screen mode!")).toHaveCount(2);
    // Four toasts were raised: the oldest is dismissed (and removed a second later), three stay.
    await page.clock.runFor(1_500);
    await expect(statuses).toHaveCount(3);
    await expect(statuses).toHaveText(["Exited Full Screen mode!", "Entered Full Screen mode!", "Exited Full Screen mode!"]);
    // And each closes by itself after 4 s.
    await page.clock.runFor(4_000);
    await expect(statuses).toHaveCount(0);
  });

  test("full-screen toasts in French", async ({ page }) => {
    await page.goto("/no/such/page?lng=fr");
    await page.locator("body").click();
    await page.keyboard.press("Alt+f");
    await expect(page.getByText("Mode plein écran activé !")).toBeVisible();
  });
});

test.describe("shell behaviour", () => {
  test("skip link, Go back with its tooltip, scroll-to-top after 300 px @mobile", async ({ page, context }) => {
    await signIn(context, DEMO.client);
    await page.goto("/no/such/page");
    await page.goto(UNKNOWN_CLIENT_PAGE);

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute("href", "#main");
    await skip.blur();

    const back = page.getByTestId("go-back");
    await expect(back).toHaveAccessibleName("Go back");
    await back.hover();
    await expect(page.getByRole("tooltip", { name: "Back to the last page" })).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/no\/such\/page$/);

    await page.goForward();
    await expect(page).toHaveURL(/this-page-does-not-exist/);
    // A fresh page load: the filler goes in once React has hydrated (hydration would drop it).
    await hydrated(page.getByTestId("go-back"));
    await page.evaluate(() => {
      const filler = document.createElement("div");
      filler.style.height = "3000px";
      document.getElementById("main")!.append(filler);
    });
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect(page.getByRole("button", { name: "Scroll to top" })).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    const toTop = page.getByRole("button", { name: "Scroll to top" });
    await expect(toTop).toBeVisible();
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { intervals: [100] }).toBe(0);
  });

  test("data-device follows the 768 px breakpoint", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/no/such/page");
    await expect(page.locator("html")).toHaveAttribute("data-device", "desktop");
    await page.setViewportSize({ width: 767, height: 800 });
    await expect(page.locator("html")).toHaveAttribute("data-device", "mobile");
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(page.locator("html")).toHaveAttribute("data-device", "desktop");
  });

  test("the mobile viewport is marked as mobile @mobile-only", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.locator("html")).toHaveAttribute("data-device", "mobile");
  });

  test("a slow navigation shows the full-page loading screen with the logo", async ({ page, context }) => {
    await signIn(context, DEMO.client);
    await page.goto(UNKNOWN_CLIENT_PAGE);
    // The data request is held until the screen has been checked (no fixed delay to race), then let through.
    const release = await holdDataRequests(page);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Profile" }).click();
    const screen = page.getByTestId("loading-screen");
    await expect(screen).toBeVisible();
    await expect(screen).toContainText("Loading…");
    await expect(screen.locator("svg")).toBeVisible();
    await expect(screen.locator("svg")).toHaveCSS("animation-name", "logo-pulse");
    release();
    await expect(screen).toHaveCount(0, { timeout: 10_000 });
  });

  test("under prefers-reduced-motion the loading logo stands still", async ({ page, context }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signIn(context, DEMO.client);
    await page.goto(UNKNOWN_CLIENT_PAGE);
    const release = await holdDataRequests(page);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Profile" }).click();
    const logo = page.getByTestId("loading-screen").locator("svg");
    await expect(logo).toBeVisible();
    await expect(logo).toHaveCSS("animation-name", "none");
    release();
  });
});
