import { expect, type Page } from "@playwright/test";
import { latestMailTo, linkIn } from "../support/mail";
import { totpCode } from "./fixtures";

/** The sign-in screens as a user goes through them (the auth suite, and the cluster journey through its proxy). */
export const NEW_PASSWORD = "Harbour-lights-at-dusk";

/** Waits for a message to `address` in the mail folder(s) and answers its link to `pathname`. */
export async function waitForMail(dataDir: string | string[], address: string, pathname: string): Promise<string> {
  await expect.poll(() => latestMailTo(dataDir, address)?.subject ?? "", { intervals: [100] }).not.toBe("");
  return linkIn(latestMailTo(dataDir, address)!, pathname);
}

export async function register(page: Page, email: string, path = "/register") {
  await page.goto(path);
  await page.getByLabel("Full name").fill("Layla Haddad");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm the password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Create my account" }).click();
}

export async function signInWithForm(page: Page, email: string, password: string, options: { remember?: boolean } = {}) {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (options.remember) await page.getByLabel("Remember me for 30 days").check();
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The two-factor step of a sign-in, with a code computed from DEMO_TOTP_SECRET (`codeFor` reads the server's last used step). */
export async function enterCode(page: Page, email: string, codeFor: (email: string) => Promise<string> = totpCode) {
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await page.getByLabel("Authentication code").fill(await codeFor(email));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
}
