import { createClient, DEMO, expect, hydrated, openTestDatabase, signIn, test, uniqueIp, watchErrors } from "./fixtures";
import { createOrderFor, PDF } from "./orders-helpers";
import { createTranslationFileRow, deliverTranslation } from "./translation-helpers";

/** The translation: a PDF of its own (the certificate tells it apart from the original). */
const TRANSLATED = Buffer.concat([PDF, Buffer.from("\n% translated into Arabic\n")]);

/**
 * The translation desk: one journey with JavaScript (upload with its progress bar → Files →
 * status → translated file → the client downloads it on the order page), and every tab
 * loading without JavaScript.
 */
test("a file goes from upload to the client's download", async ({ page, context }) => {
  test.setTimeout(90_000);
  const client = createClient({ fullName: "Desk Journey Client" });
  const order = createOrderFor(client.id);
  const name = `diploma-${Date.now()}.pdf`;
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);

  await page.goto(`/dashboard/translations?tab=upload&client=${client.id}`);
  await expect(page.getByRole("link", { name: "Upload" })).toHaveAttribute("aria-current", "page");
  const form = page.locator("form#translation-upload");
  await hydrated(form);
  await page.getByLabel("File", { exact: true }).setInputFiles({ name, mimeType: "application/pdf", buffer: PDF });
  await page.getByLabel("Service order", { exact: true }).selectOption(order.id);
  await page.getByLabel("Notes").fill("Two pages, stamp on the back.");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("File uploaded successfully")).toBeVisible();
  await expect(page).toHaveURL(/tab=files/);
  // The Files tab, searched by the file's name (a plain GET form).
  await page.getByLabel("Search by file name").fill(name);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=diploma-/);

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Pending")).toBeVisible();
  await row.getByText("Update status").click();
  await row.getByLabel("New status").selectOption("processing");
  await row.getByLabel("Status notes (optional)").fill("Started by the translator.");
  await row.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status updated successfully")).toBeVisible();
  await expect(row.getByText("Processing")).toBeVisible();

  await row.getByText("Upload translated file").click();
  await row.getByLabel("Translated file").setInputFiles({ name: "diploma-ar.pdf", mimeType: "application/pdf", buffer: TRANSLATED });
  await row.getByRole("button", { name: "Upload translation" }).click();
  await expect(page.getByText("Translated file uploaded successfully")).toBeVisible();
  await expect(row.getByText("Completed", { exact: true }).first()).toBeVisible();
  errors.expectNone();

  await context.clearCookies();
  await signIn(context, client.email);
  await page.goto(`/client/service-orders/${order.id}`);
  const files = page.getByTestId("client-translation-files");
  await expect(files.getByText(name)).toBeVisible();
  await expect(files.getByText("Completed")).toBeVisible();
  const download = page.waitForEvent("download");
  await files.getByRole("link", { name: "Download the translation" }).click();
  expect((await download).suggestedFilename()).toBe("diploma-ar.pdf");

  // Completion issued the certificate: the client downloads its PDF, and /verify confirms the translation.
  const certificate = files.locator('a[href^="/resources/certificates/"]');
  const href = (await certificate.getAttribute("href"))!;
  const certificateNo = href.match(/(TC-[A-Z0-9]{4}-[A-Z0-9]{4})\.pdf$/)![1]!;
  await expect(certificate).toContainText(certificateNo);
  const pdf = await page.request.get(href);
  expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
  await page.goto(`/verify/${certificateNo}?lng=en`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(certificateNo);
  await page.getByLabel("File to check").setInputFiles({ name: "diploma-ar.pdf", mimeType: "application/pdf", buffer: TRANSLATED });
  await expect(page.locator("#verify-result")).toHaveText("The file “diploma-ar.pdf” matches the translation certified by this certificate.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each tab loads from its link and stays on reload", async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(context, DEMO.admin);
    await page.goto("/dashboard/translations?tab=files");
    for (const [tab, marker] of [
      ["Upload", page.getByRole("button", { name: "Upload", exact: true })],
      ["Files", page.getByRole("button", { name: "Apply" })],
      ["Statistics", page.getByText("Files per month").first()],
      ["Settings", page.getByRole("button", { name: "Save settings" })],
    ] as const) {
      await page.getByRole("link", { name: tab, exact: true }).click();
      await expect(page.getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(marker).toBeVisible();
      await page.reload();
      await expect(page.getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
    }
    // A plain form post: without a file the desk's fixed message comes back at the field.
    await page.getByRole("link", { name: "Upload", exact: true }).click();
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByText("Please select a file to upload")).toBeVisible();
    await expect(page.getByText("Failed to upload file")).toBeVisible();
    // The same language twice comes back at the target language, the file to choose again.
    await page.getByLabel("File", { exact: true }).setInputFiles({ name: "same.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByLabel("Source language").selectOption("fr");
    await page.getByLabel("Target language").selectOption("fr");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.locator("#translation-upload-targetLanguage-error")).toHaveText("Source and target languages cannot be the same");
    await expect(page.getByLabel("Target language")).toHaveAttribute("aria-invalid", "true");
  });
});

test("the same language twice is refused at the field before anything is sent", async ({ page, context }) => {
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);
  await page.goto("/dashboard/translations?tab=upload");
  const form = page.locator("form#translation-upload");
  await hydrated(form);
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "same.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByLabel("Source language").selectOption("en");
  await page.getByLabel("Target language").selectOption("en");
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const target = page.getByLabel("Target language");
  await expect(page.locator("#translation-upload-targetLanguage-error")).toHaveText("Source and target languages cannot be the same");
  await expect(target).toHaveAttribute("aria-invalid", "true");
  await expect(target).toBeFocused();
  expect(posted).toBe(false);
  errors.expectNone();
});

test("an order's document goes to the desk in one step, once, and its translation comes back to the order", async ({ page, context }) => {
  test.setTimeout(60_000);
  const client = createClient({ fullName: "Order Desk Client" });
  const order = createOrderFor(client.id, { status: "in_progress" });
  const name = `passport-${Date.now()}.pdf`;
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);
  await page.goto(`/dashboard/service-orders/${order.id}`);
  await hydrated(page.locator("#staff-documents"));
  await page.getByLabel("Add documents").setInputFiles({ name, mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const document = page.getByRole("listitem").filter({ hasText: name });
  await document.getByText("Send to the translation desk").click();
  await document.getByLabel("Source language").selectOption("fr");
  await document.getByLabel("Target language").selectOption("en");
  await hydrated(document.getByRole("button", { name: "Send to the desk" }));
  await document.getByRole("button", { name: "Send to the desk" }).dblclick();
  await expect(page.getByText("Sent to the translation desk.").or(page.getByText("This document is already on the translation desk."))).toBeVisible();
  await expect(document.getByText("On the translation desk")).toBeVisible();
  const db = openTestDatabase();
  const files = db.prepare("select id, source_language, target_language, client_id from translation_files where order_id = ?").all(order.id) as Array<{
    id: string;
    source_language: string;
    target_language: string;
    client_id: string;
  }>;
  db.close();
  expect(files).toEqual([{ id: expect.any(String), source_language: "fr", target_language: "en", client_id: client.id }]);

  // The desk's order picker names the order by its service and client too.
  await page.goto(`/dashboard/translations?tab=upload&client=${client.id}`);
  await expect(page.getByLabel("Service order", { exact: true }).locator(`option[value="${order.id}"]`)).toHaveText(
    `${order.reference} · Certified Translation · Order Desk Client`,
  );

  // The desk completes it; the order shows the translation and its certificate, to staff and client.
  await page.goto(`/dashboard/translations/${files[0]!.id}`);
  await deliverTranslation(page, { name: "passport-en.pdf", buffer: TRANSLATED });
  await page.goto(`/dashboard/service-orders/${order.id}`);
  const staffView = page.getByTestId("client-translation-files");
  await expect(staffView.getByRole("link", { name })).toHaveAttribute("href", `/dashboard/translations/${files[0]!.id}`);
  await expect(staffView.getByText("Completed")).toBeVisible();
  await expect(staffView.getByText(/^Certificate TC-/)).toBeVisible();
  errors.expectNone();

  await context.clearCookies();
  await signIn(context, client.email);
  await page.goto(`/client/service-orders/${order.id}`);
  const clientView = page.getByTestId("client-translation-files");
  await expect(clientView.getByRole("link", { name: "Download the translation" })).toBeVisible();
  await expect(clientView.getByText(/^Certificate TC-/)).toBeVisible();
});

test("a desk row's Delete is a quiet button that asks first", async ({ page, context }) => {
  const name = `quiet-${Date.now()}.pdf`;
  const id = createTranslationFileRow({ name });
  await signIn(context, DEMO.admin);
  await page.goto(`/dashboard/translations?tab=files&q=${name}`);
  const remove = page.getByTestId(`delete-${id}`);
  await hydrated(remove);
  await expect(remove).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await remove.click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
});
