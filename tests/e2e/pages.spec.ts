import type { Page, Request } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { acceptCookies } from "./cookies";
import { DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";
import { anyTranslationFile } from "./translation-helpers";

/**
 * Every page of the client area and the dashboard, opened with JavaScript on, in English
 * in Los Angeles and in Arabic in Dubai: no console error, no page error (hydration
 * included: times are formatted in the viewer's zone on both sides), no server error,
 * and every string it shows came with the document (no /locales/ request while it loads).
 * A new page adds its line here.
 */
type Who = keyof typeof DEMO & ("owner" | "admin" | "client");
/** `card`: an account screen of the sign-in layout (one card, no sidebar). */
type PageCase = { path: string | (() => string); as: Who; card?: true };

function firstId(sql: string, ...params: unknown[]): string {
  const db = openTestDatabase();
  try {
    const row = db.prepare(sql).get(...params) as { id: string } | undefined;
    if (!row) throw new Error(`no row for ${sql}`);
    return row.id;
  } finally {
    db.close();
  }
}

const clientId = () => firstId("select id from users where email = ?", DEMO.client);
const orderOf = () => firstId("select id from service_orders where client_id = ? order by created_at", clientId());
const appointmentOf = () => firstId("select id from appointments where client_id = ? order by starts_at", clientId());
const reportOf = () => firstId("select id from reports where client_id = ? order by created_at", clientId());
const messageOf = () => firstId("select id from contact_messages order by created_at desc");

/** A task to open, the test's own (it does not hang on the demo's tasks): made once, linked to the demo client's first order. */
function taskOf(): string {
  const db = openTestDatabase();
  try {
    const found = db.prepare("select id from tasks where title = 'Pages: a task to open'").get() as { id: string } | undefined;
    if (found) return found.id;
    const id = randomUUID();
    db.prepare("insert into tasks (id, title, description, due_date, order_id) values (?, 'Pages: a task to open', 'Check every field.', '2030-01-15', ?)").run(
      id,
      orderOf(),
    );
    return id;
  } finally {
    db.close();
  }
}

/** An issued invoice of the demo client's first order, the test's own (it does not hang on the demo's invoices): made once, numbered in a year no real invoice uses. */
function invoiceOf(): string {
  const db = openTestDatabase();
  try {
    const found = db.prepare("select id from invoices where number = '1999-0001'").get() as { id: string } | undefined;
    if (found) return found.id;
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare(
      "insert into invoices (id, number, year, sequence, order_id, client_id, bill_to_name, bill_to_email, status, currency, subtotal_cents, discount_cents, tax_cents, total_cents, issued_at, created_at, updated_at) values (?, '1999-0001', 1999, 1, ?, ?, 'Demo Client', ?, 'open', 'USD', 15000, 0, 0, 15000, ?, ?, ?)",
    ).run(id, orderOf(), clientId(), DEMO.client, now, now, now);
    db.prepare(
      "insert into billing_lines (id, invoice_id, position, kind, description, quantity, unit_cents, amount_cents) values (?, ?, 0, 'item', 'Certified translation', 1, 15000, 15000)",
    ).run(randomUUID(), id);
    return id;
  } finally {
    db.close();
  }
}

export const PAGES: PageCase[] = [
  { path: "/client", as: "client" },
  { path: "/client/services", as: "client" },
  { path: "/client/service-orders", as: "client" },
  { path: "/client/service-orders/new", as: "client" },
  { path: () => `/client/service-orders/${orderOf()}`, as: "client" },
  { path: "/client/appointments", as: "client" },
  { path: "/client/appointments/new", as: "client" },
  { path: () => `/client/appointments/${appointmentOf()}`, as: "client" },
  { path: "/client/reports", as: "client" },
  { path: () => `/client/reports/${reportOf()}`, as: "client" },
  { path: "/client/notifications", as: "client" },
  { path: "/client/profile", as: "client" },
  { path: "/client/invoices", as: "client" },
  { path: () => `/client/invoices/${invoiceOf()}`, as: "client" },
  { path: "/client/payment-success", as: "client" },
  { path: "/client/payment-success?session_id=cs_test_unknown", as: "client" },
  { path: "/two-factor/setup", as: "client", card: true },
  { path: "/dashboard", as: "admin" },
  { path: "/dashboard/service-orders", as: "admin" },
  { path: () => `/dashboard/service-orders/${orderOf()}`, as: "admin" },
  { path: "/dashboard/service-tracker", as: "admin" },
  { path: "/dashboard/appointments", as: "admin" },
  { path: () => `/dashboard/appointments/${appointmentOf()}`, as: "admin" },
  { path: "/dashboard/calendar", as: "admin" },
  { path: "/dashboard/calendar?view=week", as: "admin" },
  { path: "/dashboard/calendar?tab=availability", as: "admin" },
  { path: "/dashboard/reports", as: "admin" },
  { path: "/dashboard/reports/new", as: "admin" },
  { path: () => `/dashboard/reports/${reportOf()}`, as: "admin" },
  { path: "/dashboard/tasks", as: "admin" },
  { path: "/dashboard/tasks?view=all", as: "admin" },
  { path: "/dashboard/tasks/board", as: "admin" },
  { path: () => `/dashboard/tasks/new?orderId=${orderOf()}`, as: "admin" },
  { path: () => `/dashboard/tasks/${taskOf()}`, as: "admin" },
  { path: "/dashboard/clients", as: "owner" },
  { path: "/dashboard/clients/new", as: "owner" },
  { path: () => `/dashboard/clients/${clientId()}`, as: "owner" },
  { path: "/dashboard/inbox", as: "admin" },
  { path: () => `/dashboard/inbox/${messageOf()}`, as: "admin" },
  { path: "/dashboard/document-extractor", as: "admin" },
  { path: "/dashboard/notifications", as: "admin" },
  { path: "/dashboard/translation", as: "admin" },
  { path: "/dashboard/profile", as: "admin" },
  { path: "/dashboard/audit-log", as: "owner" },
  { path: "/dashboard/templates", as: "admin" },
  { path: "/dashboard/templates/inbox.reply?language=ar", as: "admin" },
  { path: "/dashboard/invoices", as: "admin" },
  { path: "/dashboard/invoices?status=open&from=2026-01-01", as: "admin" },
  { path: () => `/dashboard/invoices/${invoiceOf()}`, as: "admin" },
  { path: "/dashboard/audit-log?action=user.*&outcome=success", as: "owner" },
  { path: "/dashboard/translations?tab=upload", as: "admin" },
  { path: "/dashboard/translations?tab=files", as: "admin" },
  { path: "/dashboard/translations?tab=statistics", as: "admin" },
  { path: "/dashboard/translations?tab=settings", as: "admin" },
  { path: "/dashboard/faqs", as: "admin" },
  { path: "/dashboard/faqs?lang=ar", as: "admin" },
  { path: "/dashboard/testimonials", as: "admin" },
  { path: "/dashboard/logos", as: "admin" },
  { path: "/dashboard/announcements", as: "admin" },
  { path: () => `/dashboard/translations/${anyTranslationFile()}`, as: "admin" },
  { path: "/dashboard/content", as: "admin" },
  { path: "/dashboard/content/hero?lang=ar", as: "admin" },
  { path: "/dashboard/content/firm", as: "admin" },
  { path: "/dashboard/content/stats", as: "admin" },
  { path: "/dashboard/content/legal.privacy-policy?lang=fr", as: "admin" },
  { path: "/dashboard/services", as: "admin" },
  { path: "/dashboard/services?new=1", as: "admin" },
  { path: "/dashboard?range=thisYear", as: "admin" },
  { path: "/dashboard?from=2026-01-01&to=2026-03-31", as: "owner" },
  { path: "/dashboard/languages", as: "admin" },
  { path: "/dashboard/languages?language=ar&show=missing", as: "owner" },
];

/** How long the network must stay quiet after hydration before a page's errors are read. */
const QUIET_MS = 250;

/**
 * Opens one page in a tab that is already signed in and returns what went wrong there
 * (an empty list when nothing did).
 */
async function problemsOf(page: Page, target: string, language: "en" | "ar", card = false): Promise<string[]> {
  const watch = watchErrors(page);
  const lateStrings: string[] = [];
  // The page's requests still under way, and when the last one started or ended.
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const onRequest = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
    if (new URL(request.url()).pathname.startsWith("/locales/")) lateStrings.push(request.url());
  };
  const onDone = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  try {
    const response = await page.goto(target);
    if (response?.status() !== 200) return [`answered ${response?.status()}`];
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.locator("h1").first()).toBeVisible();
    await hydrated(card ? page.locator("main form").first() : page.getByTestId("sidebar-trigger"));
    // Let effects run (live notifications connect, deferred work settles): every request the page
    // started has ended and none started for QUIET_MS (Playwright's "networkidle" waits a fixed 500 ms).
    await expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS, { intervals: [50], timeout: 15_000 }).toBe(true);
    const problems = [...watch.errors];
    const title = await page.title();
    if (!title.includes(" · ")) problems.push(`no title of its own: "${title}"`);
    if (lateStrings.length > 0) problems.push(`fetched strings it should have brought: ${lateStrings.join(", ")}`);
    return problems;
  } finally {
    page.off("request", onRequest);
    page.off("requestfinished", onDone);
    page.off("requestfailed", onDone);
    page.removeAllListeners("console");
    page.removeAllListeners("pageerror");
    page.removeAllListeners("response");
  }
}

function halves<T>(items: T[]): [T[], T[]] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

/**
 * One test per language and person (the admin's long list in two halves): the pages open one
 * after the other in one signed-in tab (the fingerprinted scripts come from its cache after the first page, which keeps
 * the suite quick), and the test fails at the end with every page that had a problem.
 */
for (const [language, timezoneId] of [
  ["en", "America/Los_Angeles"],
  ["ar", "Asia/Dubai"],
] as const) {
  test.describe(`every area page opens without an error (${language}, ${timezoneId})`, () => {
    test.use({ timezoneId, locale: language === "ar" ? "ar-AE" : "en-US" });
    // The admin's long list is opened in two halves (two tests the two workers can share).
    const runs: Array<{ who: Who; part: string; cases: PageCase[] }> = [
      { who: "client", part: "", cases: PAGES.filter((pageCase) => pageCase.as === "client") },
      ...halves(PAGES.filter((pageCase) => pageCase.as === "admin")).map((cases, index) => ({
        who: "admin" as const,
        part: ` (part ${index + 1} of 2)`,
        cases,
      })),
      { who: "owner", part: "", cases: PAGES.filter((pageCase) => pageCase.as === "owner") },
    ];
    for (const { who, part, cases } of runs) {
      test(`the pages ${who} opens${part}`, async ({ page, context }) => {
        test.setTimeout(20_000 + cases.length * 10_000);
        await acceptCookies(context);
        await context.addCookies([{ name: "lng", value: language, url: `http://localhost:${process.env.E2E_PORT}` }]);
        await signIn(context, DEMO[who]);
        const failures: string[] = [];
        for (const { path, card } of cases) {
          const target = typeof path === "function" ? path() : path;
          await test.step(target, async () => {
            const problems = await problemsOf(page, target, language, card).catch((error: Error) => [error.message.split("\n")[0]!]);
            failures.push(...problems.map((problem) => `${target}: ${problem}`));
          });
        }
        expect(failures, failures.join("\n")).toEqual([]);
      });
    }
  });
}
