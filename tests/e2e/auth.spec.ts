import type { BrowserContext, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { latestMailTo } from "../support/mail";
import { enterCode, NEW_PASSWORD, register, signInWithForm, waitForMail } from "./auth-helpers";
import { createClient, DEMO, expect, leaveAndSignOut, signIn, test, uniqueIp } from "./fixtures";

/**
 * The sign-in screens themselves: register → verify → sign in → sign out,
 * forgot → reset, remember-me lifetimes, role redirects and guards, with and
 * without JavaScript. The area pages (/client, /dashboard) may belong to other
 * areas, so arrivals are checked by URL.
 */
const dataDir = () => process.env.E2E_DATA_DIR!;
const newEmail = () => `e2e-${randomUUID().slice(0, 8)}@example.com`;
const DAY = 24 * 60 * 60;

async function fromNewIp(page: Page) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
}

async function authCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "firm_auth_token");
}

/** Sign out the way a user does: the header's user menu, or without JavaScript the layout's own button. */
async function signOutFromLayout(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
  } else {
    await page.getByRole("button", { name: "Sign out" }).click();
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`accounts with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("register → sign in → verify the e-mail → sign out → sign in @mobile", async ({ page, context }) => {
      // Fifteen steps and four full page loads: on two busy cores the whole journey has taken more than 30 s.
      test.slow();
      await fromNewIp(page);
      const email = newEmail();
      await register(page, email);
      // The same answer for every address: the sign-in page says to check the inbox; nobody is signed in yet.
      await expect(page).toHaveURL(/\/login\?registered=1$/);
      await expect(page.getByRole("status").filter({ hasText: "We have sent a message to the address you gave" })).toBeVisible();
      expect(await authCookie(context)).toBeUndefined();
      await signInWithForm(page, email, NEW_PASSWORD);
      await expect(page).toHaveURL(/\/client$/);
      expect(await authCookie(context)).toBeDefined();

      const link = await waitForMail(dataDir(), email, "/verify-email");
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "Verify your e-mail address" })).toBeVisible();
      await page.getByRole("button", { name: "Verify my e-mail address" }).click();
      await expect(page).toHaveURL(/\/client$/);

      // The same link does not work twice.
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "This link cannot be used" })).toBeVisible();

      await page.goto("/client/profile");
      await expect(page.getByText("Verified", { exact: true })).toBeVisible();
      await signOutFromLayout(page, javaScriptEnabled);
      await expect(page).toHaveURL(/\/$/);
      expect(await authCookie(context)).toBeUndefined();
      await page.goto("/client/profile");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fclient%2Fprofile$/);

      await signInWithForm(page, email, NEW_PASSWORD);
      await expect(page).toHaveURL(/\/client\/profile$/);
      await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
    });

    test("field errors sit next to their fields and 'Invalid credentials' is the answer to a wrong password", async ({ page }) => {
      await fromNewIp(page);
      await page.goto("/register");
      await page.getByLabel("Full name").fill("Short Password");
      await page.getByLabel("E-mail address").fill(newEmail());
      await page.getByLabel("Password", { exact: true }).fill("1234567890");
      await page.getByLabel("Confirm the password").fill("0987654321");
      await page.getByRole("button", { name: "Create my account" }).click();
      await expect(page.getByText("This password is too common. Choose another one.")).toBeVisible();
      await expect(page.getByText("The two passwords do not match")).toBeVisible();
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");

      await page.goto("/login");
      await signInWithForm(page, DEMO.client, "not-the-password");
      await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();
      await signInWithForm(page, `nobody-${randomUUID().slice(0, 6)}@example.com`, "not-the-password");
      await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();
    });

    test("forgot → reset: the link sets a new password once", async ({ page }) => {
      await fromNewIp(page);
      const client = createClient();
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      // The login page has a field of the same name: type only once the new page is there.
      await expect(page.getByRole("button", { name: "Send the link" })).toBeVisible();
      await page.getByLabel("E-mail address").fill(client.email);
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect(page).toHaveURL(/\/login$/);

      const link = await waitForMail(dataDir(), client.email, "/reset-password");
      await page.goto(link);
      await page.getByLabel("New password").fill("A-new-and-long-passphrase");
      await page.getByLabel("Confirm the password").fill("A-new-and-long-passphrase");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page).toHaveURL(/\/login$/);

      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "This link cannot be used" })).toBeVisible();

      await page.goto("/login");
      await signInWithForm(page, client.email, DEMO.password);
      await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();
      await signInWithForm(page, client.email, "A-new-and-long-passphrase");
      await expect(page).toHaveURL(/\/client$/);
    });
  });
}

test.describe("sessions and redirects", () => {
  test("remember-me keeps the cookie about 30 days, otherwise about 1 day", async ({ browser }) => {
    const client = createClient();
    for (const [remember, days] of [
      [true, 30],
      [false, 1],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await fromNewIp(page);
      await page.goto("/login");
      await signInWithForm(page, client.email, DEMO.password, { remember });
      await expect(page).toHaveURL(/\/client$/);
      const cookie = await authCookie(context);
      const lifetime = cookie!.expires - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(days * DAY - 600);
      expect(lifetime).toBeLessThanOrEqual(days * DAY + 60);
      expect(cookie!.httpOnly).toBe(true);
      expect(cookie!.sameSite).toBe("Lax");
      await context.close();
    }
  });

  test("admin and owner land on /dashboard, clients on /client, or back where they were sent from", async ({ page, context }) => {
    test.slow(); // three sign-ins through the forms, two of them with the two-factor step
    await fromNewIp(page);
    await page.goto("/login");
    // The demo owner and admin have two-factor sign-in: the code step comes after the password.
    await signInWithForm(page, DEMO.admin, DEMO.password);
    await enterCode(page, DEMO.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await leaveAndSignOut(page, context);

    await page.goto("/login");
    await signInWithForm(page, DEMO.owner, DEMO.password);
    await enterCode(page, DEMO.owner);
    await expect(page).toHaveURL(/\/dashboard$/);
    await leaveAndSignOut(page, context);

    await page.goto("/dashboard/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fprofile$/);
    await signInWithForm(page, DEMO.client, DEMO.password);
    // A client sent back to a staff page goes on to their own area.
    await expect(page).toHaveURL(/\/client$/);
  });

  test("guards: signed-in users leave /login and /register; clients leave /dashboard pages", async ({ page, context }) => {
    await signIn(context, DEMO.client);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/client$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/client$/);
    await page.goto("/dashboard/clients");
    await expect(page).toHaveURL(/\/client$/);

    await leaveAndSignOut(page, context);
    await signIn(context, DEMO.admin);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/dashboard/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Users and clients" })).toBeVisible();
  });

  test("a visitor who books from a service's page is told why, registers, and comes back to booking that service after signing in and after verifying", async ({
    page,
  }) => {
    test.slow();
    await fromNewIp(page);
    const booking = /\/client\/appointments\/new\?service=notary$/;
    const returnPath = encodeURIComponent("/client/appointments/new?service=notary");
    await page.goto("/services/notary");
    await page.getByRole("link", { name: "Book an appointment" }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${returnPath}$`));
    const reason = page.getByRole("status").filter({ hasText: "Sign in or create an account to book your appointment." });
    await expect(reason).toBeVisible();
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(new RegExp(`/register\\?redirectTo=${returnPath}$`));
    await expect(reason).toBeVisible();
    const email = newEmail();
    await register(page, email, page.url());
    await expect(page).toHaveURL(new RegExp(`/login\\?registered=1&redirectTo=${returnPath}$`));
    await signInWithForm(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(booking);
    // The service is already chosen: its free days show.
    await expect(page.getByLabel("Service", { exact: true }).locator("option:checked")).toHaveText("Notary Public (30 min)");
    await expect(page.getByTestId("day-picker")).toBeVisible();

    // The verification link leads back to booking too.
    const link = await waitForMail(dataDir(), email, "/verify-email");
    await page.goto(link);
    await page.getByRole("button", { name: "Verify my e-mail address" }).click();
    await expect(page).toHaveURL(booking);
  });

  test("the reason to sign in before booking is said in Arabic, right to left", async ({ page }) => {
    await page.goto("/login?lng=ar&redirectTo=%2Fclient%2Fappointments%2Fnew");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("status").filter({ hasText: "سجّل الدخول أو أنشئ حسابًا لحجز موعدك." })).toBeVisible();
    await expect(page.getByRole("link", { name: "إنشاء حساب" })).toHaveAttribute("href", "/register?redirectTo=%2Fclient%2Fappointments%2Fnew");
  });

  test("registering with an address that has an account looks the same, and its owner gets an e-mail", async ({ page, context }) => {
    await fromNewIp(page);
    const client = createClient();
    await register(page, client.email);
    await expect(page).toHaveURL(/\/login\?registered=1$/);
    await expect(page.getByRole("status").filter({ hasText: "We have sent a message to the address you gave" })).toBeVisible();
    expect(await authCookie(context)).toBeUndefined();
    await expect.poll(() => latestMailTo(dataDir(), client.email)?.subject, { intervals: [100] }).toBe("Someone tried to create an account with your address");
  });

  test("a foreign redirectTo is ignored", async ({ page }) => {
    await fromNewIp(page);
    const client = createClient();
    await page.goto("/login?redirectTo=https%3A%2F%2Fevil.example%2F");
    await signInWithForm(page, client.email, DEMO.password);
    await expect(page).toHaveURL(/\/client$/);
  });
});

test.describe("profile and user management", () => {
  test("a client changes name, password and e-mail address", async ({ page, context }) => {
    test.slow();
    await fromNewIp(page);
    const client = createClient();
    await signIn(context, client.email);
    await page.goto("/client/profile");
    await page.getByLabel("Full name").fill("Renamed Client");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("toast-region")).toContainText("Your profile has been saved");
    await expect(page.getByLabel("Full name")).toHaveValue("Renamed Client");

    const passwordForm = page.locator("#profile-password");
    await passwordForm.getByLabel("Current password").fill("wrong-password-1");
    await passwordForm.getByLabel("New password").fill("Another-harbour-light");
    await passwordForm.getByLabel("Confirm the password").fill("Another-harbour-light");
    await page.getByRole("button", { name: "Change my password" }).click();
    await expect(page.getByText("The current password is not correct")).toBeVisible();
    await passwordForm.getByLabel("Current password").fill(DEMO.password);
    await passwordForm.getByLabel("New password").fill("Another-harbour-light");
    await passwordForm.getByLabel("Confirm the password").fill("Another-harbour-light");
    await page.getByRole("button", { name: "Change my password" }).click();
    await expect(passwordForm.getByLabel("Current password")).toHaveValue("");

    const moved = newEmail();
    const emailForm = page.locator("#profile-email");
    await emailForm.getByLabel("New e-mail address").fill(moved);
    await emailForm.getByLabel("Current password").fill("Another-harbour-light");
    await page.getByRole("button", { name: "Change my e-mail address" }).click();
    const link = await waitForMail(dataDir(), moved, "/verify-email-change");
    // The notice to the old address is sent right after the link to the new one.
    await expect.poll(() => latestMailTo(dataDir(), client.email)?.subject, { intervals: [100] }).toBe("A change of e-mail address was requested");
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm the new address" }).click();
    await expect(page).toHaveURL(/\/client\/profile$/);
    await expect(page.getByText(`Current address: ${moved}`)).toBeVisible();
  });

  test("staff search, grant a feature and disable a client; only the owner sees the role choice", async ({ page, context }) => {
    const client = createClient({ fullName: `Searchable ${randomUUID().slice(0, 6)}`, features: ["service_orders"] });
    await signIn(context, DEMO.admin);
    await page.goto("/dashboard/clients");
    await page.getByLabel("Search by name or e-mail").fill(client.email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: "Searchable" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/clients/${client.id}$`));
    await expect(page.getByLabel("Role")).toHaveCount(0);
    // A client is offered the client area's features only.
    await expect(page.getByLabel("Inbox")).toHaveCount(0);
    await page.getByLabel("Reports").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByLabel("Reports")).toBeChecked();
    // Disabling asks first; the dialog's own button confirms.
    await page.getByRole("button", { name: "Disable the account" }).click();
    const confirm = page.getByRole("alertdialog", { name: /^Disable the account of Searchable/ });
    await confirm.getByRole("button", { name: "Disable the account" }).click();
    await expect(page.getByRole("button", { name: "Enable the account" })).toBeVisible();

    await leaveAndSignOut(page, context);
    await signIn(context, DEMO.owner);
    await page.goto(`/dashboard/clients/${client.id}`);
    await expect(page.getByLabel("Role")).toBeVisible();
  });
});
