import type { Page } from "@playwright/test";
import { createClient, expect, hydrated, signIn, test } from "./fixtures";

/**
 * The profile picture (avatarUrl, also remembered locally): uploaded on the
 * profile page, shown in the header's user menu and the sidebar, mirrored into
 * localStorage ("firm_avatar_url"), removed again; in English and in Arabic, with
 * JavaScript (no page or console error) and without it (a plain multipart form).
 */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const STORAGE_KEY = "firm_avatar_url";

const TEXT = {
  en: {
    field: "Picture (PNG, JPEG or WebP)",
    upload: "Upload the picture",
    remove: "Remove the picture",
    saved: "Your picture has been saved",
    removed: "Your picture has been removed",
    wrongType: "Use a PNG, JPEG or WebP picture",
  },
  ar: {
    field: "الصورة (PNG أو JPEG أو WebP)",
    upload: "رفع الصورة",
    remove: "إزالة الصورة",
    saved: "تم حفظ صورتك",
    removed: "تمت إزالة صورتك",
    wrongType: "استخدم صورة بصيغة PNG أو JPEG أو WebP",
  },
} as const;

/** Opens the profile in a language, chosen with the header's language switch. */
async function openProfile(page: Page, language: "en" | "ar"): Promise<void> {
  await page.goto("/client/profile");
  if (language === "ar") await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "العربية" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

const avatarIn = (page: Page, where: "header" | "sidebar") => page.getByTestId(where === "header" ? "user-menu" : "sidebar").getByTestId("user-avatar");

for (const language of ["en", "ar"] as const) {
  test(`a client uploads a picture, sees it in the header and the sidebar, and removes it (${language})`, async ({ page, context }) => {
    test.slow();
    const errors = watchErrors(page);
    const text = TEXT[language];
    const client = createClient({ fullName: "Picture Person" });
    await signIn(context, client.email);
    await openProfile(page, language);
    await expect(page.getByTestId("user-menu").getByTestId("user-avatar")).toHaveCount(0);

    // The browser refuses a file that says it is no picture before sending it.
    await page.getByLabel(text.field).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture at all") });
    await page.getByRole("button", { name: text.upload }).click();
    await expect(page.getByText(text.wrongType)).toBeVisible();

    await page.getByLabel(text.field).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: text.upload }).click();
    await expect(page.getByTestId("toast-region")).toContainText(text.saved);
    const header = avatarIn(page, "header");
    await expect(header).toBeVisible();
    const src = await header.getAttribute("src");
    expect(src).toMatch(/^\/resources\/avatars\/[0-9a-f-]{36}$/);
    // The image loads (the route answers it to its owner).
    await expect.poll(() => header.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { intervals: [100] }).toBe(1);
    await expect(avatarIn(page, "sidebar")).toHaveAttribute("src", src!);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)).toBe(src);

    // Another tab of the same browser shows the new picture at once (the storage event).
    const other = await context.newPage();
    await other.goto("/client");
    // Hydrated first: a tab that hydrates after the change would remember the picture its server HTML had.
    await hydrated(other.getByTestId("user-menu"));
    await page.getByRole("button", { name: text.remove }).click();
    await expect(page.getByTestId("toast-region")).toContainText(text.removed);
    await expect(page.getByTestId("user-menu").getByTestId("user-avatar")).toHaveCount(0);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)).toBeNull();
    await expect(other.getByTestId("user-menu").getByTestId("user-avatar")).toHaveCount(0);
    await other.close();
    expect(errors).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the picture is sent with a plain multipart form, checked by its content, and shows in the header (ar)", async ({ page, context }) => {
    test.slow();
    const client = createClient({ fullName: "Plain Form" });
    await signIn(context, client.email);
    await openProfile(page, "ar");
    // A text file named like a picture passes the browser and is refused by the server, next to the field.
    await page.getByLabel(TEXT.ar.field).setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
    await page.getByRole("button", { name: TEXT.ar.upload }).click();
    await expect(page.getByText(TEXT.ar.wrongType)).toBeVisible();
    await page.getByLabel(TEXT.ar.field).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: TEXT.ar.upload }).click();
    // The page after the upload (the same address) offers to remove the picture.
    await expect(page.getByRole("button", { name: TEXT.ar.remove })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("status").filter({ hasText: TEXT.ar.saved })).toBeVisible();
    await expect(page.getByTestId("user-menu").getByTestId("user-avatar")).toHaveAttribute("src", /^\/resources\/avatars\//);
    await page.getByRole("button", { name: TEXT.ar.remove }).click();
    await expect(page.getByRole("status").filter({ hasText: TEXT.ar.removed })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("user-menu").getByTestId("user-avatar")).toHaveCount(0);
  });
});
