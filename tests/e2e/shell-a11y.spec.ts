import { expectNoViolations } from "./axe";
import { expect, signIn, test, DEMO, hydrated } from "./fixtures";

/** No axe-core violations on the home page, the not-found page and both area layouts. */

test.describe("accessibility (axe)", () => {
  // On a desktop screen the same check is made by tests/e2e/public.spec.ts ("/ has no accessibility violations").
  test("home page with the cookie banner @mobile-only", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("cookie-consent")).toBeAttached();
    await expectNoViolations(page);
  });

  test("cookie preferences view and the not-found page, light and dark @mobile", async ({ page }) => {
    test.slow(); // two full axe runs
    await page.goto("/no/such/page?cookies=customize");
    await expect(page.getByText("Cookie Preferences")).toBeVisible();
    await expectNoViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/no/such/page?lng=ar");
    await expectNoViolations(page);
  });

  test("client area layout @mobile", async ({ page, context }) => {
    await signIn(context, DEMO.client);
    await page.goto("/client/this-page-does-not-exist");
    await expect(page.getByTestId("sidebar-trigger")).toBeVisible();
    await expectNoViolations(page);
    // The sidebar as a sheet on mobile, or collapsed to icons on desktop.
    await hydrated(page.getByTestId("sidebar-trigger"));
    await page.getByTestId("sidebar-trigger").click();
    const mobile = test.info().project.name === "mobile";
    await expect(page.getByTestId("sidebar-trigger")).toHaveAttribute("aria-expanded", mobile ? "true" : "false");
    if (mobile) await expect(page.getByRole("dialog")).toBeVisible();
    else await expect.poll(async () => (await page.getByTestId("sidebar").boundingBox())?.width, { intervals: [100] }).toBe(48);
    await expectNoViolations(page);
  });

  test("dashboard layout, collapsed sidebar and dark theme", async ({ page, context }) => {
    await signIn(context, DEMO.admin);
    await page.goto("/dashboard/this-page-does-not-exist");
    await expectNoViolations(page);
    await page.keyboard.press("Control+b");
    await expect(page.getByTestId("sidebar")).toHaveAttribute("data-state", "collapsed");
    // Check once the sidebar has finished narrowing (mid-animation colours are not the page's).
    await expect.poll(async () => (await page.getByTestId("sidebar").boundingBox())?.width, { intervals: [100] }).toBe(48);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectNoViolations(page);
  });
});
