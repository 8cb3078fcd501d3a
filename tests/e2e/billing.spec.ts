import type { BrowserContext, Locator, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { latestMailTo } from "../support/mail";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";
import { createOrderFor } from "./orders-helpers";

/**
 * Quotes, invoices and payment, in English and in Arabic, with JavaScript on: staff send a
 * quote, the client accepts it (its invoice is issued), pays through Checkout on the fake Stripe
 * (tests/support/stripe-server.ts, a second web server of playwright.config.ts), comes back to
 * /client/payment-success, which shows it paid, and gets the receipt by e-mail; staff record an
 * office payment (the manual provider); a cancelled Checkout leaves the invoice open.
 */
type Strings = Record<string, Record<string, unknown>>;
const strings = (language: string): Strings => JSON.parse(fs.readFileSync(path.join("app/locales", language, "billing.json"), "utf8")) as Strings;
const word = (s: Strings, key: string, params: Record<string, string> = {}): string => {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], s) as string;
  return value.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => params[name] ?? "");
};

function setLocale(userId: string, locale: string): void {
  const db = openTestDatabase();
  try {
    db.prepare("update users set locale = ? where id = ?").run(locale, userId);
  } finally {
    db.close();
  }
}

function setPrice(orderId: string, cents: number): void {
  const db = openTestDatabase();
  try {
    db.prepare("update service_orders set price_cents = ? where id = ?").run(cents, orderId);
  } finally {
    db.close();
  }
}

function invoiceState(invoiceId: string): string {
  const db = openTestDatabase();
  try {
    return (db.prepare("select status from invoices where id = ?").get(invoiceId) as { status: string }).status;
  } finally {
    db.close();
  }
}

function dueDateOf(invoiceId: string): string | null {
  const db = openTestDatabase();
  try {
    return (db.prepare("select due_date from invoices where id = ?").get(invoiceId) as { due_date: string | null }).due_date;
  } finally {
    db.close();
  }
}

/** An issued, open invoice of the client (written straight into the database), for tests that start there. */
function openInvoiceFor(clientId: string, email: string, cents: number): { id: string; number: string } {
  const db = openTestDatabase();
  try {
    const id = randomUUID();
    const sequence = 1000 + Math.floor(Math.random() * 8_000_000);
    const number = `1998-${sequence}`;
    const now = new Date().toISOString();
    db.prepare(
      "insert into invoices (id, number, year, sequence, client_id, bill_to_name, bill_to_email, status, currency, subtotal_cents, discount_cents, tax_cents, total_cents, issued_at, created_at, updated_at) values (?, ?, 1998, ?, ?, 'Test Client', ?, 'open', 'USD', ?, 0, 0, ?, ?, ?, ?)",
    ).run(id, number, sequence, clientId, email, cents, cents, now, now, now);
    db.prepare(
      "insert into billing_lines (id, invoice_id, position, kind, description, quantity, unit_cents, amount_cents) values (?, ?, 0, 'item', 'Notary service', 1, ?, ?)",
    ).run(randomUUID(), id, cents, cents);
    return { id, number };
  } finally {
    db.close();
  }
}

async function inLanguage(context: BrowserContext, language: string): Promise<void> {
  await acceptCookies(context);
  await context.addCookies([{ name: "lng", value: language, url: `http://localhost:${process.env.E2E_PORT}` }]);
}

/**
 * "Pay now", then Pay or Cancel on the fake Stripe's hosted page, and back. Our pages' errors
 * are checked before leaving (the fake's own page, which has no favicon, is not ours); a new
 * watch starts once the browser is back on the app.
 */
async function payOnCheckout(
  page: Page,
  errors: { expectNone: () => void },
  payNow: Locator,
  button: "Pay" | "Cancel",
): Promise<{ sessionId: string; errors: ReturnType<typeof watchErrors> }> {
  errors.expectNone();
  page.removeAllListeners("console");
  page.removeAllListeners("pageerror");
  page.removeAllListeners("response");
  await payNow.click();
  await expect(page).toHaveURL(/\/checkout\/cs_/);
  const sessionId = /\/checkout\/(cs_[^/?#]+)/.exec(page.url())![1]!;
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.waitForURL((url) => url.port === process.env.E2E_PORT);
  return { sessionId, errors: watchErrors(page) };
}

for (const language of ["en", "ar"] as const) {
  const s = strings(language);

  test.describe(`billing (${language})`, () => {
    test("staff quote → client accepts → invoice → pays through Checkout → paid → receipt", async ({ browser }) => {
      test.setTimeout(90_000);
      const client = createClient({ fullName: language === "ar" ? "أمينة حداد" : "Amina Haddad" });
      setLocale(client.id, language);
      const order = createOrderFor(client.id);

      // Staff write and send the quote.
      const staffContext = await browser.newContext({ locale: language === "ar" ? "ar-AE" : "en-US" });
      await inLanguage(staffContext, language);
      await signIn(staffContext, DEMO.admin);
      const staff = await staffContext.newPage();
      const staffErrors = watchErrors(staff);
      await staff.goto(`/dashboard/service-orders/${order.id}`);
      const editor = staff.getByTestId("quote-editor");
      await hydrated(editor.getByRole("button", { name: word(s, "quote.send") }));
      await editor
        .getByLabel(word(s, "lines.description"))
        .first()
        .fill(language === "ar" ? "ترجمة معتمدة لشهادة ميلاد" : "Certified translation of a birth certificate");
      await editor.getByLabel(word(s, "lines.unitPrice")).first().fill("150.00");
      await editor.getByRole("button", { name: word(s, "quote.send") }).click();
      await expect(staff.getByTestId("order-quotes")).toContainText(word(s, "quoteState.sent"));
      staffErrors.expectNone();

      // The client accepts it: the invoice is issued at once.
      const clientContext = await browser.newContext({ locale: language === "ar" ? "ar-AE" : "en-US" });
      await inLanguage(clientContext, language);
      await signIn(clientContext, client.email);
      const page = await clientContext.newPage();
      let errors = watchErrors(page);
      // The overview says a quote awaits an answer, and leads to it.
      await page.goto("/client");
      await page.getByTestId("quotes-awaiting").getByRole("link").first().click();
      await expect(page).toHaveURL(new RegExp(`/client/service-orders/${order.id}$`));
      const quote = page.getByTestId("client-quote");
      await expect(quote).toContainText("150.00");
      const accept = quote.getByRole("button", { name: word(s, "quote.accept") });
      await hydrated(accept);
      await accept.click();
      await expect(page).toHaveURL(/\/client\/invoices\/[0-9a-f-]{36}$/);
      const invoiceId = page.url().split("/").at(-1)!;
      const number = (await page.getByTestId("invoice-number").textContent())!.trim();
      expect(number).toMatch(/^\d{4}-\d{4,}$/);
      await expect(page.getByText(word(s, "state.open")).first()).toBeVisible();
      await expect(page.getByTestId("invoice-balance")).toContainText("150.00");

      // Pay now → the fake Stripe's hosted page → Pay → back on /client/payment-success.
      ({ errors } = await payOnCheckout(page, errors, page.getByRole("button", { name: word(s, "client.payNow") }), "Pay"));
      await expect(page).toHaveURL(/\/client\/payment-success\?session_id=cs_/);
      await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "paid");
      await expect(page.getByRole("heading", { name: word(s, "success.paid") })).toBeVisible();
      await expect.poll(() => invoiceState(invoiceId), { intervals: [100] }).toBe("paid");

      // The receipt, in the client's language.
      await expect
        .poll(() => latestMailTo(process.env.E2E_DATA_DIR!, client.email)?.subject ?? "", { timeout: 15_000, intervals: [100] })
        .toBe(word(s, "email.paymentReceived.subject", { number }));

      // The invoice page says so; staff see it paid.
      await page.goto(`/client/invoices/${invoiceId}`);
      await expect(page.getByText(word(s, "state.paid")).first()).toBeVisible();
      await staff.goto(`/dashboard/invoices/${invoiceId}`);
      await expect(staff.getByText(word(s, "state.paid")).first()).toBeVisible();
      await expect(staff.getByTestId("payments")).toContainText(word(s, "method.stripe"));
      errors.expectNone();
      await clientContext.close();
      await staffContext.close();
    });

    test("the manual provider: staff create the invoice, issue it and record an office payment", async ({ browser }) => {
      test.setTimeout(60_000);
      const client = createClient();
      setLocale(client.id, language);
      const order = createOrderFor(client.id);
      setPrice(order.id, 8_000);
      const context = await browser.newContext({ locale: language === "ar" ? "ar-AE" : "en-US" });
      await inLanguage(context, language);
      await signIn(context, DEMO.admin);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`/dashboard/service-orders/${order.id}`);
      const create = page.getByTestId("create-invoice").getByRole("button", { name: word(s, "createInvoice.submit") });
      await hydrated(create);
      await create.click();
      await expect(page).toHaveURL(/\/dashboard\/invoices\/[0-9a-f-]{36}$/);
      const invoiceId = page.url().split("/").at(-1)!;
      await expect(page.getByText(word(s, "state.draft")).first()).toBeVisible();

      const issue = page.getByTestId("issue-invoice");
      await hydrated(issue);
      await issue.click();
      // Issuing asks for the due date (the usual term from today, changed here).
      const dialog = page.getByRole("alertdialog");
      await expect(dialog.getByLabel(word(s, "invoice.issueDue"))).not.toHaveValue("");
      await dialog.getByLabel(word(s, "invoice.issueDue")).fill("2031-03-14");
      await dialog.getByRole("button", { name: word(s, "invoice.issueConfirm") }).click();
      await expect(page.getByText(word(s, "state.open")).first()).toBeVisible();
      expect(dueDateOf(invoiceId)).toBe("2031-03-14");
      await page.goto(`/client/invoices/${invoiceId}`);
      await expect(page.getByTestId("invoice-due")).toHaveText(
        new Intl.DateTimeFormat(language === "ar" ? "ar-u-nu-latn" : "en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
          new Date("2031-03-14T00:00:00Z"),
        ),
      );
      await page.goBack();
      await expect(page.getByTestId("invoice-balance")).toContainText("80.00");

      const form = page.getByTestId("record-payment");
      await form.getByLabel(word(s, "payment.method")).selectOption("zelle");
      await form.getByLabel(word(s, "payment.reference"), { exact: true }).fill("ZL-2026-118");
      await form.getByRole("button", { name: word(s, "payment.submit") }).click();
      await expect(page.getByText(word(s, "state.paid")).first()).toBeVisible();
      await expect(page.getByTestId("payments")).toContainText("ZL-2026-118");
      await expect(page.getByTestId("invoice-balance")).toContainText("0.00");
      expect(invoiceState(invoiceId)).toBe("paid");
      errors.expectNone();
      await context.close();
    });

    test("a cancelled Checkout leaves the invoice open", async ({ browser }) => {
      const client = createClient();
      setLocale(client.id, language);
      const invoice = openInvoiceFor(client.id, client.email, 4_500);
      const context = await browser.newContext({ locale: language === "ar" ? "ar-AE" : "en-US" });
      await inLanguage(context, language);
      await signIn(context, client.email);
      const page = await context.newPage();
      const before = watchErrors(page);
      await page.goto(`/client/invoices/${invoice.id}`);
      const pay = page.getByRole("button", { name: word(s, "client.payNow") });
      await hydrated(pay);
      const { sessionId, errors } = await payOnCheckout(page, before, pay, "Cancel");
      await expect(page).toHaveURL(new RegExp(`/client/invoices/${invoice.id}\\?checkout=cancelled$`));
      await expect(page.getByTestId("checkout-cancelled")).toBeVisible();
      await expect(page.getByText(word(s, "state.open")).first()).toBeVisible();
      expect(invoiceState(invoice.id)).toBe("open");

      // The success page reads the session on the server: not paid, whatever the address says.
      await page.goto(`/client/payment-success?session_id=${sessionId}`);
      await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "cancelled");
      expect(invoiceState(invoice.id)).toBe("open");
      errors.expectNone();
      await context.close();
    });
  });
}

test("without a session id, /client/payment-success shows the latest payment and a way to the invoices (never a 404)", async ({ page, context }) => {
  const client = createClient();
  await acceptCookies(context);
  await signIn(context, client.email);
  const response = await page.goto("/client/payment-success");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "View my invoices" })).toBeVisible();
  const foreign = await page.goto("/client/payment-success?session_id=cs_someone_else");
  expect(foreign?.status()).toBe(200);
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "unknown");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("staff add a quote line and send the quote, the client accepts, staff record the payment", async ({ browser }) => {
    test.setTimeout(60_000);
    const s = strings("en");
    const client = createClient();
    const order = createOrderFor(client.id);
    const staffContext = await browser.newContext({ javaScriptEnabled: false });
    await inLanguage(staffContext, "en");
    await signIn(staffContext, DEMO.admin);
    const staff = await staffContext.newPage();
    await staff.goto(`/dashboard/service-orders/${order.id}`);
    const editor = staff.getByTestId("quote-editor");
    await editor.getByLabel(word(s, "lines.description")).first().fill("Translation, 3 pages");
    await editor.getByLabel(word(s, "lines.quantity")).first().fill("3");
    await editor.getByLabel(word(s, "lines.unitPrice")).first().fill("40");
    // "Add a line" posts the form; the page comes back with a second line and what was typed.
    await editor.getByRole("button", { name: word(s, "quote.addLine") }).click();
    await expect(editor.getByLabel(word(s, "lines.description"))).toHaveCount(2);
    await expect(editor.getByLabel(word(s, "lines.description")).first()).toHaveValue("Translation, 3 pages");
    await editor.getByLabel(word(s, "lines.kind")).nth(1).selectOption("discount");
    await editor.getByLabel(word(s, "lines.description")).nth(1).fill("Returning client");
    await editor.getByLabel(word(s, "lines.unitPrice")).nth(1).fill("10");
    await editor.getByRole("button", { name: word(s, "quote.send") }).click();
    await expect(staff.getByTestId("order-quotes")).toContainText("$110.00");

    const clientContext = await browser.newContext({ javaScriptEnabled: false });
    await inLanguage(clientContext, "en");
    await signIn(clientContext, client.email);
    const page = await clientContext.newPage();
    await page.goto(`/client/service-orders/${order.id}`);
    await page
      .getByTestId("client-quote")
      .getByRole("button", { name: word(s, "quote.accept") })
      .click();
    await expect(page).toHaveURL(/\/client\/invoices\/[0-9a-f-]{36}$/);
    const invoiceId = page.url().split("/").at(-1)!;
    await expect(page.getByTestId("invoice-balance")).toContainText("$110.00");

    await staff.goto(`/dashboard/invoices/${invoiceId}`);
    const form = staff.getByTestId("record-payment");
    await form.getByLabel(word(s, "payment.amount")).fill("abc");
    await form.getByRole("button", { name: word(s, "payment.submit") }).click();
    await expect(staff.getByTestId("record-payment")).toContainText(word(s, "errors.amountInvalid"));
    await staff.getByTestId("record-payment").getByLabel(word(s, "payment.amount")).fill("110");
    await staff.getByTestId("record-payment").getByLabel(word(s, "payment.method")).selectOption("check");
    await staff
      .getByTestId("record-payment")
      .getByRole("button", { name: word(s, "payment.submit") })
      .click();
    await expect(staff.getByText(word(s, "state.paid")).first()).toBeVisible();
    expect(invoiceState(invoiceId)).toBe("paid");
    await clientContext.close();
    await staffContext.close();
  });
});

/** The firm's Zelle recipient and check payee, as staff save them in the firm's details. */
async function setOtherWaysToPay(page: Page, values: { zelle: string; payee: string }): Promise<void> {
  await page.goto("/dashboard/content/firm");
  const save = page.getByRole("button", { name: "Save", exact: true });
  await hydrated(save);
  await page.getByLabel("Zelle recipient (e-mail or phone)").fill(values.zelle);
  await page.getByLabel("Checks payable to").fill(values.payee);
  await expect(page.getByLabel("Zelle recipient (e-mail or phone)")).toHaveValue(values.zelle);
  await save.click();
  await expect(page.getByText("Saved. The public site shows it now.")).toBeVisible();
}

async function pdfText(page: Page, invoiceId: string): Promise<string> {
  const response = await page.request.get(`/resources/invoices/${invoiceId}.pdf`);
  expect(response.status()).toBe(200);
  const { extractText, getDocumentProxy } = await import("unpdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.body())), { mergePages: true });
  return (text as string).normalize("NFKC");
}

test("an invoice shows its due date, and offers Zelle and check only once the firm has set them (page and PDF)", async ({ browser }) => {
  test.setTimeout(60_000);
  const client = createClient();
  const invoice = openInvoiceFor(client.id, client.email, 12_500);
  const db = openTestDatabase();
  try {
    db.prepare("update invoices set due_date = '2031-01-15' where id = ?").run(invoice.id);
  } finally {
    db.close();
  }
  const staffContext = await browser.newContext();
  await inLanguage(staffContext, "en");
  await signIn(staffContext, DEMO.admin);
  const staff = await staffContext.newPage();
  const clientContext = await browser.newContext();
  await inLanguage(clientContext, "en");
  await signIn(clientContext, client.email);
  const page = await clientContext.newPage();
  const errors = watchErrors(page);
  try {
    // A Zelle recipient is an e-mail address or a phone number.
    await staff.goto("/dashboard/content/firm");
    const save = staff.getByRole("button", { name: "Save", exact: true });
    await hydrated(save);
    await staff.getByLabel("Zelle recipient (e-mail or phone)").fill("pay us");
    await save.click();
    await expect(staff.getByText("Enter the e-mail address or phone number registered with Zelle.")).toBeVisible();
    await expect(staff.getByLabel("Zelle recipient (e-mail or phone)")).toHaveValue("pay us");

    await setOtherWaysToPay(staff, { zelle: "", payee: "" });
    await page.goto(`/client/invoices/${invoice.id}`);
    await expect(page.getByTestId("invoice-due")).toHaveText("Jan 15, 2031");
    await expect(page.getByTestId("other-ways-to-pay")).toHaveCount(0);
    let text = await pdfText(page, invoice.id);
    expect(text).toContain("Due date");
    expect(text).toContain("Jan 15, 2031");
    expect(text).not.toContain("Zelle");
    expect(text).not.toContain("payable to");

    await setOtherWaysToPay(staff, { zelle: "billing@firm.example", payee: "Sample Tax & Translation LLC" });
    await staff.goto(`/dashboard/invoices/${invoice.id}`);
    await expect(staff.getByText("Due on Jan 15, 2031")).toBeVisible();
    await page.reload();
    const ways = page.getByTestId("other-ways-to-pay");
    await expect(ways).toContainText(`By Zelle to billing@firm.example, with the invoice number ${invoice.number} in the memo.`);
    await expect(ways).toContainText("By check payable to Sample Tax & Translation LLC");
    text = await pdfText(page, invoice.id);
    expect(text).toContain("billing@firm.example");
    expect(text).toContain("Sample Tax & Translation LLC");
    errors.expectNone();
  } finally {
    await setOtherWaysToPay(staff, { zelle: "", payee: "" });
    await staffContext.close();
    await clientContext.close();
  }
});
