import fs from "node:fs";
import path from "node:path";
import { createClient, expect, leaveAndSignOut, openTestDatabase, signIn, test } from "./fixtures";

test("an unverified account sees the banner in its area and can ask for a new link", async ({ context, page }) => {
  const client = createClient();
  const db = openTestDatabase();
  db.prepare("update users set email_verified_at = null where id = ?").run(client.id);
  db.close();
  await signIn(context, client.email);

  await page.goto("/client");
  const banner = page.getByText(`Please verify your e-mail address: we sent a link to ${client.email}.`);
  await expect(banner).toBeVisible();
  await page.getByRole("button", { name: "Resend the link" }).click();
  await expect(page).toHaveURL(/\/client$/);
  await expect(page.getByTestId("toast-region")).toContainText("We have sent you a new verification link");
  const mailDir = path.join(process.env.E2E_DATA_DIR!, "mail");
  await expect
    .poll(() => fs.readdirSync(mailDir).some((file) => fs.readFileSync(path.join(mailDir, file), "utf8").includes(`To: ${client.email}`)), { intervals: [100] })
    .toBe(true);

  // A verified account never sees it.
  const verified = createClient();
  await leaveAndSignOut(page, context);
  await signIn(context, verified.email);
  await page.goto("/client");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Please verify your e-mail address")).toHaveCount(0);
});
