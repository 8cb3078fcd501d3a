import { DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";
import { startLibreTranslate, type FakeLibreTranslate } from "../support/libretranslate-server";

/**
 * The single-text translation tool against a LibreTranslate on 127.0.0.1 that this file
 * starts; the server's translation settings are pointed at it through the database (the
 * e2e server's environment is fixed). The tests share that setting: they run one by one.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

let service: FakeLibreTranslate;

function setEndpoint(endpoint: string | null): void {
  const db = openTestDatabase();
  try {
    db.prepare("update translation_settings set api_endpoint = ?, api_enabled = ?, api_key_encrypted = null where id = 'default'").run(
      endpoint,
      endpoint ? 1 : 0,
    );
  } finally {
    db.close();
  }
}

function clearGlossaryTerm(term: string): void {
  const db = openTestDatabase();
  try {
    db.prepare("delete from translation_glossary where source_term = ?").run(term);
  } finally {
    db.close();
  }
}

test.beforeAll(async () => {
  service = await startLibreTranslate();
  setEndpoint(service.url);
});

test.afterAll(async () => {
  setEndpoint(null);
  await service.close();
});

test("staff translate a text with its identifiers masked and the glossary applied, copy, swap, and manage the glossary", async ({ page, context }) => {
  clearGlossaryTerm("Mohammed Al-Hassan");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);
  await page.goto("/dashboard/translation");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Translation tool");
  await hydrated(page.getByRole("button", { name: "Translate", exact: true }));

  // A name as written in the client's passport, fixed for English → French.
  await page.getByLabel("Term language").selectOption("en");
  await page.getByLabel("Translation language").selectOption("fr");
  await page.getByLabel("Term", { exact: true }).fill("Mohammed Al-Hassan");
  await page.getByLabel("Fixed translation").fill("Mohamed Al Hassan");
  await page.getByRole("button", { name: "Add to the glossary" }).click();
  const row = page.getByRole("row").filter({ hasText: "Mohammed Al-Hassan" });
  await expect(row).toContainText("Mohamed Al Hassan");

  await page.getByLabel("Source language").selectOption("en");
  await page.getByLabel("Target language").selectOption("fr");
  const text = "Mohammed Al-Hassan, SSN 123-45-6789, call (555) 123-4567.";
  await page.getByLabel("Text to translate").fill(text);
  const sentBefore = service.requests.length;
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  const translation = page.getByLabel("Translation", { exact: true });
  await expect(translation).toHaveValue("«fr» Mohamed Al Hassan, SSN 123-45-6789, CALL (555) 123-4567.");
  await expect(page.getByText("Machine draft: review it before use")).toBeVisible();
  await expect(page.getByText("2 personal identifiers were masked before the text was sent")).toBeVisible();
  await expect(page.getByText("1 glossary term was applied.")).toBeVisible();
  await expect(page.getByLabel("Text to translate")).toHaveValue(text);
  const sent = service.requests
    .slice(sentBefore)
    .map((request) => request.body)
    .join("\n");
  expect(sent).toContain("[[1]]");
  for (const secret of ["123-45-6789", "(555) 123-4567", "Mohammed"]) expect(sent).not.toContain(secret);

  await page.getByRole("button", { name: "Copy the translation" }).click();
  await expect(page.getByText("Translation copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("«fr» Mohamed Al Hassan, SSN 123-45-6789, CALL (555) 123-4567.");

  await page.getByRole("button", { name: "Swap languages" }).click();
  await expect(page.getByLabel("Source language")).toHaveValue("fr");
  await expect(page.getByLabel("Target language")).toHaveValue("en");
  await expect(page.getByLabel("Text to translate")).toHaveValue("«fr» Mohamed Al Hassan, SSN 123-45-6789, CALL (555) 123-4567.");
  await expect(translation).toHaveValue("");

  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete the term" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Mohammed Al-Hassan" })).toHaveCount(0);
  errors.expectNone();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, detects the language, and comes back with the draft and the text as typed", async ({ page, context }) => {
    await signIn(context, DEMO.admin);
    await page.goto("/dashboard/translation");
    await expect(page.getByLabel("Source language")).toHaveValue("auto");
    await page.getByLabel("Target language").selectOption("ar");
    const text = "Bonjour, mon courriel est marie@example.fr";
    await page.getByLabel("Text to translate").fill(text);
    await page.getByRole("button", { name: "Translate", exact: true }).click();
    await expect(page.getByLabel("Translation", { exact: true })).toHaveValue("«ar» BONJOUR, MON COURRIEL EST marie@example.fr");
    await expect(page.getByText("Detected source language: French.")).toBeVisible();
    await expect(page.getByText("1 personal identifier was masked")).toBeVisible();
    await expect(page.getByLabel("Text to translate")).toHaveValue(text);
    await expect(page.getByRole("button", { name: "Copy the translation" })).toHaveCount(0);

    // Swap without JavaScript: a form post too.
    await page.getByRole("button", { name: "Swap languages" }).click();
    await expect(page.getByLabel("Source language")).toHaveValue("ar");
    await expect(page.getByLabel("Target language")).toHaveValue("fr");
    await expect(page.getByLabel("Text to translate")).toHaveValue("«ar» BONJOUR, MON COURRIEL EST marie@example.fr");
  });

  test("without a service the page says so and links to the settings; a wrong pair says so too", async ({ page, context }) => {
    await signIn(context, DEMO.admin);
    setEndpoint(null);
    try {
      await page.goto("/dashboard/translation");
      await expect(page.getByText("No machine translation service is set up", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Open the translation settings" })).toHaveAttribute("href", "/dashboard/translations?tab=settings");
    } finally {
      setEndpoint(service.url);
    }
    service.setMode("unsupported");
    try {
      await page.goto("/dashboard/translation");
      await page.getByLabel("Source language").selectOption("en");
      await page.getByLabel("Target language").selectOption("fr");
      await page.getByLabel("Text to translate").fill("Keep this text.");
      await page.getByRole("button", { name: "Translate", exact: true }).click();
      await expect(page.getByRole("alert")).toContainText("The translation service does not offer this language pair (from en to fr).");
      await expect(page.getByLabel("Text to translate")).toHaveValue("Keep this text.");
    } finally {
      service.setMode("ok");
    }
  });
});
