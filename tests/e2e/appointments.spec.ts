import type { Page } from "@playwright/test";
import { createClient, DEMO, expect, openTestDatabase, signIn, test } from "./fixtures";

/**
 * A client books and cancels (JavaScript on, then once with it off), and an
 * admin confirms a booking. Each test uses a fresh client and its own day of the
 * booking window, so parallel tests never want the same slot.
 */
async function bookThroughTheForm(page: Page, options: { dayIndex: number; notes: string }): Promise<string> {
  await page.goto("/client/appointments/new");
  await expect(page.getByRole("heading", { level: 1, name: "Book an appointment" })).toBeVisible();
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Notary Public (30 min)" });
  await page.getByRole("button", { name: "Show free days" }).click();

  const days = page.getByRole("group", { name: "Day" }).getByRole("radio");
  await expect(days.first()).toBeVisible();
  await days.nth(options.dayIndex).check();
  await page.getByRole("button", { name: "Show free times" }).click();

  const times = page.getByRole("group", { name: "Free times" }).getByRole("radio");
  await expect(times.first()).toBeVisible();
  const count = await times.count();
  await times.nth(Math.floor(Math.random() * count)).check();
  await page.getByLabel("Notes for the office (optional)").fill(options.notes);
  await page.getByRole("button", { name: "Request this appointment" }).click();

  await expect(page).toHaveURL(/\/client\/appointments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Appointment AP-/ })).toBeVisible();
  return page.url().split("/").pop()!;
}

test.describe("client booking with JavaScript", () => {
  test.use({ timezoneId: "Europe/Paris" });

  test("books a free slot in the browser's time zone, downloads the .ics, then cancels", async ({ page, context }) => {
    // A whole journey over several pages: 20-25 s when CI is busy.
    test.slow();
    const client = createClient();
    await signIn(context, client.email);

    await page.goto("/client/appointments/new");
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Notary Public (30 min)" });
    await page.getByRole("button", { name: "Show free days" }).click();
    await expect(page.getByText("Times shown in Europe/Paris; the office is in America/Detroit.")).toBeVisible();

    const id = await bookThroughTheForm(page, { dayIndex: 2, notes: "Two signers, bring IDs" });
    await expect(page.getByText("Requested", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Two signers, bring IDs")).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Add to calendar" }).click();
    expect((await download).suggestedFilename()).toMatch(/^AP-.*\.ics$/);

    await page.getByRole("button", { name: "Cancel this appointment" }).click();
    await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel this appointment" })).toHaveCount(0);

    await page.goto("/client/appointments?view=upcoming");
    await expect(page.getByRole("link", { name: /Notary Public/ })).toBeVisible();
    expect(id).toHaveLength(36);
  });
});

test.describe("client booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("books through the plain GET steps and POST, times in the office's zone @mobile", async ({ page, context }) => {
    const client = createClient();
    await signIn(context, client.email);
    await page.goto("/client/appointments/new");
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Notary Public (30 min)" });
    await page.getByRole("button", { name: "Show free days" }).click();
    await expect(page.getByText("Times shown in America/Detroit; the office is in America/Detroit.")).toBeVisible();
    // The desktop and the 390 px runs of this test book on different days.
    await bookThroughTheForm(page, { dayIndex: test.info().project.name === "mobile" ? 10 : 4, notes: "Booked without scripts" });
    await expect(page.getByText("Requested", { exact: true }).first()).toBeVisible();
  });
});

test("an admin confirms a client's booking and the client is told", async ({ browser }) => {
  // A whole journey over several pages: 20-25 s when CI is busy.
  test.slow();
  const client = createClient();
  const clientContext = await browser.newContext();
  await signIn(clientContext, client.email);
  const clientPage = await clientContext.newPage();
  const id = await bookThroughTheForm(clientPage, { dayIndex: 6, notes: "Please confirm" });

  const adminContext = await browser.newContext();
  await signIn(adminContext, DEMO.admin);
  const admin = await adminContext.newPage();
  await admin.goto(`/dashboard/appointments?status=requested`);
  await expect(admin.getByRole("heading", { level: 1, name: "Appointments" })).toBeVisible();
  await admin.goto(`/dashboard/appointments/${id}`);
  await admin.getByLabel("New status").selectOption({ label: "Confirmed" });
  await admin.getByLabel("Note (optional)").fill("See you at the office");
  await admin.getByRole("button", { name: "Change status" }).click();
  await expect(admin.getByText("See you at the office")).toBeVisible();
  await expect(admin.getByLabel("New status").locator("option")).toHaveText(["Choose…", "Completed", "No-show", "Cancelled"]);

  await clientPage.reload();
  await expect(clientPage.getByText("Confirmed", { exact: true }).first()).toBeVisible();
  const db = openTestDatabase();
  try {
    const row = db.prepare("select title_key from notifications where user_id = ? and link = ? order by created_at desc").get(client.id, `/client/appointments/${id}`) as { title_key: string };
    expect(row.title_key).toBe("appointments:notifications.confirmed.title");
  } finally {
    db.close();
  }

  await admin.goto("/dashboard/calendar?view=week");
  await expect(admin.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(admin.getByRole("heading", { level: 2, name: "Availability" })).toBeVisible();
  await adminContext.close();
  await clientContext.close();
});

test("a slot taken meanwhile is refused with a message, the notes stay and the free slots are shown again", async ({ page, context, browser }) => {
  const client = createClient();
  await signIn(context, client.email);
  await page.goto("/client/appointments/new");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Notary Public (30 min)" });
  await page.getByRole("button", { name: "Show free days" }).click();
  await page.getByRole("group", { name: "Day" }).getByRole("radio").nth(8).check();
  await page.getByRole("button", { name: "Show free times" }).click();
  const times = page.getByRole("group", { name: "Free times" }).getByRole("radio");
  const chosen = times.nth(Math.floor(Math.random() * (await times.count())));
  const startsAt = (await chosen.getAttribute("value"))!;
  await chosen.check();
  await page.getByLabel("Notes for the office (optional)").fill("Keep these notes");

  // Someone else books the same time first, through the API.
  const other = createClient();
  const otherContext = await browser.newContext();
  await signIn(otherContext, other.email);
  const booked = await otherContext.request.post("/api/appointments", { data: { serviceKey: "notary", startsAt } });
  expect(booked.status()).toBe(201);
  await otherContext.close();

  await page.getByRole("button", { name: "Request this appointment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That time was just taken by someone else. Please choose another time." })).toBeVisible();
  await expect(page.getByLabel("Notes for the office (optional)")).toHaveValue("Keep these notes");
  await expect(page.locator(`input[name="startsAt"][value="${startsAt}"]`)).toHaveCount(0);
  await expect(times.first()).toBeVisible();
});
