import { Secret, TOTP } from "otpauth";
import { acceptCookies } from "./cookies";
import { createStaff, expect, leaveAndSignOut, signIn, test, totpCode, uniqueIp, watchErrors } from "./fixtures";

/**
 * Staff two-factor sign-in (docs/decisions/010), one journey: an admin without it is sent to set it
 * up before any dashboard page, sets it up with the key shown as text, then signs in with a code and
 * with a recovery code through the forms. The set-up screen in Arabic.
 */
test("an admin without two-factor sets it up, then signs in with a code and with a recovery code", async ({ page, context }) => {
  // A long journey (set-up, two sign-ins through the forms) on a shared 2-core machine.
  test.setTimeout(180_000);
  const watch = watchErrors(page);
  await acceptCookies(context);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
  const admin = createStaff("admin");
  await signIn(context, admin.email);

  await page.goto("/dashboard/clients");
  await expect(page).toHaveURL(/\/two-factor\/setup\?redirectTo=%2Fdashboard%2Fclients$/);
  await expect(page.getByRole("heading", { level: 1, name: "Set up two-factor sign-in" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  await expect(page.getByRole("link", { name: "On this phone? Open the authenticator app" })).toHaveAttribute("href", /^otpauth:\/\/totp\//);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("This code is not valid or has already been used")).toBeVisible();
  await expect(page.getByTestId("totp-secret")).toHaveText(secret);
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Save your recovery codes" })).toBeVisible();
  const recoveryCodes = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole("link", { name: "I have saved them, continue" }).click();
  await expect(page).toHaveURL(/\/dashboard\/clients$/);

  // The profile says it is on, and lists this browser's session.
  await page.goto("/dashboard/profile");
  await expect(page.getByText("Required for your role", { exact: false })).toBeVisible();
  await expect(page.getByText("10 recovery codes left")).toBeVisible();
  await expect(page.getByTestId("session-row").filter({ hasText: "This browser" })).toBeVisible();

  for (const secondFactor of ["code", "recovery"] as const) {
    await leaveAndSignOut(page, context);
    await acceptCookies(context);
    await page.goto("/login");
    await page.getByLabel("E-mail address").fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill("Demo-Passw0rd!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login\/two-factor$/);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
    await page.getByLabel("Authentication code").fill(secondFactor === "code" ? await totpCode(admin.email, secret) : recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await page.goto("/dashboard/profile");
  await expect(page.getByText("9 recovery codes left")).toBeVisible();
  // The wrong code's answer is a 400 (the form with its error), which the browser logs.
  expect(watch.errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
});

test("the set-up screen in Arabic", async ({ page, context }) => {
  const watch = watchErrors(page);
  await acceptCookies(context);
  const admin = createStaff("owner", "ar");
  await signIn(context, admin.email);
  // ?lng= chooses the language and keeps it in the lng cookie for the next pages.
  await page.goto("/?lng=ar");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/two-factor\/setup/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "إعداد تسجيل الدخول بخطوتين" })).toBeVisible();
  await expect(page.getByLabel("رمز المصادقة")).toBeVisible();
  await expect(page.getByRole("button", { name: "تفعيل تسجيل الدخول بخطوتين" })).toBeVisible();
  watch.expectNone();
});
