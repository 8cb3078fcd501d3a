import type { Browser, Locator, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { textImage, textPdf } from "../support/documents";
import { latestMailTo, pathTokenLinkIn } from "../support/mail";
import { createClient, DEMO, expect, hydrated, signIn, test, watchErrors } from "./fixtures";
import { createOrderFor } from "./orders-helpers";

/**
 * Issue 32's journey, in English and in Arabic (right to left), with nothing written into the
 * database but the client and their order: staff send a request from the translation template on
 * the order's page; the client opens the e-mail's one-click link in a fresh browser, not signed
 * in, answers everything (two documents on one item) and submits; that restricted session reaches
 * nothing else; staff return one item with a note; the client, signed in, finds it on the to-do
 * list with the note, fixes it and submits again; staff accept every item; the list is complete,
 * its link dead, and the order's timeline tells each step. Every page fails the test on a console
 * or page error.
 */
type Language = "en" | "ar";
type Strings = Record<string, unknown>;

function strings(language: Language, namespace: string): Strings {
  return JSON.parse(fs.readFileSync(path.join("app/locales", language, `${namespace}.json`), "utf8")) as Strings;
}

/** A string of the app's own translations, `{{params}}` filled in as i18next does (no escaping: the timeline is plain text). */
function tr(language: Language, key: string, params: Record<string, string> = {}): string {
  const [namespace, rest] = key.split(":") as [string, string];
  const value = rest.split(".").reduce<unknown>((node, part) => (node as Strings)[part], strings(language, namespace));
  if (typeof value !== "string") throw new Error(`no string ${key} in ${language}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => params[name] ?? "");
}

/** The demo's translation template in each language (app/features/demo/request-templates.server.ts): its title and items, in order. */
const TEMPLATE = {
  en: {
    title: "Translation: originals and names",
    items: [
      "Original documents",
      "Passport identity page",
      "Spelling of every name as in the passport",
      "Where will the translation be submitted?",
      "Certification needed",
      "The documents I upload are complete and unaltered.",
    ],
    names: "MARIA LOPEZ GARCIA\nJOSE LOPEZ",
    where: "A university",
    fixedWhere: "USCIS, for a green card application",
    note: "Please say which office: USCIS or a court.",
  },
  ar: {
    title: "الترجمة: المستندات الأصلية والأسماء",
    items: [
      "المستندات الأصلية",
      "صفحة البيانات في جواز السفر",
      "كتابة كل اسم كما في جواز السفر",
      "أين ستُقدَّم الترجمة؟",
      "التصديق المطلوب",
      "المستندات التي أرفعها كاملة وغير معدّلة.",
    ],
    names: "RANA HADDAD\nOMAR HADDAD",
    where: "جامعة",
    fixedWhere: "دائرة الهجرة الأمريكية (USCIS) لطلب البطاقة الخضراء",
    note: "يرجى ذكر الجهة بالتحديد: دائرة الهجرة أم محكمة.",
  },
} as const;

const RETURNED = 3; // "Where will the translation be submitted?": staff return it with a note.

const submitOf = (form: Locator) => form.locator('button[type="submit"]');
const items = (page: Page) => page.getByTestId("request-item");

/** Answers every item of the client's answering view (restricted or not): two documents on the first, one on the second, the questions and the confirmation. */
async function answerEverything(page: Page, language: Language) {
  const text = TEMPLATE[language];
  const cards = items(page);
  await expect(cards).toHaveCount(text.items.length);
  await hydrated(submitOf(cards.nth(2).getByTestId("answer-form")));

  // Two documents on one item (a PDF and a scan), with the progress bar's upload; then one on the next.
  const originals = cards.nth(0);
  await originals.locator('input[type="file"]').setInputFiles([
    { name: "birth-certificate.pdf", mimeType: "application/pdf", buffer: Buffer.from(await textPdf([["Birth certificate", "Maria Lopez Garcia"]])) },
    { name: "birth-certificate-back.png", mimeType: "image/png", buffer: textImage(["Stamp of the civil registry"]) },
  ]);
  await submitOf(originals.getByTestId("upload-form")).click();
  await expect(originals.getByTestId("item-state")).toHaveAttribute("data-state", "uploaded");
  await expect(originals.getByTestId("item-files").locator("li")).toHaveCount(2);
  await expect(originals.getByTestId("item-files")).toContainText("birth-certificate-back.png");

  const passport = cards.nth(1);
  await passport
    .locator('input[type="file"]')
    .setInputFiles([{ name: "passport.png", mimeType: "image/png", buffer: textImage(["PASSPORT", "LOPEZ GARCIA MARIA"]) }]);
  await submitOf(passport.getByTestId("upload-form")).click();
  await expect(passport.getByTestId("item-state")).toHaveAttribute("data-state", "uploaded");

  // The questions: long text, short text, a choice; then the confirmation.
  const names = cards.nth(2);
  await names.locator('textarea[name="answer"]').fill(text.names);
  await submitOf(names.getByTestId("answer-form")).click();
  await expect(names.getByTestId("item-state")).toHaveAttribute("data-state", "answered");
  await expect(names.getByTestId("given-answer")).toContainText(text.names.split("\n")[0]!);

  const where = cards.nth(RETURNED);
  await where.locator('input[name="answer"]').fill(text.where);
  await submitOf(where.getByTestId("answer-form")).click();
  await expect(where.getByTestId("item-state")).toHaveAttribute("data-state", "answered");

  const certification = cards.nth(4);
  await certification.getByRole("radio").first().check();
  await submitOf(certification.getByTestId("answer-form")).click();
  await expect(certification.getByTestId("item-state")).toHaveAttribute("data-state", "answered");

  const confirmation = cards.nth(5);
  await confirmation.locator('input[type="checkbox"]').check();
  await submitOf(confirmation.getByTestId("answer-form")).click();
  await expect(confirmation.getByTestId("item-state")).toHaveAttribute("data-state", "answered");
}

async function submitList(page: Page) {
  const submit = submitOf(page.getByTestId("submit-card"));
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId("list-status")).toHaveAttribute("data-status", "submitted");
  await expect(page.getByTestId("submit-card")).toHaveCount(0);
}

/** The client's own browser: nothing shared with staff's, in their language (Accept-Language). */
function clientBrowser(browser: Browser, language: Language) {
  return browser.newContext({ locale: language === "ar" ? "ar" : "en-US" });
}

for (const language of ["en", "ar"] as const) {
  test(`staff send a request from a template, the client answers through the e-mail's link, a return is fixed, the list completes (${language})`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(180_000);
    const text = TEMPLATE[language];
    const dir = language === "ar" ? "rtl" : "ltr";
    const client = createClient({ fullName: `Journey ${randomUUID().slice(0, 6)}`, locale: language });
    const order = createOrderFor(client.id, { serviceKey: "translation" });
    const title = `${text.title} ${randomUUID().slice(0, 6)}`;
    const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

    // 1. Staff, in the language of the run, send the template's request from the order's page.
    await signIn(context, DEMO.admin);
    const staffErrors = watchErrors(page);
    await page.goto(`/dashboard/service-orders/${order.id}?lng=${language}`);
    await expect(page.locator("html")).toHaveAttribute("dir", dir);
    const section = page.getByTestId("requests-section");
    const send = section.getByRole("link", { name: tr(language, "requests:staff.section.send") });
    await hydrated(send);
    await send.click();
    await expect(page).toHaveURL(`/dashboard/requests/new?orderId=${order.id}`);
    const chooser = page.getByLabel(tr(language, "requests:staff.new.templateLabel"), { exact: true });
    await hydrated(chooser);
    const templateId = await chooser.locator("option", { hasText: text.title }).getAttribute("value");
    await chooser.selectOption(templateId!);
    await expect(page.getByTestId("item-row")).toHaveCount(text.items.length);
    await expect(page.getByTestId("item-row").first().getByLabel(tr(language, "requests:staff.items.label"))).toHaveValue(text.items[0]);
    await page.locator('input[name="title"]').fill(title);
    await page.locator('input[name="dueDate"]').fill(dueDate);
    await page.getByTestId("send-request").click();
    await expect(page).toHaveURL(/\/dashboard\/requests\/[0-9a-f-]{36}$/);
    const listId = new URL(page.url()).pathname.split("/").at(-1)!;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(items(page)).toHaveCount(text.items.length);

    // 2. The client's e-mail holds the one-click link.
    const dataDir = process.env.E2E_DATA_DIR!;
    await expect.poll(() => latestMailTo(dataDir, client.email)?.text.includes("/r/") ?? false, { timeout: 15_000 }).toBe(true);
    const mail = latestMailTo(dataDir, client.email)!;
    expect(mail.subject).toContain(title);
    const link = pathTokenLinkIn(mail, "/r/");
    expect(new URL(link).pathname).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);

    // 3. A fresh browser, signed in nowhere, opens it: the restricted page of this request only.
    const linkContext = await clientBrowser(browser, language);
    const linkPage = await linkContext.newPage();
    const clientErrors = watchErrors(linkPage);
    const landed = (await linkPage.goto(link))!;
    await expect(linkPage).toHaveURL(`/requests/${listId}`);
    const redirect = await landed.request().redirectedFrom()!.response();
    expect(redirect!.status()).toBe(303);
    expect(redirect!.headers()["referrer-policy"]).toBe("no-referrer");
    expect(["no-referrer", "same-origin"]).toContain(landed.headers()["referrer-policy"]);
    await expect(linkPage.locator("html")).toHaveAttribute("dir", dir);
    await expect(linkPage.getByTestId("restricted-notice")).toContainText(tr(language, "requests:client.restricted.notice"));
    await expect(linkPage.getByTestId("restricted-notice").getByRole("link", { name: tr(language, "requests:client.restricted.signIn") })).toHaveAttribute(
      "href",
      `/login?${new URLSearchParams({ redirectTo: `/client/requests/${listId}` })}`,
    );
    await expect(linkPage.getByRole("heading", { level: 1 })).toHaveText(title);

    // 4. The client answers everything and submits.
    await answerEverything(linkPage, language);
    await submitList(linkPage);

    // 5. That session reaches nothing else: not the client area, not the API.
    expect((await linkContext.request.get("/api/auth/me")).status()).toBe(401);
    await linkPage.goto("/client");
    await expect(linkPage).toHaveURL(/\/login\?redirectTo=%2Fclient$/);

    // 6. Staff return one item with a note.
    await page.reload();
    const returned = items(page).nth(RETURNED);
    await expect(returned).toHaveAttribute("data-item-state", "answered");
    await expect(returned.getByTestId("item-answer")).toHaveText(text.where);
    await hydrated(returned.getByRole("button", { name: tr(language, "requests:staff.detail.return"), exact: true }));
    await returned.getByLabel(tr(language, "requests:staff.detail.note")).fill(text.note);
    await returned.getByRole("button", { name: tr(language, "requests:staff.detail.return"), exact: true }).click();
    await expect(returned).toHaveAttribute("data-item-state", "returned");
    await expect(page.locator('[data-status="open"]').first()).toBeVisible();

    // 7. The client, signed in this time, finds it on the to-do list with the note, fixes it and submits again.
    await signIn(linkContext, client.email);
    await linkPage.goto("/client");
    await expect(linkPage.locator("html")).toHaveAttribute("dir", dir);
    const entries = linkPage.getByTestId("todo-list").getByTestId("todo-request");
    await expect(entries).toHaveCount(1);
    const entry = entries.first();
    await expect(entry).toContainText(text.items[RETURNED]);
    await expect(entry).toContainText(tr(language, "todo:returned"));
    await expect(entry).toContainText(order.reference);
    await expect(entry.getByTestId("todo-note")).toContainText(text.note);
    await hydrated(entry.getByRole("link"));
    await entry.getByRole("link").click();
    await expect(linkPage).toHaveURL(new RegExp(`/client/requests/${listId}#item-[0-9a-f-]{36}$`));
    const fix = items(linkPage).nth(RETURNED);
    await expect(fix.getByTestId("item-state")).toHaveAttribute("data-state", "returned");
    await expect(fix.getByTestId("returned-note")).toContainText(text.note);
    const answer = fix.locator('input[name="answer"]');
    await hydrated(submitOf(fix.getByTestId("answer-form")));
    await answer.fill(text.fixedWhere);
    await submitOf(fix.getByTestId("answer-form")).click();
    await expect(fix.getByTestId("item-state")).toHaveAttribute("data-state", "answered");
    await submitList(linkPage);
    await linkPage.goto("/client");
    await expect(linkPage.getByTestId("todo-empty")).toBeVisible();

    // 8. Staff accept every item: the list is complete.
    await page.reload();
    await expect(items(page).nth(RETURNED).getByTestId("item-answer")).toHaveText(text.fixedWhere);
    const accept = tr(language, "requests:staff.detail.accept");
    for (let index = 0; index < text.items.length; index += 1) {
      const card = items(page).nth(index);
      await hydrated(card.getByRole("button", { name: accept, exact: true }));
      await card.getByRole("button", { name: accept, exact: true }).click();
      await expect(card).toHaveAttribute("data-item-state", "accepted");
    }
    await expect(page.getByTestId("complete-note")).toHaveText(tr(language, "requests:staff.detail.completeNote"));
    await expect(page.locator('[data-status="complete"]').first()).toBeVisible();
    await linkPage.goto(`/client/requests/${listId}`);
    await expect(linkPage.getByTestId("list-status")).toHaveAttribute("data-status", "complete");
    // The list closed: its link no longer opens anything.
    expect((await linkContext.request.get(link, { maxRedirects: 0 })).status()).toBe(410);

    // 9. The order's timeline tells each step, in the client's language.
    await page.goto(`/dashboard/service-orders/${order.id}`);
    const step = (key: string, params: Record<string, string> = {}) =>
      page.getByText(tr(language, `requests:timeline.${key}`, { title, ...params }), { exact: true });
    await expect(step("sent", { dueDate })).toBeVisible();
    await expect(step("submitted")).toHaveCount(2);
    await expect(step("returned", { item: text.items[RETURNED], note: text.note })).toBeVisible();
    for (const label of text.items) await expect(step("accepted", { item: label })).toBeVisible();
    await expect(step("completed")).toBeVisible();

    staffErrors.expectNone();
    clientErrors.expectNone();
    await linkContext.close();
  });
}
