import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import { issueCertificate } from "~/features/certificates/certificates.server";
import { createDatabase } from "~/lib/db/connection.server";
import { setDb } from "~/lib/db/db.server";
import { expect, test, uniqueIp, watchErrors } from "./fixtures";

/**
 * The public verification page: a certificate is issued through the certificates module into the
 * test server's database; anyone opens /verify/{no}, sees the record (without the document's
 * title), and checks files in the browser (SHA-256 by crypto.subtle, an inline script under the
 * CSP nonce: a refused script would be a console error), in English and in Arabic.
 */
const source = Buffer.from("%PDF-1.4 acte de naissance (source)");
const translated = Buffer.from("%PDF-1.4 birth certificate (English translation)");
const other = Buffer.from("%PDF-1.4 something else entirely");

async function issue() {
  const database = createDatabase({ url: `file:${path.join(process.env.E2E_DATA_DIR!, "app.db")}` });
  setDb(database);
  try {
    return await issueCertificate({
      translationFileId: randomUUID(),
      clientId: null,
      documentTitle: "Birth certificate of Yasmine Khoury",
      sourceLanguage: "fr",
      targetLanguage: "en",
      pageCount: 2,
      translatorName: "Nadia Benali",
      sourceBytes: source,
      translatedBytes: translated,
      issuedBy: null,
    });
  } finally {
    setDb(undefined);
    await database.destroy();
  }
}

async function check(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel(/File to check|الملف المراد التحقق منه/).setInputFiles({ name, mimeType: "application/pdf", buffer });
}

test("anyone verifies a certificate and checks files against it, in English and in Arabic", async ({ page }) => {
  test.setTimeout(90_000);
  const certificate = await issue();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
  const watch = watchErrors(page);

  const response = await page.goto(`/verify/${certificate.certificateNo}?lng=en`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(certificate.certificateNo);
  await expect(page.locator("main")).toContainText("Not shown for privacy");
  await expect(page.locator("main")).not.toContainText("Yasmine");
  await expect(page.locator('[data-hash="translated"]')).toHaveText(certificate.translatedSha256);
  expect(await page.locator("script[src]").count()).toBe(0);

  const result = page.locator("#verify-result");
  await check(page, "translation.pdf", translated);
  await expect(result).toHaveText("The file “translation.pdf” matches the translation certified by this certificate.");
  await check(page, "original.pdf", source);
  await expect(result).toContainText("matches the source document");
  await check(page, "other.pdf", other);
  await expect(result).toContainText("does not match");
  await expect(result).toHaveAttribute("data-match", "none");

  await page.goto(`/verify/${certificate.certificateNo}?lng=ar`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("main")).toContainText("غير معروض حفاظًا على الخصوصية");
  await check(page, "ترجمة.pdf", translated);
  await expect(result).toContainText("يطابق الترجمة");
  await expect(result).toHaveAttribute("data-match", "translated");
  await check(page, "other.pdf", other);
  await expect(result).toContainText("لا يطابق");
  watch.expectNone();

  // An unknown number: the 404 page says so (the browser logs the 404 status itself).
  const unknown = await page.goto("/verify/TC-2222-2222?lng=en");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No certificate with this number");
  await expect(page.locator("main")).toContainText("TC-2222-2222");
});

test("without JavaScript the page shows the hashes and how to compute one", async ({ browser }) => {
  test.setTimeout(90_000);
  const certificate = await issue();
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() } });
  const page = await context.newPage();
  await page.goto(`/verify/${certificate.certificateNo}`);
  await expect(page.locator('[data-hash="source"]')).toHaveText(certificate.sourceSha256);
  await expect(page.locator("#verify-check")).toBeHidden();
  await expect(page.getByText("shasum -a 256 file.pdf")).toBeVisible();
  // The number typed on /verify leads to its page (a GET form).
  await page.goto("/verify");
  await page.getByLabel("Certificate number").fill(certificate.certificateNo.toLowerCase());
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${certificate.certificateNo}$`));
  await context.close();
});
