import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, hydrated, signIn, test, watchErrors } from "./fixtures";
import { createAppointmentFor, createOpenInvoiceFor, createOrderFor, notificationsOf, PDF } from "./orders-helpers";

/** Every request the page sends with this method to this path. */
function requestsTo(page: Page, method: string, ...paths: string[]): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.method() === method && paths.includes(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

test.describe("a client orders a service", () => {
  test("with an attachment, sees it on the order, and can download it @mobile", async ({ page, context }) => {
    const client = createClient();
    await signIn(context, client.email);

    await page.goto("/client/services");
    await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
    await page.getByRole("link", { name: /Order.*Translation/ }).click();
    await expect(page).toHaveURL(/\/client\/service-orders\/new\?service=translation$/);

    await page.getByLabel("What do you need?").fill("Birth certificate from Arabic into English, one page.");
    // A wrong file first: refused with a clear message, the text stays.
    await page
      .getByLabel("Documents")
      .setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html><script>alert(1)</script></html>") });
    await page.getByRole("button", { name: "Place the order" }).click();
    await expect(page.getByText("invoice.pdf is not an accepted document type")).toBeVisible();
    await expect(page.getByLabel("What do you need?")).toHaveValue("Birth certificate from Arabic into English, one page.");

    await page.getByLabel("Documents").setInputFiles({ name: "birth-certificate.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Place the order" }).click();
    await expect(page).toHaveURL(/\/client\/service-orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/translation/i);
    await expect(page.getByText("Pending").first()).toBeVisible();
    await expect(page.getByText("birth-certificate.pdf", { exact: true }).first()).toBeVisible();

    const href = await page.getByRole("link", { name: /Download.*birth-certificate\.pdf/ }).getAttribute("href");
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toContain("attachment");
    expect(download.headers()["x-content-type-options"]).toContain("nosniff");
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);

    await page.goto("/client/service-orders");
    await expect(page.getByRole("link", { name: /translation/i }).first()).toBeVisible();
  });

  test("another client cannot open that order or its file", async ({ browser }) => {
    const owner = createClient();
    const order = createOrderFor(owner.id);
    const other = createClient();
    const context = await browser.newContext();
    await signIn(context, other.email);
    const page = await context.newPage();
    const response = await page.goto(`/client/service-orders/${order.id}`);
    expect(response?.status()).toBe(404);
    await context.close();
  });

  test("can cancel a pending order, after confirming in a dialog", async ({ page, context }) => {
    const client = createClient();
    const order = createOrderFor(client.id);
    await acceptCookies(context);
    await signIn(context, client.email);
    const errors = watchErrors(page);
    await page.goto(`/client/service-orders/${order.id}`);
    const trigger = page.getByRole("button", { name: "I want to cancel this order" });
    await hydrated(trigger);
    // Changing one's mind closes the dialog and changes nothing.
    await trigger.click();
    await expect(page.getByRole("alertdialog", { name: "Cancel this order?" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByText("Pending").first()).toBeVisible();

    await trigger.click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this order?" });
    await dialog.getByLabel("Reason (optional)").fill("Found the original translation.");
    await dialog.getByRole("button", { name: "Cancel the order" }).click();
    await expect(page.getByText("Cancelled").first()).toBeVisible();
    await expect(page.getByText("Found the original translation.")).toBeVisible();
    await expect(page.getByRole("button", { name: "I want to cancel this order" })).toHaveCount(0);
    errors.expectNone();
  });
});

test("documents added with the progress bar are announced at once and listed, without a reload, on the client's and the staff's order page", async ({
  page,
  context,
}) => {
  const client = createClient();
  const order = createOrderFor(client.id);
  const errors = watchErrors(page);
  for (const [who, path] of [
    [client.email, `/client/service-orders/${order.id}`],
    [DEMO.admin, `/dashboard/service-orders/${order.id}`],
  ] as const) {
    await signIn(context, who);
    await page.goto(path);
    const upload = page.getByRole("button", { name: "Upload", exact: true });
    await hydrated(upload);
    // Gone if the page were loaded again.
    await page.evaluate(() => Object.assign(window, { keptThroughUpload: true }));
    const name = `added-${Date.now()}.pdf`;
    await page.getByLabel("Add documents").setInputFiles({ name, mimeType: "application/pdf", buffer: PDF });
    await upload.click();
    await expect(page.getByTestId("toast-region").getByText("1 document added.")).toHaveCount(1);
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => "keptThroughUpload" in window)).toBe(true);
  }
  errors.expectNone();
});

test.describe("files the browser can already tell would be refused are not sent", () => {
  test("a file over the size limit: the message at once, nothing sent, the form kept", async ({ page, context }) => {
    const client = createClient();
    await signIn(context, client.email);
    const posts = requestsTo(page, "POST", "/client/service-orders/new", "/resources/uploads/client/service-orders/new");
    await page.goto("/client/service-orders/new?service=bookkeeping");
    await hydrated(page.getByRole("button", { name: "Place the order" }));
    await expect(page.getByLabel("Documents")).toHaveAttribute("accept", /\.pdf/);
    await page.getByLabel("What do you need?").fill("Monthly books for a bakery, twelve statements.");
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    await page.getByLabel("Documents").setInputFiles({ name: "statements.pdf", mimeType: "application/pdf", buffer: big });
    await expect(page.getByText("statements.pdf is larger than 10 MB.")).toBeVisible();
    await page.getByRole("button", { name: "Place the order" }).click();
    await expect(page.getByText("statements.pdf is larger than 10 MB.")).toBeVisible();
    await expect(page.getByLabel("What do you need?")).toHaveValue("Monthly books for a bakery, twelve statements.");
    await expect(page.getByLabel("Service")).toHaveValue("bookkeeping");
    expect(posts).toEqual([]);

    // A file that fits goes through.
    await page.getByLabel("Documents").setInputFiles({ name: "statements.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(page.getByText("statements.pdf is larger than 10 MB.")).toHaveCount(0);
    await page.getByRole("button", { name: "Place the order" }).click();
    await expect(page).toHaveURL(/\/client\/service-orders\/[0-9a-f-]{36}$/);
    expect(posts).toHaveLength(1);
  });

  test("a type that is not accepted, in Arabic, on an order's “add documents”", async ({ page, context }) => {
    const client = createClient();
    const order = createOrderFor(client.id);
    await signIn(context, client.email);
    const posts = requestsTo(page, "POST", `/client/service-orders/${order.id}`, `/resources/uploads/client/service-orders/${order.id}`);
    await page.goto(`/client/service-orders/${order.id}?lng=ar`);
    const upload = page.getByRole("button", { name: "رفع" });
    await hydrated(upload);
    await page.getByLabel("إضافة مستندات").setInputFiles({ name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ\0\0") });
    await upload.click();
    await expect(page.getByText("الملف setup.exe ليس من أنواع المستندات المقبولة", { exact: false })).toBeVisible();
    expect(posts).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a client cancels an order after confirming in the page", async ({ page, context }) => {
    const client = createClient();
    const order = createOrderFor(client.id);
    await signIn(context, client.email);
    await page.goto(`/client/service-orders/${order.id}`);
    await expect(page.getByRole("button", { name: "Cancel the order" })).toBeHidden();
    await page.getByText("I want to cancel this order").click();
    await expect(page.getByText("Cancel this order?")).toBeVisible();
    await page.getByLabel("Reason (optional)").fill("Sent by mistake.");
    await page.getByRole("button", { name: "Cancel the order" }).click();
    await expect(page.getByText("Cancelled").first()).toBeVisible();
    await expect(page.getByText("Sent by mistake.")).toBeVisible();
  });

  test("an admin cancels a tracker card after confirming in the card", async ({ page, context }) => {
    const client = createClient();
    const order = createOrderFor(client.id, { dueDate: "1990-01-02" });
    await signIn(context, DEMO.admin);
    await acceptCookies(context);
    await page.goto("/dashboard/service-tracker");
    const card = page.locator(`[data-status="pending"] [data-order="${order.reference}"]`);
    await expect(card.getByRole("button", { name: "Cancel the order" })).toBeHidden();
    await card.getByText("Move to Cancelled").click();
    await expect(card.getByText(`Cancel order ${order.reference}?`)).toBeVisible();
    await card.getByRole("button", { name: "Cancel the order" }).click();
    await expect(page).toHaveURL("/dashboard/service-tracker");
    await expect(page.locator(`[data-order="${order.reference}"]`)).toHaveCount(0);
  });

  test("the order form is a plain multipart POST", async ({ page, context }) => {
    const client = createClient();
    await signIn(context, client.email);
    await page.goto("/client/service-orders/new?service=notary");
    await page.getByLabel("What do you need?").fill("Notarise a power of attorney, two signers.");
    await page.getByLabel("Documents").setInputFiles({ name: "poa.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ\0\0 an executable") });
    await page.getByRole("button", { name: "Place the order" }).click();
    await expect(page.getByText("poa.pdf is not an accepted document type")).toBeVisible();
    await expect(page.getByLabel("What do you need?")).toHaveValue("Notarise a power of attorney, two signers.");
    await page.getByLabel("Documents").setInputFiles({ name: "poa.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Place the order" }).click();
    await expect(page).toHaveURL(/\/client\/service-orders\/[0-9a-f-]{36}$/);
    await expect(page.getByText("poa.pdf", { exact: true }).first()).toBeVisible();
  });
});

test.describe("an admin works the service tracker", () => {
  test("moves an order with a button, then by drag and drop, and the client sees it", async ({ page, context, browser }) => {
    const client = createClient({ fullName: "Board Client" });
    // Long overdue, so the most urgent card of each column: the board shows 25 per column, and other
    // tests' orders share it.
    const order = createOrderFor(client.id, { dueDate: "2000-01-03" });
    await acceptCookies(context);
    await signIn(context, DEMO.admin);

    await page.goto("/dashboard/service-tracker");
    await expect(page.getByRole("heading", { level: 1, name: "Service tracker" })).toBeVisible();
    const card = page.locator(`[data-order="${order.reference}"]`);
    await expect(page.locator('[data-status="pending"]').locator(`[data-order="${order.reference}"]`)).toBeVisible();
    await card.getByRole("button", { name: /Move to In review/ }).click();
    await expect(page.locator('[data-status="in_review"]').locator(`[data-order="${order.reference}"]`)).toBeVisible();

    // The card is offered for dragging once the page is hydrated (the button above may have reloaded it),
    // and the board must have settled (the move's revalidation re-renders the columns).
    await expect(page.locator(`[data-order="${order.reference}"]`)).toHaveAttribute("draggable", "true");
    await page.waitForLoadState("networkidle");
    // Dragged in steps, as a hand would: Chromium starts an HTML5 drag only after the pointer moves a little.
    // Bring the card into view, and drop it at the same height in the next column (the columns
    // stretch to equal height).
    await page.locator(`[data-order="${order.reference}"]`).scrollIntoViewIfNeeded();
    const from = (await page.locator(`[data-order="${order.reference}"]`).boundingBox())!;
    const to = (await page.locator('[data-status="in_progress"]').boundingBox())!;
    const y = from.y + from.height / 2;
    await page.mouse.move(from.x + from.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, y, { steps: 5 });
    // Into the target column's list, below its heading.
    await page.mouse.move(to.x + to.width / 2, Math.max(y, to.y + Math.min(to.height / 2, 200)), { steps: 15 });
    await page.mouse.up();
    await expect(page.locator('[data-status="in_progress"]').locator(`[data-order="${order.reference}"]`)).toBeVisible();

    // The client was told, and sees the new state with its history.
    const notices = notificationsOf(client.id).filter((row) => row.type === "order.status");
    expect(notices).toHaveLength(2);
    expect(notices[0]!.link).toBe(`/client/service-orders/${order.id}`);
    const clientContext = await browser.newContext();
    await signIn(clientContext, client.email);
    const clientPage = await clientContext.newPage();
    await clientPage.goto(`/client/service-orders/${order.id}`);
    await expect(clientPage.getByText("In progress").first()).toBeVisible();
    await expect(clientPage.getByText("In review").first()).toBeVisible();
    await clientContext.close();
  });

  test("cancelling a card is a quiet move that asks first, in English and Arabic @mobile", async ({ page, context }) => {
    // Every pending card on the shared board is checked (30 and more once the other specs have made theirs).
    test.slow();
    const client = createClient({ fullName: "Cancel Client" });
    const first = createOrderFor(client.id, { dueDate: "1990-01-02" });
    const second = createOrderFor(client.id, { dueDate: "1990-01-02" });
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
    const errors = watchErrors(page);
    const pending = (reference: string) => page.locator(`[data-status="pending"] [data-order="${reference}"]`);

    await page.goto("/dashboard/service-tracker");
    const card = pending(first.reference);
    await hydrated(card);
    // The forward move stays a button of the card; no card's cancel is a filled button that moves at once.
    await expect(card.getByRole("button", { name: `Move to In review (${first.reference})` })).toBeVisible();
    const cancels = page.getByRole("button", { name: /^Move to Cancelled/ });
    await expect.poll(() => cancels.count()).toBeGreaterThan(1);
    for (const cancel of await cancels.all()) {
      await expect(cancel).toHaveAttribute("type", "button");
      await expect(cancel).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    }

    // Asking first: closing the confirmation leaves the order where it was.
    await card.getByRole("button", { name: `Move to Cancelled (${first.reference})` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: `Cancel order ${first.reference}?` })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(pending(first.reference)).toBeVisible();
    await pending(first.reference)
      .getByRole("button", { name: `Move to Cancelled (${first.reference})` })
      .click();
    await dialog.getByRole("button", { name: "Cancel the order" }).click();
    // The board has no Cancelled column: the card leaves it.
    await expect(page.getByText("Status changed to Cancelled.")).toBeVisible();
    await expect(page.locator(`[data-order="${first.reference}"]`)).toHaveCount(0);

    // Arabic, right to left: the same quiet move and its confirmation.
    await page.goto("/dashboard/service-tracker?lng=ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const arabicCard = pending(second.reference);
    await hydrated(arabicCard);
    const arabicCancel = arabicCard.getByRole("button", { name: `نقل إلى «ملغى» (${second.reference})` });
    await expect(arabicCancel).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await arabicCancel.click();
    await expect(dialog.getByRole("heading", { name: `هل تريد إلغاء الطلب ${second.reference}؟` })).toBeVisible();
    await dialog.getByRole("button", { name: "إلغاء الطلب" }).click();
    await expect(page.locator(`[data-order="${second.reference}"]`)).toHaveCount(0);
    errors.expectNone();
  });

  test("changes a status from the order page, with a note, limited to allowed states", async ({ page, context }) => {
    const client = createClient();
    const order = createOrderFor(client.id);
    await signIn(context, DEMO.admin);
    await page.goto(`/dashboard/service-orders/${order.id}`);
    const select = page.getByLabel("New status");
    await expect(select.locator("option")).toHaveText(["In review", "Cancelled"]);
    await select.selectOption("in_review");
    await page.getByLabel("Note to the client (optional)").fill("We are checking your documents.");
    await page.getByRole("button", { name: "Change status" }).click();
    await expect(page.getByText("We are checking your documents.")).toBeVisible();
    await expect(page.getByLabel("New status").locator("option")).toHaveText(["In progress", "Waiting for client", "Cancelled"]);

    await page.getByLabel("New note").fill("Client called, originals arrive Monday.");
    await page.getByRole("button", { name: "Add the note" }).click();
    await expect(page.getByText("Client called, originals arrive Monday.")).toBeVisible();

    await page.goto(`/dashboard/service-orders?q=${order.reference}`);
    await expect(page.getByRole("link", { name: order.reference })).toBeVisible();
  });
});

test("an empty internal note is refused at its field, with JavaScript, before anything is sent", async ({ page, context }) => {
  const order = createOrderFor(createClient().id);
  await signIn(context, DEMO.admin);
  const errors = watchErrors(page);
  await page.goto(`/dashboard/service-orders/${order.id}`);
  await hydrated(page.locator("form#order-note"));
  const posts = requestsTo(page, "POST", `/dashboard/service-orders/${order.id}`);
  await page.getByRole("button", { name: "Add the note" }).click();
  await expect(page.locator("#order-note-body-error")).toHaveText("Write the note.");
  await expect(page.getByLabel("New note")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
  errors.expectNone();
});

test("an overdue order without a due date says it has been open too long, not that a due date passed", async ({ page, context }) => {
  const client = createClient({ fullName: "Undated Order Client" });
  const createdAt = new Date(Date.now() - 20 * 24 * 60 * 60 * 1000).toISOString();
  const undated = createOrderFor(client.id, { status: "in_review", createdAt });
  const dated = createOrderFor(client.id, { status: "in_review", dueDate: "2020-01-15", createdAt });
  await signIn(context, DEMO.admin);
  await page.goto(`/dashboard/service-orders?q=${undated.reference}`);
  const undatedRow = page.getByRole("row").filter({ hasText: undated.reference });
  await expect(undatedRow.getByText("Open over 14 days")).toBeVisible();
  await expect(undatedRow.getByText("Overdue")).toHaveCount(0);
  await page.goto(`/dashboard/service-orders?q=${dated.reference}`);
  await expect(page.getByRole("row").filter({ hasText: dated.reference }).getByText("Overdue")).toBeVisible();
  await page.goto(`/dashboard/service-orders/${undated.id}`);
  await expect(page.locator("header, main").getByText("Open over 14 days").first()).toBeVisible();
});

test("a completed order tells its real state: its price and what is left to pay, never a quote still to come", async ({ page, context }) => {
  const client = createClient();
  const order = createOrderFor(client.id, { status: "completed", priceCents: 12_000 });
  createOpenInvoiceFor(client.id, order.id, 12_000);
  const waiting = createOrderFor(client.id);
  await signIn(context, client.email);
  await page.goto(`/client/service-orders/${order.id}`);
  await expect(page.getByText("$120.00").first()).toBeVisible();
  await expect(page.getByTestId("order-balance")).toHaveText("Left to pay on this order: $120.00");
  await expect(page.getByText("No documents were attached to this order.")).toBeVisible();
  await expect(page.getByText("Not yet quoted")).toHaveCount(0);
  await expect(page.getByText(/We will send you one/)).toHaveCount(0);
  await expect(page.getByText("No documents yet.")).toHaveCount(0);
  // A new order is still to be quoted: there the promise is true.
  await page.goto(`/client/service-orders/${waiting.id}`);
  await expect(page.getByText("Not yet quoted")).toBeVisible();
  await expect(page.getByText(/We will send you one/)).toBeVisible();
  await expect(page.getByText("No documents yet.")).toBeVisible();
});

test("cancelling a new order is a quiet button, not the loudest thing on its page", async ({ page, context }) => {
  const client = createClient();
  const order = createOrderFor(client.id);
  await signIn(context, client.email);
  await page.goto(`/client/service-orders/${order.id}`);
  const cancel = page.getByTestId("cancel-order");
  await hydrated(cancel);
  await expect(cancel).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await cancel.click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
});

test("a client's order card is one link as a whole @mobile", async ({ page, context }) => {
  const client = createClient();
  const order = createOrderFor(client.id);
  await signIn(context, client.email);
  await page.goto("/client/service-orders");
  const card = page.getByTestId("order-card").filter({ hasText: order.reference });
  await expect(card.getByRole("link")).toHaveCount(1);
  await expect(card.locator("button, input, select, textarea")).toHaveCount(0);
  // A press on the card's reference line, away from the title, opens the order.
  await card.getByText(order.reference).click({ force: true });
  await expect(page).toHaveURL(new RegExp(`/client/service-orders/${order.id}$`));
});

test.describe("the client overview names the next appointment's time in the viewer's zone", () => {
  for (const timezoneId of ["America/Los_Angeles", "Asia/Dubai"]) {
    test(`a 10:00 AM Detroit appointment reads 10:00 AM Eastern, with and without JavaScript (browser in ${timezoneId})`, async ({ browser }) => {
      const client = createClient();
      const startsAt = DateTime.now().setZone("America/Detroit").plus({ days: 3 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 }).toUTC().toISO()!;
      createAppointmentFor(client.id, startsAt);
      const texts: string[] = [];
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({ timezoneId, javaScriptEnabled, locale: "en-US" });
        await acceptCookies(context);
        await signIn(context, client.email);
        const page = await context.newPage();
        const errors = watchErrors(page);
        await page.goto("/client");
        if (javaScriptEnabled) await hydrated(page.getByTestId("sidebar-trigger"));
        const time = page.getByTestId("next-appointment-time");
        await expect(time).toHaveText(/\b10:00\sAM\sE[SD]T$/);
        await expect(time).toHaveAttribute("datetime", startsAt);
        texts.push((await time.textContent())!);
        errors.expectNone();
        await context.close();
      }
      expect(texts[1]).toBe(texts[0]);
    });
  }
});

test.describe("the service tracker scrolls within itself, never the page", () => {
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
  const board = (page: Page) => page.getByTestId("board-scroller");

  test("at 1440 px the five columns fit; at 390 px the board scrolls sideways with a hint and buttons @mobile", async ({ page, context }) => {
    createOrderFor(createClient().id);
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
    const errors = watchErrors(page);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/dashboard/service-tracker");
    await hydrated(page.getByTestId("sidebar-trigger"));
    expect(await pageWidth(page)).toBe(1440);
    const wide = await board(page).evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(wide.scroll).toBeLessThanOrEqual(wide.client);
    for (const status of ["pending", "in_review", "in_progress", "waiting_for_client", "completed"]) {
      await expect(page.locator(`[data-status="${status}"]`)).toBeInViewport();
    }
    await expect(page.getByTestId("board-scroll-hint")).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await hydrated(page.getByTestId("sidebar-trigger"));
    await expect(page.getByTestId("board-scroll-hint")).toBeVisible();
    expect(await pageWidth(page)).toBe(390);
    const narrow = await board(page).evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(narrow.scroll).toBeGreaterThan(narrow.client);
    await expect(page.locator('[data-status="completed"]')).not.toBeInViewport();
    const back = page.getByRole("button", { name: "Show the previous columns" });
    await expect(back).toBeDisabled();
    await page.getByRole("button", { name: "Show the next columns" }).click();
    await expect.poll(() => board(page).evaluate((element) => element.scrollLeft), { intervals: [100] }).toBeGreaterThan(0);
    await expect(back).toBeEnabled();
    expect(await pageWidth(page)).toBe(390);
    errors.expectNone();
  });

  test("in Arabic at 390 px the page does not scroll sideways either, and the buttons follow the reading direction", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard/service-tracker?lng=ar");
    await hydrated(page.getByTestId("sidebar-trigger"));
    await expect(page.getByTestId("board-scroll-hint")).toBeVisible();
    expect(await pageWidth(page)).toBe(390);
    await page.getByRole("button", { name: "عرض الأعمدة التالية" }).click();
    // Right to left, scrolling on moves towards negative scrollLeft.
    await expect.poll(() => board(page).evaluate((element) => element.scrollLeft), { intervals: [100] }).toBeLessThan(0);
    expect(await pageWidth(page)).toBe(390);
  });
});
