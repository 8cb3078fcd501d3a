import type { BrowserContext, Page } from "@playwright/test";
import { AR, chooseFreeDay, EN, type Strings } from "./appointments-helpers";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, hydrated, openTestDatabase, signIn, test, watchErrors } from "./fixtures";

/**
 * A client books and cancels (JavaScript on in Los Angeles and, in Arabic, in Dubai;
 * then with it off), and staff confirm, cancel and mark a no-show. Each test uses a
 * fresh client and its own free day of the booking window, so parallel tests never
 * want the same time. Every journey fails on a console or page error (hydration included).
 */

function notaryServiceId(): string {
  const db = openTestDatabase();
  try {
    return (db.prepare("select id from services where key = 'notary'").get() as { id: string }).id;
  } finally {
    db.close();
  }
}

async function bookThroughTheForm(page: Page, options: { dayIndex: number; notes: string; strings?: Strings }): Promise<string> {
  const strings = options.strings ?? EN;
  await page.goto("/client/appointments/new");
  await page.locator("#service").selectOption(notaryServiceId());
  await page.getByRole("button", { name: strings.showDays }).click();
  await expect(page).toHaveURL(/#step-day$/);

  await chooseFreeDay(page, options.dayIndex, strings);
  await page.getByRole("button", { name: strings.showTimes }).click();
  await expect(page).toHaveURL(/[?&]day=\d{4}-\d{2}-\d{2}.*#step-time$/);
  // The next step is in view (without JavaScript the browser scrolls to the fragment).
  const times = page.getByRole("group", { name: strings.times }).getByRole("radio");
  await expect(times.first()).toBeInViewport();
  const count = await times.count();
  await times.nth(Math.floor(Math.random() * count)).check();
  await page.locator("textarea[name=notes]").fill(options.notes);
  await page.getByRole("button", { name: strings.submit }).click();

  await expect(page).toHaveURL(/\/client\/appointments\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

/** A booking made through the API on a random free time (the staff journeys start from one). */
async function bookThroughTheApi(context: BrowserContext): Promise<string> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const free = await context.request.get(`/api/appointments/available-slots?service=notary&from=${from}&to=${to}`);
  const { slots } = (await free.json()) as { slots: Array<{ startsAt: string }> };
  for (let attempt = 0; attempt < 5; attempt++) {
    const { startsAt } = slots[Math.floor(Math.random() * slots.length)]!;
    const booked = await context.request.post("/api/appointments", { data: { serviceKey: "notary", startsAt, notes: "Please confirm" } });
    if (booked.status() === 201) return ((await booked.json()) as { appointment: { id: string } }).appointment.id;
  }
  throw new Error("no free time could be booked");
}

/** No page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe("client booking with JavaScript, in Los Angeles", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("books a free time in the browser's zone, the times step gets the focus, downloads the .ics, then cancels after confirming", async ({
    page,
    context,
  }) => {
    // A whole journey over several pages: 20-25 s when CI is busy.
    test.slow();
    const client = createClient();
    await acceptCookies(context);
    await signIn(context, client.email);
    const watch = watchErrors(page);

    await page.goto("/client/appointments/new");
    await expect(page.getByRole("heading", { level: 1, name: "Book an appointment" })).toBeVisible();
    await hydrated(page.locator("#service"));
    // With JavaScript each choice shows the next step at once: the steps' buttons are for pages without it.
    await expect(page.getByRole("button", { name: "Show free days" })).toBeHidden();
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Notary Public (30 min)" });
    await expect(page.getByText("Times shown in America/Los_Angeles; the office is in America/Detroit.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "2. Day" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Show free times" })).toBeHidden();
    // One month of days, not a wall of cards: the picker is a seven-column grid.
    const picker = await page.getByTestId("day-picker").boundingBox();
    expect(picker!.height).toBeLessThan(400);

    await chooseFreeDay(page, 2);
    const timesHeading = page.getByRole("heading", { level: 2, name: /^3\. Time on / });
    await expect(timesHeading).toBeVisible();
    await expect(timesHeading).toBeFocused();
    await expect(timesHeading).toBeInViewport();
    const times = page.getByRole("group", { name: "Free times" }).getByRole("radio");
    // Each time names its zone (Pacific time here).
    await expect(page.getByRole("group", { name: "Free times" })).toContainText(/\d:\d\d [AP]M P[SD]T/);
    await times.nth(Math.floor(Math.random() * (await times.count()))).check();
    await page.getByLabel("Notes for the office (optional)").fill("Two signers, bring IDs");
    await page.getByRole("button", { name: "Request this appointment" }).click();

    await expect(page).toHaveURL(/\/client\/appointments\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Appointment AP-/ })).toBeVisible();
    await expect(page.getByText("Requested", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Two signers, bring IDs")).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Add to calendar" }).click();
    expect((await download).suggestedFilename()).toMatch(/^AP-.*\.ics$/);

    // Cancelling asks first; "Cancel" in the dialog changes nothing.
    const cancel = page.locator("button[data-testid=cancel-appointment]");
    await cancel.click();
    const dialog = page.getByRole("alertdialog", { name: /^Cancel appointment AP-/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Requested", { exact: true }).first()).toBeVisible();
    await cancel.click();
    await dialog.getByRole("button", { name: "Yes, cancel the appointment" }).click();
    await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel this appointment" })).toHaveCount(0);

    await page.goto("/client/appointments?view=upcoming");
    await expect(page.getByRole("link", { name: /Notary Public/ })).toBeVisible();
    watch.expectNone();
  });
});

test.describe("client booking in Arabic, in Dubai", () => {
  test.use({ timezoneId: "Asia/Dubai", locale: "ar-AE" });

  test("books and sees the time in the office's zone, the zone named, without an error", async ({ page, context }) => {
    test.slow();
    const client = createClient();
    await acceptCookies(context);
    await context.addCookies([{ name: "lng", value: "ar", url: `http://localhost:${process.env.E2E_PORT}` }]);
    await signIn(context, client.email);
    const watch = watchErrors(page);
    await page.goto("/client/appointments/new");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await hydrated(page.locator("#service"));
    await page.locator("#service").selectOption(notaryServiceId());
    await expect(page.getByText("الأوقات معروضة حسب المنطقة الزمنية Asia/Dubai؛ ويقع المكتب في المنطقة الزمنية America/Detroit.")).toBeVisible();
    await expect(page.getByRole("button", { name: AR.showDays })).toBeHidden();
    await chooseFreeDay(page, 5, AR);
    const timesHeading = page.getByRole("heading", { level: 2, name: /^3\. الوقت يوم/ });
    await expect(timesHeading).toBeVisible();
    await expect(timesHeading).toBeFocused();
    const times = page.getByRole("group", { name: AR.times }).getByRole("radio");
    await times.nth(Math.floor(Math.random() * (await times.count()))).check();
    await page.getByRole("button", { name: AR.submit }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^الموعد AP-/ })).toBeVisible();
    // The appointment in the viewer's zone (the office's: no profile zone), named.
    await expect(
      page
        .getByRole("definition")
        .filter({ hasText: /التوقيت الشرقي/ })
        .first(),
    ).toBeVisible();
    await page.goto("/client/appointments");
    await expect(page.getByRole("link", { name: /AP-/ }).first()).toContainText(/التوقيت الشرقي/);
    watch.expectNone();
  });
});

test.describe("client booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("books through the plain GET steps and POST, each step opened in view, then cancels through the confirmation @mobile", async ({ page, context }) => {
    test.slow();
    const client = createClient();
    await signIn(context, client.email);
    await page.goto("/client/appointments/new");
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Notary Public (30 min)" });
    await page.getByRole("button", { name: "Show free days" }).click();
    await expect(page.getByText("Times shown in America/Detroit; the office is in America/Detroit.")).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The desktop and the 390 px runs of this test book on different days.
    const id = await bookThroughTheForm(page, { dayIndex: test.info().project.name === "mobile" ? 10 : 4, notes: "Booked without scripts" });
    await expect(page.getByText("Requested", { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Without JavaScript the confirmation is a disclosure holding the confirming form.
    const cancel = page.getByTestId("cancel-appointment");
    await expect(page.getByRole("button", { name: "Yes, cancel the appointment" })).toBeHidden();
    await cancel.locator("summary").click();
    await expect(cancel.getByText(/^Cancel appointment AP-/)).toBeVisible();
    await page.getByRole("button", { name: "Yes, cancel the appointment" }).click();
    await expect(page).toHaveURL(new RegExp(`/client/appointments/${id}$`));
    await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("cancel-appointment")).toHaveCount(0);
  });
});

test.describe("the booking page on a phone", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("fits 390 px: the month of days in seven columns, the times in view after choosing a day @mobile-only", async ({ page, context }) => {
    const client = createClient();
    await signIn(context, client.email);
    const watch = watchErrors(page);
    await page.goto("/client/appointments/new?service=notary");
    const cells = page.getByTestId("day-picker").locator("label");
    await expect(cells.first()).toBeVisible();
    const boxes = await cells.evaluateAll((labels) =>
      labels.map((label) => label.getBoundingClientRect()).map((box) => ({ left: box.left, right: box.right })),
    );
    expect(Math.min(...boxes.map((box) => box.left))).toBeGreaterThanOrEqual(0);
    expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page);
    await hydrated(page.getByTestId("day-picker").locator("input").first());
    await chooseFreeDay(page, 1);
    const timesHeading = page.getByRole("heading", { level: 2, name: /^3\. Time on / });
    await expect(timesHeading).toBeVisible();
    await expect(timesHeading).toBeFocused();
    await expect(page.getByRole("group", { name: "Free times" }).getByRole("radio").first()).toBeInViewport();
    await expectNoSidewaysScroll(page);
    watch.expectNone();
  });
});

test("staff confirm a booking, the client is told, then cancel it after confirming", async ({ browser }) => {
  // A whole journey over several pages: 20-25 s when CI is busy.
  test.slow();
  const client = createClient();
  const clientContext = await browser.newContext();
  await signIn(clientContext, client.email);
  const clientPage = await clientContext.newPage();
  const id = await bookThroughTheApi(clientContext);

  const adminContext = await browser.newContext({ timezoneId: "Asia/Dubai" });
  await acceptCookies(adminContext);
  await signIn(adminContext, DEMO.admin);
  const admin = await adminContext.newPage();
  const watch = watchErrors(admin);
  await admin.goto(`/dashboard/appointments?status=requested`);
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  await admin.goto(`/dashboard/appointments/${id}`);
  // Cancelling and no-show are not in the plain status form: they ask first.
  await expect(admin.locator("select[name=status] option")).toHaveText([/.+/, /.+/]);
  await admin.locator("select[name=status]").selectOption("confirmed");
  await admin.locator("textarea[name=note]").first().fill("See you at the office");
  await admin.locator("form#appointment-status button[type=submit]").click();
  await expect(admin.getByText("See you at the office")).toBeVisible();
  await expect(admin.locator("select[name=status] option")).toHaveCount(2);

  await clientPage.goto(`/client/appointments/${id}`);
  await expect(clientPage.getByText("Confirmed", { exact: true }).first()).toBeVisible();
  const db = openTestDatabase();
  try {
    const row = db
      .prepare("select title_key from notifications where user_id = ? and link = ? order by created_at desc")
      .get(client.id, `/client/appointments/${id}`) as { title_key: string };
    expect(row.title_key).toBe("appointments:notifications.confirmed.title");
  } finally {
    db.close();
  }

  // The admin reads French: "Annuler le rendez-vous" opens the dialog, with a note for the client.
  const cancel = admin.locator("button[data-testid=end-cancelled]");
  await cancel.click();
  const dialog = admin.getByRole("alertdialog");
  await expect(dialog).toContainText("Test Client");
  await dialog.locator("textarea[name=note]").fill("The office is closed that day");
  await dialog.locator("button[type=submit]").click();
  await expect(admin.getByText("The office is closed that day")).toBeVisible();
  await expect(admin.locator("button[data-testid=end-cancelled]")).toHaveCount(0);
  await clientPage.reload();
  await expect(clientPage.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  watch.expectNone();
  await adminContext.close();
  await clientContext.close();
});

test.describe("staff without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("mark a confirmed appointment as a no-show through the confirmation", async ({ page, context, browser }) => {
    test.slow();
    const client = createClient();
    const clientContext = await browser.newContext();
    await signIn(clientContext, client.email);
    const id = await bookThroughTheApi(clientContext);
    await clientContext.close();

    await signIn(context, DEMO.owner);
    await page.goto(`/dashboard/appointments/${id}`);
    await page.locator("select[name=status]").selectOption("confirmed");
    await page.locator("form#appointment-status button[type=submit]").click();
    await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible();
    const noShow = page.getByTestId("end-no_show");
    await noShow.locator("summary").click();
    await noShow.locator("textarea[name=note]").fill("Waited 30 minutes");
    await noShow.getByRole("button", { name: "Mark as no-show" }).click();
    await expect(page.getByText("No-show", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Waited 30 minutes")).toBeVisible();
    await expect(page.getByTestId("end-cancelled")).toHaveCount(0);
  });
});

test.describe("the calendar on a phone", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("shows all seven days from Sunday at 390 px; a day's count opens its week's agenda at that day @mobile-only", async ({ page, context }) => {
    const db = openTestDatabase();
    let appointment: { id: string; starts_at: string };
    try {
      appointment = db.prepare("select id, starts_at from appointments where status = 'confirmed' order by starts_at limit 1").get() as {
        id: string;
        starts_at: string;
      };
    } finally {
      db.close();
    }
    const officeDay = new Date(appointment.starts_at).toLocaleDateString("en-CA", { timeZone: "America/Detroit" });
    await signIn(context, DEMO.owner);
    const watch = watchErrors(page);
    await page.goto(`/dashboard/calendar?view=month&date=${officeDay}`);
    const headers = page.getByTestId("calendar-grid").locator("thead th");
    await expect(headers).toHaveCount(7);
    await expect(headers.first().locator("abbr")).toHaveAttribute("title", "Sunday");
    const boxes = await headers.evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect()).map((box) => ({ left: box.left, right: box.right })));
    expect(Math.min(...boxes.map((box) => box.left))).toBeGreaterThanOrEqual(0);
    expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page);
    // The month has no agenda (a small page at any volume): a day's count opens its week at that day.
    await expect(page.getByTestId("calendar-agenda")).toHaveCount(0);
    await page.locator(`a[href="?view=week&date=${officeDay}#agenda-${officeDay}"]`).click();
    await expect(page).toHaveURL(new RegExp(`view=week&date=${officeDay}#agenda-${officeDay}$`));
    await expect(page.getByTestId("calendar-grid").locator("tbody tr")).toHaveCount(1);
    const agenda = page.getByTestId("calendar-agenda");
    await expect(agenda.locator(`a[href="/dashboard/appointments/${appointment!.id}"]`)).toBeVisible();
    await expect(page.locator(`#agenda-${officeDay}`)).toBeInViewport();
    await expectNoSidewaysScroll(page);
    watch.expectNone();
  });
});

test("a slot taken meanwhile is refused with a message, the notes stay and the free slots are shown again", async ({ page, context, browser }) => {
  test.slow();
  const client = createClient();
  await signIn(context, client.email);
  await page.goto("/client/appointments/new");
  await hydrated(page.locator("#service"));
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Notary Public (30 min)" });
  await chooseFreeDay(page, 8);
  const times = page.getByRole("group", { name: "Free times" }).getByRole("radio");
  await expect(times.first()).toBeVisible();
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

for (const { locale, strings, javaScriptEnabled } of [
  { locale: "en-US", strings: EN, javaScriptEnabled: true },
  { locale: "ar-AE", strings: AR, javaScriptEnabled: false },
] as const) {
  test.describe(`rescheduling in ${locale}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, locale });

    test("moves the appointment on the booking page's calendar of days", async ({ page, context }) => {
      test.slow();
      const client = createClient();
      await signIn(context, client.email);
      const id = await bookThroughTheApi(context);
      const startsAtNow = async () =>
        ((await (await context.request.get(`/api/appointments/${id}`)).json()) as { appointment: { startsAt: string } }).appointment.startsAt;
      const before = await startsAtNow();
      const watch = watchErrors(page);
      await page.goto(`/client/appointments/${id}`);
      const picker = page.getByTestId("day-picker");
      await expect(picker).toBeVisible();
      const showTimes = page.getByRole("button", { name: strings.showTimes });
      if (javaScriptEnabled) {
        await hydrated(picker.locator("input").first());
        await expect(showTimes).toBeHidden();
      }
      await chooseFreeDay(page, 3, strings);
      if (!javaScriptEnabled) await showTimes.click();
      const times = page.getByRole("group", { name: strings.timeOn }).getByRole("radio");
      await expect(times.first()).toBeVisible();
      // Its own time is free to it as well: another one is chosen.
      const values = (await times.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).filter(
        (value) => Date.parse(value) !== Date.parse(before),
      );
      const startsAt = values[Math.floor(Math.random() * values.length)]!;
      await page.locator(`input[name="startsAt"][value="${startsAt}"]`).check();
      await page.getByRole("button", { name: strings.moveHere }).click();
      await expect(page).toHaveURL(new RegExp(`/client/appointments/${id}$`));
      const after = await startsAtNow();
      expect(after).not.toBe(before);
      expect(new Date(after).toISOString()).toBe(new Date(startsAt).toISOString());
      watch.expectNone();
    });
  });
}
