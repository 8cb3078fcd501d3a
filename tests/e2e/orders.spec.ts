import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, signIn, test } from "./fixtures";
import { createOrderFor, notificationsOf, PDF } from "./orders-helpers";

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
    await page.getByLabel("Documents").setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html><script>alert(1)</script></html>") });
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

  test("can cancel a pending order", async ({ page, context }) => {
    const client = createClient();
    const order = createOrderFor(client.id);
    await acceptCookies(context);
    await signIn(context, client.email);
    await page.goto(`/client/service-orders/${order.id}`);
    await page.getByText("I want to cancel this order").click();
    await page.getByLabel("Reason (optional)").fill("Found the original translation.");
    await page.getByRole("button", { name: "Cancel the order" }).click();
    await expect(page.getByText("Cancelled").first()).toBeVisible();
    await expect(page.getByText("Found the original translation.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel the order" })).toHaveCount(0);
  });
});

test("a file over the size limit is refused with a clear message and the form is kept", async ({ page, context }) => {
  const client = createClient();
  await signIn(context, client.email);
  await page.goto("/client/service-orders/new?service=bookkeeping");
  await page.getByLabel("What do you need?").fill("Monthly books for a bakery, twelve statements.");
  const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
  await page.getByLabel("Documents").setInputFiles({ name: "statements.pdf", mimeType: "application/pdf", buffer: big });
  await page.getByRole("button", { name: "Place the order" }).click();
  await expect(page.getByText("statements.pdf is larger than 10 MB.")).toBeVisible();
  await expect(page.getByLabel("What do you need?")).toHaveValue("Monthly books for a bakery, twelve statements.");
  await expect(page.getByLabel("Service")).toHaveValue("bookkeeping");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

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
    const order = createOrderFor(client.id);
    await acceptCookies(context);
    await signIn(context, DEMO.admin);

    await page.goto("/dashboard/service-tracker");
    await expect(page.getByRole("heading", { level: 1, name: "Service tracker" })).toBeVisible();
    const card = page.locator(`[data-order="${order.reference}"]`);
    await expect(page.locator('[data-status="pending"]').locator(`[data-order="${order.reference}"]`)).toBeVisible();
    await card.getByRole("button", { name: /Move to In review/ }).click();
    await expect(page.locator('[data-status="in_review"]').locator(`[data-order="${order.reference}"]`)).toBeVisible();

    // The card is offered for dragging once the page is hydrated (the button above may have reloaded it).
    await expect(page.locator(`[data-order="${order.reference}"]`)).toHaveAttribute("draggable", "true");
    // Dragged in steps, as a hand would: Chromium starts an HTML5 drag only after the pointer moves a little.
    // Other tests' orders share the board, so the card may be far down: bring it into view, and
    // drop it at the same height in the next column (the columns stretch to equal height).
    await page.locator(`[data-order="${order.reference}"]`).scrollIntoViewIfNeeded();
    const from = (await page.locator(`[data-order="${order.reference}"]`).boundingBox())!;
    const to = (await page.locator('[data-status="in_progress"]').boundingBox())!;
    const y = from.y + from.height / 2;
    await page.mouse.move(from.x + from.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, y, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, Math.max(to.y + 10, Math.min(y, to.y + to.height - 10)), { steps: 15 });
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
