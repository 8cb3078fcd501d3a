import { randomUUID } from "node:crypto";
import type { Download, Page, Request } from "@playwright/test";
import { chooseFreeDay, EN } from "../e2e/appointments-helpers";
import { enterCode, NEW_PASSWORD, register, signInWithForm, waitForMail } from "../e2e/auth-helpers";
import { acceptCookies } from "../e2e/cookies";
import { DEMO, expect, hydrated, test, watchErrors } from "../e2e/fixtures";
import { SCAN_LINE, submitScan } from "../e2e/extractor-helpers";
import { PDF } from "../e2e/orders-helpers";
import { deliverTranslation } from "../e2e/translation-helpers";
import { SERVED_BY } from "../support/round-robin-proxy";
import { clusterTotpCode, instances, killInstance, mailDirs, query } from "./cluster";

/**
 * Several instances for real: everything goes through the round-robin proxy to three instances of the
 * production build on one PostgreSQL database, one Redis and one S3-compatible bucket (tests/cluster/global-setup.ts).
 * A client registers, verifies, orders with a document and books; staff move the order and deliver its
 * translation; the instance that took the client's upload is killed (SIGKILL) half-way, and the rest of
 * the journey, live notifications included, runs on the other two with nothing lost.
 */
const SOURCE = Buffer.concat([PDF, Buffer.from(`% acte de naissance ${randomUUID()}\n`)]);
const TRANSLATED = Buffer.concat([PDF, Buffer.from(`% birth certificate, English translation ${randomUUID()}\n`)]);

/**
 * The instances that answered a page's loads and data requests, in order (the proxy names each in
 * X-Served-By), and a wait until none of them is in flight. Scripts, styles and fonts are left out:
 * the browser's cache answers them again with the headers of their first answer.
 */
function watchServed(page: Page): { names: string[]; sentSince: (at: number) => string[]; settled: () => Promise<void> } {
  const names: string[] = [];
  const served: Array<{ sentAt: number; name: string }> = [];
  const sentAt = new Map<Request, number>();
  const pending = new Set<Request>();
  const tracked = (request: Request) => ["document", "fetch", "xhr"].includes(request.resourceType());
  page.on("request", (request) => {
    if (!tracked(request)) return;
    pending.add(request);
    sentAt.set(request, Date.now());
  });
  page.on("response", (response) => {
    const name = response.headers()[SERVED_BY];
    if (!tracked(response.request()) || !name) return;
    names.push(name);
    served.push({ sentAt: sentAt.get(response.request()) ?? 0, name });
  });
  const done = (request: Request) => pending.delete(request);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    names,
    /** The instances that answered the requests sent at `at` or later (a live page may send one on its own at any time). */
    sentSince: (at: number) => served.filter((entry) => entry.sentAt >= at).map((entry) => entry.name),
    settled: () => expect.poll(() => pending.size).toBe(0),
  };
}

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Staff sign in through the form, with the demo two-factor secret. */
async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto("/login");
  await signInWithForm(page, DEMO.admin, DEMO.password);
  await enterCode(page, DEMO.admin, clusterTotpCode);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("the proxy sends consecutive requests to different instances", async ({ request }) => {
  const names: string[] = [];
  for (const _ of instances()) {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    names.push(response.headers()[SERVED_BY]!);
  }
  expect(names.sort()).toEqual(["app-1", "app-2", "app-3"]);
});

test("a client's order from registration to the translated file, with one instance killed on the way", async ({ browser }) => {
  test.setTimeout(180_000);
  // 1. The client registers, verifies the address from the e-mail, orders with a document and books.
  const clientContext = await browser.newContext();
  await acceptCookies(clientContext);
  const client = await clientContext.newPage();
  const clientServed = watchServed(client);
  const email = `cluster-${randomUUID().slice(0, 8)}@example.com`;
  await register(client, email);
  await expect(client).toHaveURL(/\/login\?registered=1$/);
  await signInWithForm(client, email, NEW_PASSWORD);
  await expect(client).toHaveURL(/\/client$/);
  await client.goto(await waitForMail(mailDirs(), email, "/verify-email"));
  await client.getByRole("button", { name: "Verify my e-mail address" }).click();
  await expect(client).toHaveURL(/\/client$/);

  await client.goto("/client/services");
  await client.getByRole("link", { name: /Order.*Translation/ }).click();
  await expect(client).toHaveURL(/\/client\/service-orders\/new\?service=translation$/);
  await client.getByLabel("What do you need?").fill("Birth certificate from French into English, one page.");
  await client.getByLabel("Documents").setInputFiles({ name: "birth-certificate.pdf", mimeType: "application/pdf", buffer: SOURCE });
  const upload = client.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/service-orders/new"));
  await client.getByRole("button", { name: "Place the order" }).click();
  // The instance that received the document: the one to kill later.
  const uploadedOn = (await upload).headers()[SERVED_BY]!;
  await expect(client).toHaveURL(/\/client\/service-orders\/[0-9a-f-]{36}$/);
  const orderPath = new URL(client.url()).pathname;
  const orderId = orderPath.split("/").pop()!;
  const [order] = await query<{ reference: string }>("select reference from service_orders where id = $1", [orderId]);

  const [notary] = await query<{ id: string }>("select id from services where key = 'notary'");
  await client.goto("/client/appointments/new");
  await hydrated(client.locator("#service"));
  await client.locator("#service").selectOption(notary!.id);
  await chooseFreeDay(client, 2);
  const times = client.getByRole("group", { name: EN.times }).getByRole("radio");
  await times.nth(Math.floor(Math.random() * (await times.count()))).check();
  await client.getByLabel("Notes for the office (optional)").fill("Booked through the cluster");
  await client.getByRole("button", { name: EN.submit }).click();
  await expect(client).toHaveURL(/\/client\/appointments\/[0-9a-f-]{36}$/);
  const appointmentId = client.url().split("/").pop()!;

  // The client's order page stays open from here on; its bell is live once hydrated.
  await client.goto(orderPath);
  const bell = client.getByRole("banner").getByTestId("unread-count");
  await expect(client.getByRole("banner").getByRole("button", { name: /^Notifications/ })).toBeVisible();
  const unreadBefore = (await bell.count()) === 0 ? 0 : Number(await bell.textContent());
  expect(new Set(clientServed.names), "the client's requests were spread over every instance").toEqual(new Set(["app-1", "app-2", "app-3"]));

  // 2. Staff move the order: the client's page hears of it without a reload.
  const staffContext = await browser.newContext();
  await acceptCookies(staffContext);
  const staff = await staffContext.newPage();
  const staffErrors = watchErrors(staff);
  await signInAsAdmin(staff);
  await staff.goto(`/dashboard/service-orders/${orderId}`);
  await staff.getByLabel("New status").selectOption("in_review");
  await staff.getByRole("button", { name: "Change status" }).click();
  await expect(staff.getByLabel("New status").locator("option")).toHaveText(["In progress", "Waiting for client", "Cancelled"]);
  await expect(client.getByRole("status").filter({ hasText: `Order ${order!.reference} updated` })).toBeVisible();
  await expect(bell).toHaveText(String(unreadBefore + 1));

  // 4. The instance that took the upload dies; the proxy leaves it out and the others carry on.
  // Nothing of the client's in flight when it dies; what their page sends from then on must go to the others.
  await clientServed.settled();
  await killInstance(uploadedOn);
  const killedAt = Date.now();
  const survivors: string[] = [];
  for (let i = 0; i < 4; i++) survivors.push((await staff.request.get("/api/health")).headers()[SERVED_BY]!);
  expect(new Set(survivors)).toEqual(
    new Set(
      instances()
        .map((instance) => instance.name)
        .filter((name) => name !== uploadedOn),
    ),
  );

  // The document it received is in the bucket, not on its disk: staff still download it whole.
  await staff.reload();
  const documentLink = staff.getByRole("link", { name: /Download.*birth-certificate\.pdf/ }).first();
  const original = await staff.request.get((await documentLink.getAttribute("href"))!);
  expect(original.status()).toBe(200);
  expect(Buffer.from(await original.body()).equals(SOURCE)).toBe(true);

  // Staff send the document to the desk and deliver its translation.
  const document = staff.getByRole("listitem").filter({ hasText: "birth-certificate.pdf" });
  await hydrated(document.getByText("Send to the translation desk"));
  await document.getByText("Send to the translation desk").click();
  await document.getByLabel("Source language").selectOption("fr");
  await document.getByLabel("Target language").selectOption("en");
  await hydrated(document.getByRole("button", { name: "Send to the desk" }));
  await document.getByRole("button", { name: "Send to the desk" }).click();
  await expect(staff.getByText("Sent to the translation desk.")).toBeVisible();
  const deskFile = staff.getByTestId("client-translation-files").getByRole("link", { name: "birth-certificate.pdf" });
  await staff.goto((await deskFile.getAttribute("href"))!);
  await deliverTranslation(staff, { name: "birth-certificate-en.pdf", buffer: TRANSLATED });
  staffErrors.expectNone();

  // 3. The client's open page is told, still without a reload (its socket found a live instance again).
  await expect(client.getByRole("status").filter({ hasText: "Translation completed: birth-certificate.pdf" })).toBeVisible({ timeout: 20_000 });
  await expect(bell).toHaveText(String(unreadBefore + 2));

  // Nothing was lost: the order, its history, both files and the appointment, served by the survivors.
  await client.reload();
  await expect(client.getByRole("heading", { level: 1 })).toContainText(/translation/i);
  await expect(client.getByText("In review").first()).toBeVisible();
  await expect(client.getByText("Pending").first()).toBeVisible();
  const files = client.getByTestId("client-translation-files");
  await expect(files.getByText("Completed")).toBeVisible();
  const download = client.waitForEvent("download");
  await files.getByRole("link", { name: "Download the translation" }).click();
  const translated = await download;
  expect(translated.suggestedFilename()).toBe("birth-certificate-en.pdf");
  expect((await bytesOf(translated)).equals(TRANSLATED)).toBe(true);
  const mine = await client.request.get(
    (await client
      .getByRole("link", { name: /Download.*birth-certificate\.pdf/ })
      .first()
      .getAttribute("href"))!,
  );
  expect(Buffer.from(await mine.body()).equals(SOURCE)).toBe(true);
  const history = await query<{ to_status: string }>("select to_status from service_order_status_history where order_id = $1 order by created_at", [orderId]);
  expect(history.map((row) => row.to_status)).toEqual(["pending", "in_review"]);
  await client.goto(`/client/appointments/${appointmentId}`);
  await expect(client.getByText("Booked through the cluster")).toBeVisible();
  expect(clientServed.sentSince(killedAt)).not.toContain(uploadedOn);

  await Promise.all([clientContext.close(), staffContext.close()]);
});

test.describe("the document extractor through the proxy", () => {
  // The upload, the polls and the text land on different instances: the run lives in the database and the store.
  test("staff upload a scan and read its text", async ({ page, context }) => {
    test.setTimeout(150_000);
    await acceptCookies(context);
    await signInAsAdmin(page);
    await page.goto("/dashboard/document-extractor");
    await submitScan(page);
    await expect(page.getByTestId("extract-text")).toHaveValue(new RegExp(SCAN_LINE), { timeout: 100_000 });
  });
});
