import type { Page } from "@playwright/test";
import { DEMO, expect, openTestDatabase, test, uniqueIp } from "./fixtures";

/**
 * The sign-in, register, forgot-password, reset and verify screens carry the language and
 * theme switches (plain forms: they work without JavaScript), and stay on the same screen.
 * With JavaScript on, no page error or console error shows up.
 */
const SCREENS = [
  { path: "/login", en: "Sign in", ar: "تسجيل الدخول" },
  { path: "/register", en: "Create an account", ar: "إنشاء حساب" },
  { path: "/forgot-password", en: "Reset your password", ar: "إعادة تعيين كلمة المرور" },
  { path: "/reset-password?token=a-link-token-that-was-never-issued", en: "This link cannot be used", ar: "لا يمكن استخدام هذا الرابط" },
  { path: "/verify-email", en: "Verify your e-mail address", ar: "تأكيد بريدك الإلكتروني" },
] as const;

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the account screens' switches with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    // Without JavaScript the switches are the same plain forms on every screen: two screens show it.
    const screens = javaScriptEnabled ? SCREENS : SCREENS.filter((screen) => screen.path === "/login" || screen.path.startsWith("/reset-password"));
    for (const screen of screens) {
      test(`${screen.path}: Arabic and the dark theme, then back${screen.path === "/login" ? " @mobile" : ""}`, async ({ page }) => {
        test.slow();
        const errors = watchErrors(page);
        await page.goto(screen.path);
        await expect(page.getByRole("heading", { level: 1, name: screen.en })).toBeVisible();

        await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "العربية" }).click();
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expect(page.getByRole("heading", { level: 1, name: screen.ar })).toBeVisible();
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(screen.path);

        await page.getByRole("form", { name: "المظهر" }).getByRole("button", { name: "داكن" }).click();
        await expect(page.locator("html")).toHaveClass(/dark/);
        // The choice holds on the next request.
        await expect.poll(async () => (await page.request.get(screen.path)).text(), { intervals: [100] }).toMatch(/<html lang="ar" dir="rtl" class="dark"/);
        await page.goto(screen.path);
        await expect(page.locator("html")).toHaveClass(/dark/);
        await expect(page.locator("html")).toHaveAttribute("lang", "ar");

        await page.getByRole("form", { name: "اللغة" }).getByRole("button", { name: "English" }).click();
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        await page.getByRole("form", { name: "Theme" }).getByRole("button", { name: "Light" }).click();
        await expect(page.locator("html")).toHaveClass(/light/);
        expect(errors).toEqual([]);
      });
    }
  });
}

function firmName(): string {
  const db = openTestDatabase();
  try {
    const row = db.prepare("select data from content_sections where key = 'firm' and locale = '*'").get() as { data: string };
    return (JSON.parse(row.data) as { name: string }).name;
  } finally {
    db.close();
  }
}

test("every account screen, two-factor included, carries the firm's name", async ({ page }) => {
  const name = firmName();
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.getByRole("heading", { level: 1, name: screen.en })).toBeVisible();
    await expect(page.getByTestId("auth-firm")).toHaveText(name);
  }
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(DEMO.owner);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  await expect(page.getByTestId("auth-firm")).toHaveText(name);
});
