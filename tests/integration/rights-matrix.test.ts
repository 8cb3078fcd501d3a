import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { hasTwoFactor } from "~/core/identity/two-factor-state.server";
import { createInvoiceFromOrder, issueInvoice } from "~/features/billing/invoices.server";
import { issueCertificate } from "~/features/certificates/certificates.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { getExtraction, startExtraction } from "~/features/extractor/extractor.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import { createTask } from "~/features/tasks/tasks.server";
import { runDueJobs } from "~/lib/jobs.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import * as authTwoFactorSignIn from "~/routes/_auth+/login_.two-factor";
import * as authTwoFactorSetup from "~/routes/_auth+/two-factor.setup";
import * as publicVerify from "~/routes/_public+/verify.$no";
import * as apiAuthMfa from "~/routes/api+/auth.mfa";
import * as apiClient from "~/routes/api+/clients.$id";
import * as apiTranslate from "~/routes/api+/translate";
import * as apiFiles from "~/routes/api+/translation-files";
import * as apiFile from "~/routes/api+/translation-files.$id";
import * as apiFileDownload from "~/routes/api+/translation-files.$id.download";
import * as apiFileStatus from "~/routes/api+/translation-files.$id.status";
import * as apiFileTranslated from "~/routes/api+/translation-files.$id.translated";
import * as apiSettings from "~/routes/api+/translation-settings";
import * as dashNotFound from "~/routes/dashboard+/$";
import * as dashIndex from "~/routes/dashboard+/_index";
import * as dashLayout from "~/routes/dashboard+/_layout";
import * as dashAppointments from "~/routes/dashboard+/appointments._index";
import * as dashAnnouncements from "~/routes/dashboard+/announcements";
import * as dashAuditLog from "~/routes/dashboard+/audit-log";
import * as dashLanguages from "~/routes/dashboard+/languages";
import * as dashCalendar from "~/routes/dashboard+/calendar";
import * as dashClients from "~/routes/dashboard+/clients._index";
import * as dashClientsNew from "~/routes/dashboard+/clients.new";
import * as dashContent from "~/routes/dashboard+/content._index";
import * as dashContentSection from "~/routes/dashboard+/content.$sectionId";
import * as dashExtractor from "~/routes/dashboard+/document-extractor";
import * as dashFaqs from "~/routes/dashboard+/faqs";
import * as dashLogos from "~/routes/dashboard+/logos";
import * as dashTestimonials from "~/routes/dashboard+/testimonials";
import * as dashInbox from "~/routes/dashboard+/inbox._index";
import * as dashInboxMessage from "~/routes/dashboard+/inbox.$id";
import { createContactMessage } from "~/features/inbox/inbox.server";
import * as dashTemplates from "~/routes/dashboard+/templates._index";
import * as dashTemplate from "~/routes/dashboard+/templates.$id";
import * as dashInvoice from "~/routes/dashboard+/invoices.$id";
import * as dashInvoices from "~/routes/dashboard+/invoices._index";
import * as dashNotifications from "~/routes/dashboard+/notifications";
import * as dashProfile from "~/routes/dashboard+/profile";
import * as dashReports from "~/routes/dashboard+/reports._index";
import * as dashReportsNew from "~/routes/dashboard+/reports.new";
import * as dashRequests from "~/routes/dashboard+/requests._index";
import * as dashRequestsNew from "~/routes/dashboard+/requests.new";
import * as dashRequestTemplates from "~/routes/dashboard+/request-templates._index";
import * as dashRequestTemplatesNew from "~/routes/dashboard+/request-templates.new";
import * as dashMessages from "~/routes/dashboard+/messages._index";
import * as dashSavedReplies from "~/routes/dashboard+/saved-replies";
import * as apiClientTodo from "~/routes/api+/client.todo";
import * as dashOrders from "~/routes/dashboard+/service-orders._index";
import * as dashTracker from "~/routes/dashboard+/service-tracker";
import * as dashServices from "~/routes/dashboard+/services";
import * as dashTask from "~/routes/dashboard+/tasks.$id";
import * as dashTasks from "~/routes/dashboard+/tasks._index";
import * as dashTasksBoard from "~/routes/dashboard+/tasks.board";
import * as dashTasksNew from "~/routes/dashboard+/tasks.new";
import * as dashTranslation from "~/routes/dashboard+/translation";
import * as dashTranslationFile from "~/routes/dashboard+/translations.$id";
import * as dashTranslations from "~/routes/dashboard+/translations._index";
import * as resAuditCsv from "~/routes/resources+/audit-log[.]csv";
import * as resCertificate from "~/routes/resources+/certificates.$file";
import * as resClientExport from "~/routes/resources+/clients.$id.export";
import * as resExtraction from "~/routes/resources+/document-extractor.$id";
import * as resExtractionText from "~/routes/resources+/document-extractor.$id.text";
import * as resInvoicePdf from "~/routes/resources+/invoices.$file";
import * as resPaymentsCsv from "~/routes/resources+/payments[.]csv";
import * as resResendVerification from "~/routes/resources+/resend-verification";
import * as resTranslationFile from "~/routes/resources+/translation-files.$id";
import * as resTwoFactorReset from "~/routes/resources+/two-factor.reset";
import * as resUploadClientOrder from "~/routes/resources+/uploads.client.service-orders.$id";
import * as resUploadClientNewOrder from "~/routes/resources+/uploads.client.service-orders.new";
import * as resUploadReport from "~/routes/resources+/uploads.dashboard.reports.new";
import * as resUploadStaffOrder from "~/routes/resources+/uploads.dashboard.service-orders.$id";
import * as resUploadDesk from "~/routes/resources+/uploads.dashboard.translation-desk";
import * as resUploadTranslated from "~/routes/resources+/uploads.dashboard.translations.$id";
import { describeEachDialect } from "../setup/database";
import { buildRequest } from "../support/api";
import { makeUser, type TestUser, type UserOptions } from "../support/factories";

/**
 * The rights matrix of every route file under app/routes/dashboard+, api+ and resources+:
 * who reaches it (signed out, client A who owns the records, client B, staff without the
 * feature, staff with it, an admin, the owner), by calling its loader or action as Remix
 * would (a Bearer token; pages answer with redirects, the API with 401/403 JSON).
 * A route file with no entry in ROUTES fails the first test: a new route must say who
 * reaches it, here or in the named test file that covers its rights.
 */
const WHO = ["anonymous", "clientA", "clientB", "staffOff", "staffOn", "admin", "owner"] as const;
type Who = (typeof WHO)[number];
/** A status, or "302 <location prefix>" for a redirect to a given place. */
type Expected = number | `302 ${string}`;
type Matrix = Record<Who, Expected>;

type Cast = Record<Who, TestUser | null>;
type Records = { orderId: string; fileId: string; taskId: string; certificateNo: string; runId: string; invoiceId: string };
type Ctx = { cast: Cast; records: Records; makePerson: (options?: UserOptions) => Promise<string> };

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;
type Check = {
  name: string;
  handler: Handler;
  method?: string;
  path: (ctx: Ctx) => string | Promise<string>;
  params?: (ctx: Ctx, path: string) => Record<string, string>;
  body?: (ctx: Ctx) => unknown;
  expect: Matrix;
};
type Entry = { checks: Check[] } | { coveredBy: string };

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const TEXT = new TextEncoder().encode("Hello from the rights matrix.");

// The usual shapes of the matrix.
const LOGIN = "302 /login";
const TO_CLIENT = "302 /client";
const TO_DASHBOARD = "302 /dashboard";
/** A back-office page behind a grantable feature (staff need it granted). */
const FEATURE_PAGE: Matrix = { anonymous: LOGIN, clientA: TO_CLIENT, clientB: TO_CLIENT, staffOff: TO_DASHBOARD, staffOn: 200, admin: 200, owner: 200 };
/** A back-office page for owner and admins only. */
const ADMIN_PAGE: Matrix = { ...FEATURE_PAGE, staffOn: TO_DASHBOARD };
/** A page every back-office user has (overview, profile). */
const BACK_OFFICE_PAGE: Matrix = { ...FEATURE_PAGE, staffOff: 200 };
/** The owner only. */
const OWNER_PAGE: Matrix = { ...ADMIN_PAGE, admin: TO_DASHBOARD };
/** An API route behind a grantable back-office feature; `ok` is what a permitted caller gets. */
const featureApi = (ok: number): Matrix => ({ anonymous: 401, clientA: 403, clientB: 403, staffOff: 403, staffOn: ok, admin: ok, owner: ok });
const adminApi = (ok: number): Matrix => ({ ...featureApi(ok), staffOn: 403 });
/** A feature page's form post: refused callers are redirected, a permitted one gets `ok`. */
const featurePost = (ok: Expected): Matrix => ({ ...FEATURE_PAGE, staffOn: ok, admin: ok, owner: ok });

const id = (path: string) => ({ id: path.split("/")[3]!.split("?")[0]! });
const get = (name: string, handler: Handler, path: Check["path"], expected: Matrix, params?: Check["params"]): Check => ({
  name: `GET ${name}`,
  handler,
  path,
  params,
  expect: expected,
});
const send = (
  method: string,
  name: string,
  handler: Handler,
  path: Check["path"],
  body: (ctx: Ctx) => unknown,
  expected: Matrix,
  params?: Check["params"],
): Check => ({
  name: `${method} ${name}`,
  handler,
  method,
  path,
  params,
  body,
  expect: expected,
});
const form =
  (fields: Record<string, string> = {}) =>
  () => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return data;
  };

/** The owner's reset form, for a fresh staff member with two-factor on (the reset's effect: a test below). */
const resetForm = async ({ makePerson }: Ctx) => form({ userId: await makePerson({ role: "staff", twoFactor: true }), redirectTo: "/dashboard/clients/x" })();

/** A fresh contact message's page (each caller acts on its own message). */
const newContactMessagePath = async () =>
  `/dashboard/inbox/${await createContactMessage({ name: "Rights", email: "rights@example.com", subject: "Rights", message: "Hello" }, { language: "en", ip: null, userAgent: null, userId: null })}`;

const ROUTES: Record<string, Entry> = {
  // ——— the dashboard ———
  "dashboard+/$.tsx": {
    // An unknown back-office path is a 404 for anyone (the layout's guard sends the others away first: e2e/shell-area.spec.ts).
    checks: [
      get("/dashboard/{unknown}", dashNotFound.loader, () => "/dashboard/this-page-does-not-exist", {
        anonymous: 404,
        clientA: 404,
        clientB: 404,
        staffOff: 404,
        staffOn: 404,
        admin: 404,
        owner: 404,
      }),
    ],
  },
  "dashboard+/_layout.tsx": { checks: [get("/dashboard (layout)", dashLayout.loader, () => "/dashboard", BACK_OFFICE_PAGE)] },
  "dashboard+/_index.tsx": { checks: [get("/dashboard", dashIndex.loader, () => "/dashboard", BACK_OFFICE_PAGE)] },
  "dashboard+/profile.tsx": { checks: [get("/dashboard/profile (sessions)", dashProfile.loader, () => "/dashboard/profile", BACK_OFFICE_PAGE)] },
  "dashboard+/appointments._index.tsx": { checks: [get("/dashboard/appointments", dashAppointments.loader, () => "/dashboard/appointments", ADMIN_PAGE)] },
  "dashboard+/appointments.$id.tsx": { coveredBy: "integration/appointments.test.ts" },
  "dashboard+/calendar.tsx": { checks: [get("/dashboard/calendar", dashCalendar.loader, () => "/dashboard/calendar", ADMIN_PAGE)] },
  "dashboard+/clients._index.tsx": { checks: [get("/dashboard/clients", dashClients.loader, () => "/dashboard/clients", ADMIN_PAGE)] },
  "dashboard+/clients.new.tsx": { checks: [get("/dashboard/clients/new", dashClientsNew.loader, () => "/dashboard/clients/new", ADMIN_PAGE)] },
  "dashboard+/clients.$id.tsx": { coveredBy: "integration/clients-admin.test.ts, integration/users.test.ts" },
  "dashboard+/inbox._index.tsx": { checks: [get("/dashboard/inbox", dashInbox.loader, () => "/dashboard/inbox", FEATURE_PAGE)] },
  "dashboard+/inbox.$id.tsx": {
    checks: [
      get(
        "/dashboard/inbox/{id}",
        dashInboxMessage.loader,
        () => newContactMessagePath(),
        FEATURE_PAGE,
        (_, path) => id(path),
      ),
      send(
        "POST",
        "/dashboard/inbox/{id} (spam)",
        dashInboxMessage.action,
        () => newContactMessagePath(),
        form({ intent: "spam" }),
        featurePost("302 /dashboard/inbox"),
        (_, path) => id(path),
      ),
    ],
  },
  "dashboard+/notifications.tsx": { checks: [get("/dashboard/notifications", dashNotifications.loader, () => "/dashboard/notifications", ADMIN_PAGE)] },
  "dashboard+/reports._index.tsx": { checks: [get("/dashboard/reports", dashReports.loader, () => "/dashboard/reports", ADMIN_PAGE)] },
  "dashboard+/reports.new.tsx": { checks: [get("/dashboard/reports/new", dashReportsNew.loader, () => "/dashboard/reports/new", ADMIN_PAGE)] },
  "dashboard+/reports.$id.tsx": { coveredBy: "integration/orders-pages.test.ts" },
  "dashboard+/service-orders._index.tsx": { checks: [get("/dashboard/service-orders", dashOrders.loader, () => "/dashboard/service-orders", ADMIN_PAGE)] },
  "dashboard+/service-orders.$id.tsx": { coveredBy: "integration/orders-pages.test.ts" },
  "dashboard+/service-tracker.tsx": { checks: [get("/dashboard/service-tracker", dashTracker.loader, () => "/dashboard/service-tracker", ADMIN_PAGE)] },
  "dashboard+/tasks._index.tsx": { checks: [get("/dashboard/tasks", dashTasks.loader, () => "/dashboard/tasks", FEATURE_PAGE)] },
  "dashboard+/requests._index.tsx": { checks: [get("/dashboard/requests", dashRequests.loader, () => "/dashboard/requests", FEATURE_PAGE)] },
  "dashboard+/requests.new.tsx": { checks: [get("/dashboard/requests/new", dashRequestsNew.loader, () => "/dashboard/requests/new", FEATURE_PAGE)] },
  "dashboard+/requests.$id.tsx": { coveredBy: "integration/requests-staff.test.ts, e2e/requests-staff.spec.ts" },
  "dashboard+/messages._index.tsx": { checks: [get("/dashboard/messages", dashMessages.loader, () => "/dashboard/messages", FEATURE_PAGE)] },
  "dashboard+/saved-replies.tsx": { checks: [get("/dashboard/saved-replies", dashSavedReplies.loader, () => "/dashboard/saved-replies", FEATURE_PAGE)] },
  "dashboard+/messages.$threadId.tsx": {
    coveredBy: "integration/messages.test.ts (getThread and the actions' rights), e2e/messages.spec.ts, e2e/messages-nojs.spec.ts",
  },
  "dashboard+/messages.new.tsx": { coveredBy: "integration/messages.test.ts (postMessage's targets), e2e/messages.spec.ts" },
  "dashboard+/request-templates._index.tsx": {
    checks: [get("/dashboard/request-templates", dashRequestTemplates.loader, () => "/dashboard/request-templates", FEATURE_PAGE)],
  },
  "dashboard+/request-templates.new.tsx": {
    checks: [get("/dashboard/request-templates/new", dashRequestTemplatesNew.loader, () => "/dashboard/request-templates/new", FEATURE_PAGE)],
  },
  "dashboard+/request-templates.$id.tsx": { coveredBy: "integration/requests-staff.test.ts" },
  "dashboard+/tasks.board.tsx": { checks: [get("/dashboard/tasks/board", dashTasksBoard.loader, () => "/dashboard/tasks/board", FEATURE_PAGE)] },
  "dashboard+/tasks.new.tsx": { checks: [get("/dashboard/tasks/new", dashTasksNew.loader, () => "/dashboard/tasks/new", FEATURE_PAGE)] },
  "dashboard+/tasks.$id.tsx": {
    checks: [
      get(
        "/dashboard/tasks/{id}",
        dashTask.loader,
        ({ records }) => `/dashboard/tasks/${records.taskId}`,
        FEATURE_PAGE,
        (_, path) => id(path),
      ),
    ],
  },
  "dashboard+/content._index.tsx": { checks: [get("/dashboard/content", dashContent.loader, () => "/dashboard/content", ADMIN_PAGE)] },
  "dashboard+/content.$sectionId.tsx": {
    checks: [
      get(
        "/dashboard/content/{sectionId}",
        dashContentSection.loader,
        () => "/dashboard/content/hero?lang=ar",
        ADMIN_PAGE,
        () => ({ sectionId: "hero" }),
      ),
      send(
        "POST",
        "/dashboard/content/{sectionId} (preview)",
        dashContentSection.action,
        () => "/dashboard/content/cta?lang=en",
        form({ intent: "preview", title: "Ready?", body: "Call us." }),
        { ...ADMIN_PAGE, admin: 200, owner: 200 },
        () => ({ sectionId: "cta" }),
      ),
    ],
  },
  "dashboard+/services.tsx": {
    checks: [
      get("/dashboard/services", dashServices.loader, () => "/dashboard/services", ADMIN_PAGE),
      send("POST", "/dashboard/services (an incomplete new service)", dashServices.action, () => "/dashboard/services", form({ intent: "create" }), {
        ...ADMIN_PAGE,
        admin: 400,
        owner: 400,
      }),
    ],
  },
  "dashboard+/translations._index.tsx": {
    checks: [
      get("/dashboard/translations", dashTranslations.loader, () => "/dashboard/translations", FEATURE_PAGE),
      get("/dashboard/translations?tab=settings", dashTranslations.loader, () => "/dashboard/translations?tab=settings", FEATURE_PAGE),
      send("POST", "/dashboard/translations (no file)", dashTranslations.action, () => "/dashboard/translations", form({ intent: "upload" }), featurePost(400)),
    ],
  },
  "dashboard+/translations.$id.tsx": {
    checks: [
      get(
        "/dashboard/translations/{id}",
        dashTranslationFile.loader,
        ({ records }) => `/dashboard/translations/${records.fileId}`,
        FEATURE_PAGE,
        (_, path) => id(path),
      ),
      get(
        "/dashboard/translations/{unknown}",
        dashTranslationFile.loader,
        () => "/dashboard/translations/nope",
        { ...FEATURE_PAGE, staffOn: 404, admin: 404, owner: 404 },
        (_, path) => id(path),
      ),
      send(
        "POST",
        "/dashboard/translations/{id} (no intent)",
        dashTranslationFile.action,
        ({ records }) => `/dashboard/translations/${records.fileId}`,
        form(),
        featurePost(400),
        (_, path) => id(path),
      ),
    ],
  },
  "dashboard+/translation.tsx": {
    checks: [
      get("/dashboard/translation", dashTranslation.loader, () => "/dashboard/translation", FEATURE_PAGE),
      send(
        "POST",
        "/dashboard/translation (no text)",
        dashTranslation.action,
        () => "/dashboard/translation",
        form({ source: "en", target: "fr" }),
        featurePost(400),
      ),
    ],
  },
  "dashboard+/document-extractor.tsx": {
    checks: [
      get("/dashboard/document-extractor", dashExtractor.loader, () => "/dashboard/document-extractor", FEATURE_PAGE),
      send(
        "POST",
        "/dashboard/document-extractor (no file)",
        dashExtractor.action,
        () => "/dashboard/document-extractor",
        form({ languages: "eng" }),
        featurePost(400),
      ),
    ],
  },
  "dashboard+/templates._index.tsx": { checks: [get("/dashboard/templates", dashTemplates.loader, () => "/dashboard/templates", ADMIN_PAGE)] },
  "dashboard+/templates.$id.tsx": {
    checks: [
      get(
        "/dashboard/templates/{id}",
        dashTemplate.loader,
        () => "/dashboard/templates/reports.created?language=fr",
        ADMIN_PAGE,
        () => ({ id: "reports.created" }),
      ),
      send(
        "POST",
        "/dashboard/templates/{id} (test send)",
        dashTemplate.action,
        () => "/dashboard/templates/reports.created?language=fr",
        form({ intent: "test" }),
        { ...ADMIN_PAGE, admin: "302 /dashboard/templates/reports.created", owner: "302 /dashboard/templates/reports.created" },
        () => ({ id: "reports.created" }),
      ),
    ],
  },
  "dashboard+/invoices._index.tsx": { checks: [get("/dashboard/invoices", dashInvoices.loader, () => "/dashboard/invoices?status=open", ADMIN_PAGE)] },
  "dashboard+/invoices.$id.tsx": {
    checks: [
      get(
        "/dashboard/invoices/{id}",
        dashInvoice.loader,
        ({ records }) => `/dashboard/invoices/${records.invoiceId}`,
        ADMIN_PAGE,
        (_, path) => id(path),
      ),
      // A payment form without an amount: refused callers never reach the form's check.
      send(
        "POST",
        "/dashboard/invoices/{id} (no amount)",
        dashInvoice.action,
        ({ records }) => `/dashboard/invoices/${records.invoiceId}`,
        form({ intent: "payment", method: "cash" }),
        { ...ADMIN_PAGE, admin: 400, owner: 400 },
        (_, path) => id(path),
      ),
    ],
  },
  "dashboard+/audit-log.tsx": { checks: [get("/dashboard/audit-log", dashAuditLog.loader, () => "/dashboard/audit-log", OWNER_PAGE)] },
  // The website's screens (the firm edits its own site): owner and admins; an empty form is a 400 for them, a redirect for the others.
  "dashboard+/faqs.tsx": {
    checks: [
      get("/dashboard/faqs?lang=ar", dashFaqs.loader, () => "/dashboard/faqs?lang=ar", ADMIN_PAGE),
      send("POST", "/dashboard/faqs (empty FAQ)", dashFaqs.action, () => "/dashboard/faqs", form({ intent: "save", language: "en" }), {
        ...ADMIN_PAGE,
        admin: 400,
        owner: 400,
      }),
    ],
  },
  "dashboard+/testimonials.tsx": {
    checks: [
      get("/dashboard/testimonials", dashTestimonials.loader, () => "/dashboard/testimonials", ADMIN_PAGE),
      send("POST", "/dashboard/testimonials (empty form)", dashTestimonials.action, () => "/dashboard/testimonials", form({ authorName: "" }), {
        ...ADMIN_PAGE,
        admin: 400,
        owner: 400,
      }),
    ],
  },
  "dashboard+/logos.tsx": {
    checks: [
      get("/dashboard/logos", dashLogos.loader, () => "/dashboard/logos", ADMIN_PAGE),
      send("POST", "/dashboard/logos (empty form)", dashLogos.action, () => "/dashboard/logos", form({ name: "" }), { ...ADMIN_PAGE, admin: 400, owner: 400 }),
    ],
  },
  "dashboard+/announcements.tsx": {
    checks: [
      get("/dashboard/announcements", dashAnnouncements.loader, () => "/dashboard/announcements", ADMIN_PAGE),
      send("POST", "/dashboard/announcements (empty form)", dashAnnouncements.action, () => "/dashboard/announcements", form({ intent: "save" }), {
        ...ADMIN_PAGE,
        admin: 400,
        owner: 400,
      }),
    ],
  },
  "dashboard+/languages.tsx": {
    checks: [
      get("/dashboard/languages", dashLanguages.loader, () => "/dashboard/languages?language=fr&ns=common", ADMIN_PAGE),
      send(
        "POST",
        "/dashboard/languages (no text)",
        dashLanguages.action,
        () => "/dashboard/languages",
        form({ intent: "save", language: "fr", namespace: "common", key: "nav.inbox" }),
        { ...ADMIN_PAGE, admin: 422, owner: 422 },
      ),
    ],
  },

  // ——— the JSON API ———
  "api+/$.ts": { coveredBy: "e2e/api.spec.ts (unknown API paths answer 404 JSON)" },
  "api+/admin.users.ts": { coveredBy: "integration/clients-admin.test.ts, integration/users.test.ts" },
  "api+/admin.users.$id.ts": { coveredBy: "integration/clients-admin.test.ts, integration/users.test.ts" },
  "api+/client.todo.ts": {
    checks: [
      get("/api/client/todo", apiClientTodo.loader, () => "/api/client/todo", {
        anonymous: 401,
        clientA: 200,
        clientB: 200,
        staffOff: 403,
        staffOn: 403,
        admin: 403,
        owner: 403,
      }),
    ],
  },
  "api+/request-lists.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/request-lists.$id.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/request-lists.$id.cancel.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/request-lists.$id.submit.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/request-lists.$id.resend-link.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/request-lists.$id.items.$itemId.accept.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/request-lists.$id.items.$itemId.answer.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/request-lists.$id.items.$itemId.files.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/request-lists.$id.items.$itemId.not-applicable.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/request-lists.$id.items.$itemId.return.ts": { coveredBy: "integration/request-api.test.ts" },
  "api+/message-threads.ts": { coveredBy: "integration/messages-api.test.ts" },
  "api+/message-threads.$id.ts": { coveredBy: "integration/messages-api.test.ts" },
  "api+/message-threads.$id.messages.ts": { coveredBy: "integration/messages-api.test.ts" },
  "api+/message-threads.$id.read.ts": { coveredBy: "integration/messages-api.test.ts" },
  "api+/message-threads.$id.assign.ts": { coveredBy: "integration/messages-api.test.ts" },
  "api+/message-threads.$id.close.ts": { coveredBy: "integration/messages-api.test.ts" },
  "api+/message-threads.$id.reopen.ts": { coveredBy: "integration/messages-api.test.ts" },
  "api+/messages.$id.ts": { coveredBy: "integration/messages-api.test.ts" },
  "api+/messages.unread.ts": { coveredBy: "integration/messages-api.test.ts" },
  "api+/appointments.ts": { coveredBy: "integration/appointments.test.ts" },
  "api+/appointments.$id.ts": { coveredBy: "integration/appointments.test.ts" },
  "api+/appointments.$id.status.$status.ts": { coveredBy: "integration/appointments.test.ts" },
  "api+/appointments.[client].ts": { coveredBy: "integration/appointments.test.ts (the client's list, same handler as /api/appointments)" },
  "api+/appointments.available-slots.ts": { coveredBy: "integration/appointments.test.ts" },
  "api+/auth.forgot-password.ts": { coveredBy: "integration/auth-api.test.ts (public)" },
  "api+/auth.login.ts": { coveredBy: "integration/auth-api.test.ts, integration/two-factor.test.ts (public)" },
  "api+/auth.logout.ts": { coveredBy: "integration/auth-api.test.ts" },
  "api+/auth.me.ts": { coveredBy: "integration/auth-api.test.ts" },
  "api+/auth.register.ts": { coveredBy: "integration/auth-api.test.ts (public)" },
  "api+/auth.resend-verification.ts": { coveredBy: "integration/auth-api.test.ts" },
  "api+/auth.reset-password.ts": { coveredBy: "integration/auth-api.test.ts (public)" },
  "api+/auth.verify-email.ts": { coveredBy: "integration/auth-api.test.ts (public)" },
  "api+/auth.mfa.ts": {
    // The second sign-in step needs no session: a bearer token neither helps nor hurts; an unknown mfaToken is a 400.
    checks: [
      send(
        "POST",
        "/api/auth/mfa (unknown mfaToken)",
        apiAuthMfa.action,
        () => "/api/auth/mfa",
        () => ({ mfaToken: "unknown", code: "123456" }),
        {
          anonymous: 400,
          clientA: 400,
          clientB: 400,
          staffOff: 400,
          staffOn: 400,
          admin: 400,
          owner: 400,
        },
      ),
    ],
  },
  "api+/clients.ts": { coveredBy: "integration/users.test.ts" },
  "api+/clients.$id.ts": {
    checks: [
      get(
        "/api/clients/{id}",
        apiClient.loader,
        ({ cast }) => `/api/clients/${cast.clientA!.id}`,
        adminApi(200),
        (_, path) => id(path),
      ),
      // Each permitted caller deletes a client of its own (made for the call); the others are refused before anything happens.
      send(
        "DELETE",
        "/api/clients/{id}",
        apiClient.action,
        async ({ makePerson }) => `/api/clients/${await makePerson()}`,
        () => undefined,
        adminApi(200),
        (_, path) => id(path),
      ),
    ],
  },
  "api+/health.ts": { coveredBy: "integration/health.test.ts (public)" },
  "api+/ready.ts": { coveredBy: "integration/health.test.ts (public)" },
  "api+/notifications.ts": { coveredBy: "integration/notifications.test.ts" },
  "api+/notifications.$id.ts": { coveredBy: "integration/notifications.test.ts" },
  "api+/notifications.$id.read.ts": { coveredBy: "integration/notifications.test.ts" },
  "api+/notifications.read-all.ts": { coveredBy: "integration/notifications.test.ts" },
  "api+/notifications.unread.ts": { coveredBy: "integration/notifications.test.ts" },
  "api+/profile.me.ts": { coveredBy: "integration/auth-api.test.ts" },
  "api+/reports.ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/reports.$id.ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/reports.$id.read.ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/reports.$id.feedback.ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/reports.[client].ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/service-orders.ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/service-orders.$id.ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/service-orders.$id.status.$status.ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/service-orders.[client].ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/services.ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/services.$id.ts": { coveredBy: "integration/orders-rights.test.ts" },
  "api+/tasks.ts": { coveredBy: "integration/orders-rights.test.ts, integration/tasks.test.ts" },
  "api+/tasks.$id.ts": { coveredBy: "integration/orders-rights.test.ts, integration/tasks.test.ts" },
  "api+/tasks.$id.comments.ts": { coveredBy: "integration/orders-rights.test.ts, integration/tasks.test.ts" },
  "api+/invoices.ts": { coveredBy: "integration/billing-api.test.ts" },
  "api+/invoices.$id.ts": { coveredBy: "integration/billing-api.test.ts" },
  "api+/invoices.$id.payments.ts": { coveredBy: "integration/billing-api.test.ts" },
  "api+/invoices.$id.checkout.ts": { coveredBy: "integration/billing-stripe.test.ts" },
  "api+/payments.ts": { coveredBy: "integration/billing-api.test.ts" },
  "api+/payments.stripe.webhook.ts": { coveredBy: "integration/billing-stripe.test.ts (no session: the Stripe signature is the right)" },
  "api+/service-orders.$id.quotes.ts": { coveredBy: "integration/billing-api.test.ts" },
  "api+/quotes.$id.ts": { coveredBy: "integration/billing-api.test.ts" },
  "api+/quotes.$id.send.ts": { coveredBy: "integration/billing-api.test.ts" },
  "api+/quotes.$id.accept.ts": { coveredBy: "integration/billing-api.test.ts" },
  "api+/quotes.$id.decline.ts": { coveredBy: "integration/billing-api.test.ts" },
  "api+/translate.ts": {
    // Refused callers never reach the translation service; a permitted one with no text gets a 400 before it.
    checks: [
      send(
        "POST",
        "/api/translate (no text)",
        apiTranslate.action,
        () => "/api/translate",
        () => ({ source: "en", target: "fr" }),
        featureApi(400),
      ),
    ],
  },
  "api+/translation-files.ts": {
    checks: [
      get("/api/translation-files", apiFiles.loader, () => "/api/translation-files", featureApi(200)),
      send(
        "POST",
        "/api/translation-files (no file)",
        apiFiles.action,
        () => "/api/translation-files",
        form({ sourceLanguage: "en", targetLanguage: "ar" }),
        featureApi(400),
      ),
    ],
  },
  "api+/translation-files.$id.ts": {
    checks: [
      get(
        "/api/translation-files/{id}",
        apiFile.loader,
        ({ records }) => `/api/translation-files/${records.fileId}`,
        featureApi(200),
        (_, path) => id(path),
      ),
      send(
        "DELETE",
        "/api/translation-files/{unknown}",
        apiFile.action,
        () => "/api/translation-files/nope",
        () => undefined,
        featureApi(404),
        (_, path) => id(path),
      ),
    ],
  },
  "api+/translation-files.$id.download.ts": {
    checks: [
      get(
        "/api/translation-files/{id}/download?file=translated",
        apiFileDownload.loader,
        ({ records }) => `/api/translation-files/${records.fileId}/download?file=translated`,
        {
          anonymous: 401,
          clientA: 200,
          clientB: 404,
          staffOff: 404,
          staffOn: 200,
          admin: 200,
          owner: 200,
        },
        (_, path) => id(path),
      ),
      get(
        "/api/translation-files/{id}/download?file=original",
        apiFileDownload.loader,
        ({ records }) => `/api/translation-files/${records.fileId}/download?file=original`,
        {
          anonymous: 401,
          clientA: 404,
          clientB: 404,
          staffOff: 404,
          staffOn: 200,
          admin: 200,
          owner: 200,
        },
        (_, path) => id(path),
      ),
    ],
  },
  "api+/translation-files.$id.status.ts": {
    checks: [
      send(
        "POST",
        "/api/translation-files/{id}/status (unknown status)",
        apiFileStatus.action,
        ({ records }) => `/api/translation-files/${records.fileId}/status`,
        () => ({ status: "nonsense" }),
        featureApi(400),
        (_, path) => id(path),
      ),
    ],
  },
  "api+/translation-files.$id.translated.ts": {
    checks: [
      send(
        "POST",
        "/api/translation-files/{id}/translated (no file)",
        apiFileTranslated.action,
        ({ records }) => `/api/translation-files/${records.fileId}/translated`,
        form(),
        featureApi(400),
        (_, path) => id(path),
      ),
    ],
  },
  "api+/translation-settings.ts": {
    checks: [
      get("/api/translation-settings", apiSettings.loader, () => "/api/translation-settings", featureApi(200)),
      send(
        "PUT",
        "/api/translation-settings (invalid)",
        apiSettings.action,
        () => "/api/translation-settings",
        () => ({ maxFileSizeMb: -1 }),
        adminApi(400),
      ),
    ],
  },

  // ——— resources ———
  "resources+/announcement.dismiss.ts": { coveredBy: "integration/content-announcement.test.ts (a cookie, no rights)" },
  "resources+/appointments.$id.ics.ts": { coveredBy: "integration/appointments.test.ts" },
  "resources+/avatars.$fileId.ts": { coveredBy: "integration/avatar.test.ts" },
  "resources+/cookie-consent.ts": { coveredBy: "e2e/shell-consent.spec.ts, e2e/http.spec.ts (a cookie, no rights)" },
  "resources+/files.$id.ts": { coveredBy: "integration/orders-rights.test.ts, integration/messages.test.ts (message attachments)" },
  "resources+/language.ts": { coveredBy: "e2e/http.spec.ts (a preference cookie, no rights)" },
  "resources+/logos.$fileId.ts": {
    coveredBy: "integration/content-logos.test.ts (public), integration/site-media.test.ts (an unpublished one: owner and admins only)",
  },
  "resources+/testimonials.$fileId.ts": {
    coveredBy: "integration/site-media.test.ts (a published testimonial's photo: public; an unpublished one: owner and admins only)",
  },
  "resources+/logout.ts": { coveredBy: "integration/auth-api.test.ts" },
  "resources+/resend-verification.ts": {
    // The signed-in user's own e-mail only (everyone here is verified: back with a notice).
    checks: [
      send(
        "POST",
        "/resources/resend-verification",
        resResendVerification.action,
        () => "/resources/resend-verification",
        form({ redirectTo: "/dashboard/profile" }),
        {
          anonymous: LOGIN,
          clientA: "302 /dashboard/profile",
          clientB: "302 /dashboard/profile",
          staffOff: "302 /dashboard/profile",
          staffOn: "302 /dashboard/profile",
          admin: "302 /dashboard/profile",
          owner: "302 /dashboard/profile",
        },
      ),
    ],
  },
  "resources+/sidebar.ts": { coveredBy: "e2e/http.spec.ts (a preference cookie, no rights)" },
  "resources+/theme.ts": { coveredBy: "e2e/http.spec.ts, e2e/platform.spec.ts (a preference cookie, no rights)" },
  "resources+/audit-log[.]csv.ts": { checks: [get("/resources/audit-log.csv", resAuditCsv.loader, () => "/resources/audit-log.csv", OWNER_PAGE)] },
  "resources+/clients.$id.export.ts": {
    checks: [
      get(
        "/resources/clients/{id}/export",
        resClientExport.loader,
        ({ cast }) => `/resources/clients/${cast.clientA!.id}/export`,
        ADMIN_PAGE,
        (_, path) => id(path),
      ),
    ],
  },
  "resources+/certificates.$file.ts": {
    checks: [
      get(
        "/resources/certificates/{no}.pdf",
        resCertificate.loader,
        ({ records }) => `/resources/certificates/${records.certificateNo}.pdf`,
        {
          anonymous: LOGIN,
          clientA: 200,
          clientB: 404,
          staffOff: 404,
          staffOn: 200,
          admin: 200,
          owner: 200,
        },
        (_, path) => ({ file: path.split("/")[3]! }),
      ),
    ],
  },
  "resources+/payments[.]csv.ts": {
    checks: [get("/resources/payments.csv", resPaymentsCsv.loader, () => "/resources/payments.csv?from=2026-01-01&to=2026-12-31", ADMIN_PAGE)],
  },
  "resources+/invoices.$file.ts": {
    // The invoice's client and billing staff (owner, admins); anyone else the 404 of an unknown invoice.
    checks: [
      get(
        "/resources/invoices/{id}.pdf",
        resInvoicePdf.loader,
        ({ records }) => `/resources/invoices/${records.invoiceId}.pdf`,
        {
          anonymous: LOGIN,
          clientA: 200,
          clientB: 404,
          staffOff: 404,
          staffOn: 404,
          admin: 200,
          owner: 200,
        },
        (_, path) => ({ file: path.split("/")[3]! }),
      ),
    ],
  },
  "resources+/document-extractor.$id.ts": {
    // A run is its starter's alone (staff with the feature here): even the owner gets a 404.
    checks: [
      get(
        "/resources/document-extractor/{id}",
        resExtraction.loader,
        ({ records }) => `/resources/document-extractor/${records.runId}`,
        { ...FEATURE_PAGE, admin: 404, owner: 404 },
        (_, path) => id(path),
      ),
    ],
  },
  "resources+/document-extractor.$id.text.ts": {
    checks: [
      get(
        "/resources/document-extractor/{id}/text",
        resExtractionText.loader,
        ({ records }) => `/resources/document-extractor/${records.runId}/text`,
        { ...FEATURE_PAGE, admin: 404, owner: 404 },
        (_, path) => id(path),
      ),
    ],
  },
  "resources+/translation-files.$id.ts": {
    checks: [
      get(
        "/resources/translation-files/{id}?file=translated",
        resTranslationFile.loader,
        ({ records }) => `/resources/translation-files/${records.fileId}?file=translated`,
        {
          anonymous: LOGIN,
          clientA: 200,
          clientB: 404,
          staffOff: 404,
          staffOn: 200,
          admin: 200,
          owner: 200,
        },
        (_, path) => id(path),
      ),
      get(
        "/resources/translation-files/{id}?file=original",
        resTranslationFile.loader,
        ({ records }) => `/resources/translation-files/${records.fileId}?file=original`,
        {
          anonymous: LOGIN,
          clientA: 404,
          clientB: 404,
          staffOff: 404,
          staffOn: 200,
          admin: 200,
          owner: 200,
        },
        (_, path) => id(path),
      ),
    ],
  },
  // The progress-bar uploads: each has its page's guard; a post without a file is the page's 400.
  "resources+/uploads.dashboard.service-orders.$id.ts": {
    checks: [
      send(
        "POST",
        "/resources/uploads/dashboard/service-orders/{id} (no file)",
        resUploadStaffOrder.action,
        ({ records }) => `/resources/uploads/dashboard/service-orders/${records.orderId}`,
        form({ intent: "upload" }),
        { ...ADMIN_PAGE, admin: 400, owner: 400 },
        (_, path) => ({ id: path.split("/")[5]! }),
      ),
    ],
  },
  "resources+/uploads.dashboard.reports.new.ts": {
    checks: [
      send("POST", "/resources/uploads/dashboard/reports/new (empty)", resUploadReport.action, () => "/resources/uploads/dashboard/reports/new", form(), {
        ...ADMIN_PAGE,
        admin: 400,
        owner: 400,
      }),
    ],
  },
  "resources+/uploads.dashboard.translation-desk.ts": {
    checks: [
      send(
        "POST",
        "/resources/uploads/dashboard/translation-desk (no file)",
        resUploadDesk.action,
        () => "/resources/uploads/dashboard/translation-desk",
        form({ intent: "upload" }),
        featurePost(400),
      ),
    ],
  },
  "resources+/uploads.dashboard.translations.$id.ts": {
    checks: [
      send(
        "POST",
        "/resources/uploads/dashboard/translations/{id} (no file)",
        resUploadTranslated.action,
        ({ records }) => `/resources/uploads/dashboard/translations/${records.fileId}`,
        form({ intent: "translated" }),
        featurePost(400),
        (_, path) => ({ id: path.split("/")[5]! }),
      ),
      send(
        "POST",
        "/resources/uploads/dashboard/translations/{id} (another intent)",
        resUploadTranslated.action,
        ({ records }) => `/resources/uploads/dashboard/translations/${records.fileId}`,
        form({ intent: "delete" }),
        featurePost(400),
        (_, path) => ({ id: path.split("/")[5]! }),
      ),
    ],
  },
  "resources+/uploads.messages.$area.$target.ts": {
    coveredBy: "integration/messages.test.ts (postMessage: who may post where), e2e/messages.spec.ts (the progress-bar upload)",
  },
  "resources+/uploads.requests.$listId.ts": {
    coveredBy:
      "integration/request-links.test.ts (requireRequestAccess), integration/client-todo.test.ts (the answering action's reach), e2e/requests-journey.spec.ts",
  },
  "resources+/uploads.client.service-orders.$id.ts": {
    checks: [
      send(
        "POST",
        "/resources/uploads/client/service-orders/{id} (no file)",
        resUploadClientOrder.action,
        ({ records }) => `/resources/uploads/client/service-orders/${records.orderId}`,
        form({ intent: "upload" }),
        { anonymous: LOGIN, clientA: 400, clientB: 400, staffOff: TO_DASHBOARD, staffOn: TO_DASHBOARD, admin: 400, owner: 400 },
        (_, path) => ({ id: path.split("/")[5]! }),
      ),
    ],
  },
  "resources+/uploads.client.service-orders.new.ts": {
    checks: [
      send(
        "POST",
        "/resources/uploads/client/service-orders/new (empty)",
        resUploadClientNewOrder.action,
        () => "/resources/uploads/client/service-orders/new",
        form(),
        { anonymous: LOGIN, clientA: 400, clientB: 400, staffOff: TO_DASHBOARD, staffOn: TO_DASHBOARD, admin: 400, owner: 400 },
      ),
    ],
  },
  "resources+/two-factor.reset.ts": {
    // Everyone is sent somewhere; only the owner goes back to the form's page (with the toast).
    checks: [
      send("POST", "/resources/two-factor/reset", resTwoFactorReset.action, () => "/resources/two-factor/reset", resetForm, {
        ...OWNER_PAGE,
        owner: "302 /dashboard/clients/x",
      }),
    ],
  },
};

/** Routes of the new areas outside the three folders (not enumerated; listed by hand). */
const OTHER_ROUTES: Check[] = [
  get("/two-factor/setup", authTwoFactorSetup.loader, () => "/two-factor/setup", {
    anonymous: LOGIN,
    clientA: 200,
    clientB: 200,
    staffOff: 200,
    staffOn: 200,
    admin: 200,
    owner: 200,
  }),
  // Signed-in people go to their area; signed out without a pending challenge, back to /login.
  get("/login/two-factor", authTwoFactorSignIn.loader, () => "/login/two-factor", {
    anonymous: "302 /login",
    clientA: TO_CLIENT,
    clientB: TO_CLIENT,
    staffOff: TO_DASHBOARD,
    staffOn: TO_DASHBOARD,
    admin: TO_DASHBOARD,
    owner: TO_DASHBOARD,
  }),
  // Public: anyone confirms a certificate number; an unknown one is a 404 for everyone.
  get(
    "/verify/{no}",
    publicVerify.loader,
    ({ records }) => `/verify/${records.certificateNo}`,
    { anonymous: 200, clientA: 200, clientB: 200, staffOff: 200, staffOn: 200, admin: 200, owner: 200 },
    (_, path) => ({ no: path.split("/")[2]! }),
  ),
  get(
    "/verify/{unknown}",
    publicVerify.loader,
    () => "/verify/TC-0000-0000",
    { anonymous: 404, clientA: 404, clientB: 404, staffOff: 404, staffOn: 404, admin: 404, owner: 404 },
    () => ({ no: "TC-0000-0000" }),
  ),
];

const ROUTE_DIRS = ["dashboard+", "api+", "resources+"];
const routesDir = join(__dirname, "../../app/routes");
const testsDir = join(__dirname, "..");

describeEachDialect("rights matrix: every dashboard, API and resource route", (db) => {
  let ctx: Ctx;

  beforeAll(async () => {
    // The limits are per process: the other dialect's run must not use up this one's uploads.
    resetLimitersForTests();
    await seedPublicContent(db());
    const cast: Cast = {
      anonymous: null,
      clientA: await makeUser(db(), { role: "client" }),
      clientB: await makeUser(db(), { role: "client" }),
      staffOff: await makeUser(db(), { role: "staff", features: [] }),
      staffOn: await makeUser(db(), { role: "staff", features: ["inbox", "translations", "tasks", "document_extractor", "requests", "messages"] }),
      admin: await makeUser(db(), { role: "admin" }),
      owner: await makeUser(db(), { role: "owner" }),
    };
    const { id: orderId } = await createOrder(
      { id: cast.clientA!.id, role: "client" },
      { service: "translation", details: "Translate my diploma, two pages." },
      [],
      "en",
    );
    const { id: taskId } = await createTask({ id: cast.admin!.id, role: "admin", enabledFeatures: [] }, { title: "Call the consulate", orderId });

    // A desk file of client A's order, translated and completed (through the API, as the desk does).
    const upload = new FormData();
    upload.set("sourceLanguage", "ar");
    upload.set("targetLanguage", "en");
    upload.set("clientId", cast.clientA!.id);
    upload.set("orderId", orderId);
    upload.set("file", new File([new Uint8Array(PDF)], "diploma.pdf"));
    const created = await call(apiFiles.action, { path: "/api/translation-files", method: "POST", as: cast.admin, body: upload });
    expect(created.status).toBe(201);
    const fileId = ((await created.json()) as { file: { id: string } }).file.id;
    const moved = await call(apiFileStatus.action, {
      path: `/api/translation-files/${fileId}/status`,
      method: "POST",
      as: cast.admin,
      body: { status: "processing" },
      params: { id: fileId },
    });
    expect(moved.status).toBe(200);
    const translated = new FormData();
    translated.set("file", new File([new Uint8Array(PDF)], "diploma-en.pdf"));
    translated.set("complete", "true");
    const done = await call(apiFileTranslated.action, {
      path: `/api/translation-files/${fileId}/translated`,
      method: "POST",
      as: cast.admin,
      body: translated,
      params: { id: fileId },
    });
    expect(done.status).toBe(201);

    const certificate = await issueCertificate({
      translationFileId: fileId,
      clientId: cast.clientA!.id,
      documentTitle: "Diploma of Amira Haddad",
      sourceLanguage: "ar",
      targetLanguage: "en",
      pageCount: 1,
      translatorName: "Nadia Benali",
      sourceBytes: new Uint8Array(PDF),
      translatedBytes: new Uint8Array(PDF),
      issuedBy: cast.admin!.id,
    });

    const staffOn = { id: cast.staffOn!.id, role: "staff", enabledFeatures: ["document_extractor"] };
    const { id: runId } = await startExtraction(staffOn, { bytes: TEXT, fileName: "hello.txt", languages: ["eng"] });
    await runDueJobs();
    expect((await getExtraction(staffOn, runId)).status).toBe("done");

    // An issued invoice of client A's order.
    const billingStaff = { id: cast.admin!.id, role: "admin" };
    const { id: invoiceId } = await createInvoiceFromOrder(billingStaff, orderId, {
      lines: [{ kind: "item", description: "Translation", quantity: 1, unitCents: 12_000 }],
    });
    await issueInvoice(billingStaff, invoiceId, { notify: false });

    ctx = {
      cast,
      records: { orderId, fileId, taskId, certificateNo: certificate.certificateNo, runId, invoiceId },
      makePerson: async (options = { role: "client" }) => (await makeUser(db(), options)).id,
    };
  });
  beforeEach(() => resetLimitersForTests());

  it("has an entry for every route file under dashboard+, api+ and resources+ (a new route must say who reaches it)", () => {
    const files = ROUTE_DIRS.flatMap((dir) => readdirSync(join(routesDir, dir)).map((file) => `${dir}/${file}`)).sort();
    expect(Object.keys(ROUTES).sort()).toEqual(files);
    for (const [file, entry] of Object.entries(ROUTES)) {
      if ("checks" in entry) {
        expect(entry.checks.length, file).toBeGreaterThan(0);
        continue;
      }
      const named = entry.coveredBy.match(/\b(integration|e2e)\/[\w.-]+\.(test|spec)\.ts\b/g) ?? [];
      expect(named.length, `${file}: name the test file that covers its rights`).toBeGreaterThan(0);
      for (const test of named) expect(existsSync(join(testsDir, test)), `${file}: ${test} exists`).toBe(true);
    }
  });

  const checked = [
    ...Object.entries(ROUTES).flatMap(([file, entry]) => ("checks" in entry ? entry.checks.map((check) => ({ file, check })) : [])),
    ...OTHER_ROUTES.map((check) => ({ file: "_auth+ / _public+", check })),
  ];
  it.each(checked.map(({ file, check }) => [check.name, file, check] as const))("%s (%s)", async (_name, _file, check) => {
    const results: Record<string, Expected> = {};
    for (const who of WHO) {
      const path = await check.path(ctx);
      const response = await call(check.handler, {
        path,
        method: check.method,
        as: ctx.cast[who],
        body: await check.body?.(ctx),
        params: check.params?.(ctx, path),
      });
      const wanted = check.expect[who];
      const location = response.headers.get("location") ?? "";
      results[who] =
        typeof wanted === "string" && response.status === 302 && location.startsWith(wanted.slice(4)) && isPlace(location, wanted.slice(4))
          ? wanted
          : response.status === 302
            ? `302 ${location}`
            : response.status;
      if (response.status >= 400 && path.startsWith("/api/"))
        expect(typeof ((await response.json()) as { message?: unknown }).message, `${who}: a JSON message`).toBe("string");
    }
    expect(results).toEqual(check.expect);
  });

  it("POST /resources/two-factor/reset: only the owner's reset happens", async () => {
    const victim = await ctx.makePerson({ role: "staff", twoFactor: true });
    const post = (who: Who) => {
      const body = new FormData();
      body.set("userId", victim);
      body.set("redirectTo", "/dashboard/clients");
      return call(resTwoFactorReset.action, { path: "/resources/two-factor/reset", method: "POST", as: ctx.cast[who], body });
    };
    for (const who of WHO.filter((who) => who !== "owner")) {
      expect((await post(who)).status).toBe(302);
      expect(await hasTwoFactor(victim), who).toBe(true);
    }
    expect((await post("owner")).headers.get("location")).toBe("/dashboard/clients");
    expect(await hasTwoFactor(victim)).toBe(false);
  });

  it("DELETE /api/clients/{id}: refused callers delete nothing", async () => {
    const victim = await ctx.makePerson();
    for (const who of ["anonymous", "clientA", "clientB", "staffOff", "staffOn"] as const) {
      expect(
        (await call(apiClient.action, { path: `/api/clients/${victim}`, method: "DELETE", as: ctx.cast[who], params: { id: victim } })).status,
      ).toBeGreaterThanOrEqual(401);
    }
    const row = await db().selectFrom("users").select(["id", "email"]).where("id", "=", victim).executeTakeFirst();
    expect(row?.email).toMatch(/^client-/);
  });

  it("an owner or admin without two-factor reaches no dashboard page or resource (sent to set it up); the API is not held back", async () => {
    const admin = await makeUser(db(), { role: "admin", twoFactor: false });
    const owner = await makeUser(db(), { role: "owner", twoFactor: false });
    const pages: Array<[Handler, string, Record<string, string>]> = [
      [dashTranslations.loader, "/dashboard/translations", {}],
      [dashTranslationFile.loader, `/dashboard/translations/${ctx.records.fileId}`, { id: ctx.records.fileId }],
      [dashExtractor.loader, "/dashboard/document-extractor", {}],
      [dashTranslation.loader, "/dashboard/translation", {}],
      [dashProfile.loader, "/dashboard/profile", {}],
      [resClientExport.loader, `/resources/clients/${ctx.cast.clientA!.id}/export`, { id: ctx.cast.clientA!.id }],
    ];
    for (const [handler, path, params] of pages) {
      const response = await call(handler, { path, as: admin, params });
      expect([path, response.status, response.headers.get("location")]).toEqual([path, 302, `/two-factor/setup?${new URLSearchParams({ redirectTo: path })}`]);
    }
    for (const [handler, path] of [
      [dashAuditLog.loader, "/dashboard/audit-log"],
      [resAuditCsv.loader, "/resources/audit-log.csv"],
    ] as const) {
      const response = await call(handler, { path, as: owner });
      expect([path, response.status, response.headers.get("location")]).toEqual([path, 302, `/two-factor/setup?${new URLSearchParams({ redirectTo: path })}`]);
    }
    expect((await call(apiFiles.loader, { path: "/api/translation-files", as: admin })).status).toBe(200);
  });
});

/** "/dashboard" matches "/dashboard" and "/dashboard?…", not "/dashboard/x" ("/login" matches "/login?redirectTo=…"). */
function isPlace(location: string, expected: string): boolean {
  const rest = location.slice(expected.length);
  return rest === "" || rest.startsWith("?");
}

/** Like tests/support/api `call`, but a loader that answers plain data (not a Response) counts as a 200. */
async function call(handler: Handler, options: Parameters<typeof buildRequest>[0]): Promise<Response> {
  try {
    const result = await handler({ request: buildRequest(options), params: options.params ?? {}, context: {} });
    return result instanceof Response ? result : new Response(null, { status: 200 });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
