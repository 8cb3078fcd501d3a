import { randomUUID } from "node:crypto";
import { SCAN_LINE, submitScan } from "./extractor-helpers";
import { DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";
import { ARABIC_LINES, textImage, textPdf } from "../support/documents";

/**
 * The document extractor in the browser: a scanned English image (progress, then the
 * text, copy and download), an Arabic image on the Arabic interface, a PDF's text layer
 * with the form that sends it to the translation tool, and the page without JavaScript.
 * Each test signs in as its own staff member with the feature (one run at a time each).
 */
function createTranslator(): string {
  const db = openTestDatabase();
  try {
    const demo = db.prepare("select password_hash from users where email = ?").get(DEMO.admin) as { password_hash: string };
    const id = randomUUID();
    const email = `translator-${id.slice(0, 8)}@example.com`;
    db.prepare("insert into users (id, email, password_hash, role, full_name, enabled_features, email_verified_at) values (?, ?, ?, 'staff', ?, ?, ?)").run(
      id,
      email,
      demo.password_hash,
      "Test Translator",
      JSON.stringify(["document_extractor"]),
      new Date().toISOString(),
    );
    return email;
  } finally {
    db.close();
  }
}

test("a scanned English image: progress, then the text to copy and download", async ({ page, context }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(context, createTranslator());
  const errors = watchErrors(page);
  await page.goto("/dashboard/document-extractor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Document extractor");
  await expect(page.getByRole("link", { name: "Document extractor" })).toBeVisible();
  await submitScan(page);
  await expect(page.getByText("Reading scan.png…")).toBeVisible();
  const text = page.getByTestId("extract-text");
  await expect(text).toHaveValue(new RegExp(SCAN_LINE), { timeout: 100_000 });
  await expect(page.getByText("Pages: 1 · read by OCR: 1")).toBeVisible();

  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("quick brown fox");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download .txt" }).click()]);
  expect(download.suggestedFilename()).toBe("scan.txt");
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString("utf8")).toContain("The quick brown fox");
  errors.expectNone();
});

test("an Arabic image on the Arabic interface", async ({ page, context }) => {
  test.setTimeout(150_000);
  await signIn(context, createTranslator());
  const errors = watchErrors(page);
  await page.goto("/dashboard/document-extractor?lng=ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("مستخرج النصوص");
  await hydrated(page.getByRole("button", { name: "استخراج النص" }));
  await page.getByRole("checkbox", { name: "الإنجليزية" }).uncheck();
  await page.getByRole("checkbox", { name: "العربية" }).check();
  await page.getByLabel("المستند").setInputFiles({ name: "شهادة.png", mimeType: "image/png", buffer: textImage(ARABIC_LINES, { arabic: true }) });
  await page.getByRole("button", { name: "استخراج النص" }).click();
  const text = page.getByTestId("extract-text");
  await expect(text).toHaveValue(/مرحبا/, { timeout: 100_000 });
  await expect(text).toHaveValue(/الميلاد/);
  await expect(page.getByText("اللغة: العربية")).toBeVisible();
  errors.expectNone();
});

test("a PDF with a text layer, ready to send to the translation tool", async ({ page, context }) => {
  test.setTimeout(150_000);
  await signIn(context, createTranslator());
  const errors = watchErrors(page);
  await page.goto("/dashboard/document-extractor");
  await hydrated(page.getByRole("button", { name: "Extract text" }));
  const pdf = await textPdf([["Certificate of good standing."], ["Issued by the Secretary of State."]]);
  await page.getByLabel("Document").setInputFiles({ name: "certificate.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  await page.getByRole("button", { name: "Extract text" }).click();
  const text = page.getByTestId("extract-text");
  await expect(text).toHaveValue("Certificate of good standing.\n\nIssued by the Secretary of State.", { timeout: 100_000 });
  await expect(page.getByText("Pages: 2 · read by OCR: 0")).toBeVisible();
  const send = page.locator("form", { has: page.getByRole("button", { name: "Send to translation" }) });
  await expect(send).toHaveAttribute("action", "/dashboard/translation");
  await expect(send.locator("textarea[name=text]")).toHaveCount(1);
  await expect(send.locator("input[name=source]")).toHaveValue("en");
  errors.expectNone();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the upload is a form post; the page refreshes itself until the text is there", async ({ page, context }) => {
    test.setTimeout(150_000);
    await signIn(context, createTranslator());
    await page.goto("/dashboard/document-extractor");
    await page
      .getByLabel("Document")
      .setInputFiles({ name: "notes.gif", mimeType: "image/gif", buffer: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64") });
    await page.getByRole("button", { name: "Extract text" }).click();
    await expect(page.getByText("This type of file is not supported.")).toBeVisible();

    const pdf = await textPdf([["Statement of account for March, three pages of entries."]]);
    await page.getByLabel("Document").setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
    await page.getByRole("button", { name: "Extract text" }).click();
    await expect(page).toHaveURL(/\?run=/);
    await expect(page.getByTestId("extract-text")).toHaveValue("Statement of account for March, three pages of entries.", { timeout: 100_000 });
    await expect(page.getByRole("link", { name: "Download .txt" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(0);
  });
});
