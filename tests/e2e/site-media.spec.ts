import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { DEMO, expect, openTestDatabase, signIn, test, watchErrors } from "./fixtures";

/**
 * The website's own screens, with JavaScript on: an admin edits a FAQ in Arabic and the
 * Arabic home page shows it at once; publishes an announcement on the public bar and ends it by
 * editing its end into the past; uploads a client logo (an SVG is refused, a PNG is resized and
 * shown with its width and height); adds a testimonial with a photo, refused until the person's consent.
 */
test.describe.configure({ mode: "serial" });

test("an admin edits a FAQ in Arabic and the Arabic home page shows it at once", async ({ page, context }) => {
  test.slow();
  const watch = watchErrors(page);
  await signIn(context, DEMO.admin);
  await page.goto("/dashboard/faqs?lang=en");
  await expect(page.getByRole("heading", { level: 1, name: "FAQs" })).toBeVisible();
  await page.getByRole("navigation", { name: "Content language" }).getByRole("link", { name: "العربية" }).click();
  await expect(page).toHaveURL(/lang=ar/);
  // The address changes before the Arabic list replaces the English one: wait for the list itself.
  await expect(page.getByRole("list", { name: "FAQs in العربية" })).toBeVisible();
  await page.getByTestId("faq-row").first().getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit the FAQ in العربية" })).toBeVisible();

  const question = page.getByLabel("Question", { exact: true });
  const original = await question.inputValue();
  const marker = `سؤال معدّل ${randomUUID().slice(0, 6)}`;
  await question.fill(marker);
  await expect(page.getByLabel("Answer", { exact: true })).not.toHaveValue("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast-region")).toContainText("The FAQ has been saved");
  await expect(page.getByTestId("faq-row").first()).toContainText(marker);

  const visitor = await context.browser()!.newPage();
  await visitor.goto("/?lng=ar");
  await expect(visitor.locator("#faq")).toContainText(marker);
  await visitor.goto("/?lng=en");
  await expect(visitor.locator("#faq")).not.toContainText(marker);

  // Put the seeded text back (other tests read the home page). The form is typed in once it holds
  // this FAQ: typed sooner, the text would go into the "add" form the Edit link's navigation replaces.
  await page.getByTestId("faq-row").first().getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByLabel("Question", { exact: true })).toHaveValue(marker);
  await page.getByLabel("Question", { exact: true }).fill(original);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast-region")).toContainText("The FAQ has been saved");
  // The first save's toast may still be up: the list shows when this save has landed.
  await expect(page.getByTestId("faq-row").first()).not.toContainText(marker);
  await visitor.goto("/?lng=ar");
  await expect(visitor.locator("#faq")).not.toContainText(marker);
  await visitor.close();
  watch.expectNone();
});

test("an admin publishes an announcement on the public bar, and it is gone once its end has passed", async ({ page, context }) => {
  test.slow();
  const watch = watchErrors(page);
  await signIn(context, DEMO.admin);
  await page.goto("/dashboard/announcements");
  const message = `Office closed on Friday ${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Message in English").fill(message);
  await page.getByLabel("Message in Arabic").fill(`المكتب مغلق يوم الجمعة ${message.slice(-6)}`);
  await page.getByLabel("Audience").selectOption("public");
  await page.getByLabel("Level").selectOption("warning");
  await page.getByLabel("People may close it").uncheck();
  await page.getByRole("button", { name: "Add the announcement" }).click();
  await expect(page.getByTestId("toast-region")).toContainText("The announcement has been saved");
  const row = page.getByTestId("announcement-row").filter({ hasText: message });
  await expect(row.getByTestId("announcement-state")).toHaveText("Live now");

  const visitor = await context.browser()!.newPage();
  await visitor.goto("/?lng=en");
  const bar = visitor.getByRole("region", { name: "Announcement" });
  await expect(bar).toContainText(message);
  await expect(bar).toContainText("Warning:");
  await expect(bar.getByRole("button", { name: "Dismiss announcement" })).toHaveCount(0);
  await visitor.goto("/?lng=ar");
  await expect(visitor.getByRole("region", { name: "إعلان" })).toContainText("المكتب مغلق يوم الجمعة");

  // Its end, edited into the past: ended in the list, gone from the site at once.
  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit the announcement" })).toBeVisible();
  await page.getByLabel("Ends").fill("2020-01-01T09:00");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast-region")).toContainText("The announcement has been saved");
  await expect(page.getByTestId("announcement-row").filter({ hasText: message }).getByTestId("announcement-state")).toHaveText("Ended");
  await visitor.goto("/?lng=en");
  await expect(visitor.locator("main")).toBeVisible();
  await expect(visitor.getByText(message)).toHaveCount(0);
  await visitor.close();
  watch.expectNone();
});

test("an admin uploads a client logo: an SVG is refused, a PNG is resized and shown with its size", async ({ page, context }) => {
  test.slow();
  await signIn(context, DEMO.admin);
  await page.goto("/dashboard/logos");
  const name = `Contoso ${randomUUID().slice(0, 6)}`;

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  await page.getByLabel("Image").setInputFiles({ name: "contoso.png", mimeType: "image/png", buffer: svg });
  await page.getByLabel("Alt text").fill(name);
  await page.getByLabel("Link").fill("https://contoso.example");
  await page.getByRole("button", { name: "Add the logo" }).click();
  await expect(page.getByText("SVG pictures are not accepted: use a PNG, JPEG or WebP picture")).toBeVisible();
  // (The refusal is a 400, which the browser logs; from here on, no error at all.)
  const watch = watchErrors(page);

  const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
  await page.getByLabel("Image").setInputFiles({ name: "contoso.png", mimeType: "image/png", buffer: png });
  await page.getByLabel("Alt text").fill(name);
  await page.getByLabel("Link").fill("https://contoso.example");
  await page.getByRole("button", { name: "Add the logo" }).click();
  await expect(page.getByTestId("toast-region")).toContainText("The logo has been saved");
  const row = page.getByTestId("logo-row").filter({ hasText: name });
  await expect(row).toContainText("192 × 64 px");

  const db = openTestDatabase();
  try {
    const stored = db.prepare("select l.width, l.height, f.mime_type from logos l join stored_files f on f.id = l.file_id where l.name = ?").get(name) as {
      width: number;
      height: number;
      mime_type: string;
    };
    expect(stored).toEqual({ width: 192, height: 64, mime_type: "image/webp" });
  } finally {
    db.close();
  }

  const visitor = await context.browser()!.newPage();
  await visitor.goto("/?lng=en");
  const image = visitor.getByRole("img", { name });
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute("width", "192");
  await expect(image).toHaveAttribute("height", "64");
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { intervals: [100] }).toBe(384);
  await visitor.close();
  watch.expectNone();
});

test("an admin adds a testimonial with a photo: publishing waits for consent, which is recorded with the admin's name", async ({ page, context }) => {
  test.slow();
  await signIn(context, DEMO.admin);
  await page.goto("/dashboard/testimonials");
  const name = `Nadia ${randomUUID().slice(0, 6)}`;
  const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Quote", { exact: true }).fill("Quick and careful with my tax return.");
  await page.getByLabel("Photo", { exact: true }).setInputFiles({ name: "nadia.png", mimeType: "image/png", buffer: photo });
  await page.getByLabel("Published on the site").check();
  await page.getByRole("button", { name: "Add the testimonial" }).click();
  await expect(page.getByText("A testimonial cannot be published without the person's consent")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  // (The refusal is a 400, which the browser logs; from here on, no error at all.)
  const watch = watchErrors(page);

  // Kept as a draft, so that the home page the other tests read stays as seeded.
  await page.getByLabel("Published on the site").uncheck();
  await page.getByLabel("The person agreed to publication").check();
  await page.getByLabel("Photo", { exact: true }).setInputFiles({ name: "nadia.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Add the testimonial" }).click();
  await expect(page.getByTestId("toast-region")).toContainText("The testimonial has been saved");
  const row = page.getByTestId("testimonial-row").filter({ hasText: name });
  await expect(row).toContainText("Not published");
  await expect(row).toContainText(/Consent recorded .+ by Marc Dubois/);
  await expect(row.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();

  await row.getByRole("link", { name: `Edit the testimonial of ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Edit the testimonial of ${name}` })).toBeVisible();
  await expect(page.getByLabel("Quote", { exact: true })).toHaveValue("Quick and careful with my tax return.");
  await expect(page.getByRole("img", { name: "The current photo" })).toBeVisible();
  await expect(page.getByLabel("Remove the photo")).not.toBeChecked();
  await expect(page.getByLabel("The person agreed to publication")).toBeChecked();
  await expect(page.locator("#testimonial-form")).toContainText(/Consent recorded .+ by Marc Dubois/);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Add a testimonial" })).toBeVisible();
  watch.expectNone();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the up and down buttons reorder the FAQs with plain forms", async ({ page, context }) => {
    await signIn(context, DEMO.admin);
    await page.goto("/dashboard/faqs");
    const rows = page.getByTestId("faq-row");
    const count = await rows.count();
    const last = (await rows
      .nth(count - 1)
      .locator("p")
      .first()
      .textContent())!;
    await rows
      .nth(count - 1)
      .getByRole("button", { name: `Move ${last} up` })
      .click();
    await expect(rows.nth(count - 2)).toContainText(last);
    await expect(page.getByRole("button", { name: `Move ${last} down` })).toBeEnabled();
    await rows
      .nth(count - 2)
      .getByRole("button", { name: `Move ${last} down` })
      .click();
    await expect(rows.nth(count - 1)).toContainText(last);
    await expect(rows.nth(count - 1).getByRole("button", { name: `Move ${last} down` })).toBeDisabled();
  });
});
