import { createClient, DEMO, expect, hydrated, signIn, test, watchErrors } from "./fixtures";

/**
 * A client gives a phone number and a postal address on their profile (a wrong phone is
 * refused with a message, nothing typed is lost), and staff read them on the client's page.
 */
test("a client saves a phone and a postal address; staff see them on the client's page", async ({ page, context, browser }) => {
  const client = createClient();
  await signIn(context, client.email);
  const errors = watchErrors(page);
  await page.goto("/client/profile");
  const phone = page.getByLabel("Phone", { exact: true });
  const address = page.getByLabel("Postal address", { exact: true });
  await hydrated(phone);
  await phone.fill("call me");
  await address.fill("12 rue de la Paix\n75002 Paris\nFrance");
  await page.getByRole("button", { name: "Save contact details" }).click();
  await expect(page.getByText("Enter a phone number of 7 to 15 digits, for example +1 313 555 0142.")).toBeVisible();
  await expect(address).toHaveValue("12 rue de la Paix\n75002 Paris\nFrance");

  await phone.fill("+33 1 42 68 53 00");
  await page.getByRole("button", { name: "Save contact details" }).click();
  await expect(page.getByText("Enter a phone number of 7 to 15 digits")).toBeHidden();
  await page.reload();
  await expect(phone).toHaveValue("+33 1 42 68 53 00");
  await expect(address).toHaveValue("12 rue de la Paix\n75002 Paris\nFrance");
  errors.expectNone();

  const staff = await browser.newContext();
  await signIn(staff, DEMO.admin);
  const staffPage = await staff.newPage();
  const staffErrors = watchErrors(staffPage);
  await staffPage.goto(`/dashboard/clients/${client.id}`);
  await expect(staffPage.getByRole("definition").filter({ hasText: "+33 1 42 68 53 00" })).toBeVisible();
  await expect(staffPage.getByRole("definition").filter({ hasText: "75002 Paris" })).toHaveText("12 rue de la Paix\n75002 Paris\nFrance");
  staffErrors.expectNone();
  await staff.close();
});

test.describe("in Arabic", () => {
  test.use({ locale: "ar-AE", javaScriptEnabled: false });

  test("the phone reads left to right in the right-to-left page, and saves without JavaScript", async ({ page, context }) => {
    const client = createClient();
    await signIn(context, client.email);
    await page.goto("/client/profile");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const phone = page.getByLabel("الهاتف", { exact: true });
    await expect(phone).toHaveAttribute("dir", "ltr");
    await phone.fill("+1 313 555 0142");
    await page.getByLabel("العنوان البريدي", { exact: true }).fill("4410 Michigan Avenue\nDearborn, MI 48126");
    await page.getByRole("button", { name: "حفظ بيانات الاتصال" }).click();
    await expect(phone).toHaveValue("+1 313 555 0142");
    await expect(page.getByLabel("العنوان البريدي", { exact: true })).toHaveValue("4410 Michigan Avenue\nDearborn, MI 48126");
  });
});
