import type { Page } from "@playwright/test";
import { acceptCookies } from "./cookies";
import { createClient, expect, signIn, test, DEMO, hydrated } from "./fixtures";

/** The area layout of /client and /dashboard: sidebar, header, user menu. */

const CLIENT_PAGE = "/client/this-page-does-not-exist";
const DASHBOARD_PAGE = "/dashboard/this-page-does-not-exist";

/** With JavaScript the header's bell opens a panel of the latest notifications, which links to the full page. */
async function openBellPanel(page: Page, name: string | RegExp, href: string) {
  const bell = page.getByRole("banner").getByRole("button", { name });
  await expect(bell).toHaveAttribute("aria-expanded", "false");
  await bell.click();
  await expect(bell).toHaveAttribute("aria-expanded", "true");
  const panel = page.getByRole("dialog");
  await expect(panel.getByRole("heading", { name: "Latest notifications" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "View all notifications" })).toHaveAttribute("href", href);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  return panel;
}

test.describe("area layout", () => {
  test("the bell's panel shows list skeletons while its notifications load", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, createClient().email);
    await page.goto(CLIENT_PAGE);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/notifications?limit=*", async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    const skeleton = page.getByRole("dialog").getByTestId("skeleton-list-item");
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute("aria-busy", "true");
    release();
    await expect(skeleton).toHaveCount(0);
  });

  test("client sidebar items, header with bell and user menu", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, createClient({ fullName: "Lina Haddad" }).email);
    await page.goto(CLIENT_PAGE);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const expected = [
      ["Overview", "/client"],
      ["Messages", "/client/messages"],
      ["Requests", "/client/requests"],
      ["Services", "/client/services"],
      ["Service orders", "/client/service-orders"],
      ["Appointments", "/client/appointments"],
      ["Reports", "/client/reports"],
      ["Invoices", "/client/invoices"],
      ["Notifications", "/client/notifications"],
      ["Profile", "/client/profile"],
    ];
    await expect(nav.getByRole("link")).toHaveText(expected.map(([label]) => label!));
    for (const [label, href] of expected) await expect(nav.getByRole("link", { name: label })).toHaveAttribute("href", href!);

    // A new client has no notifications: the bell says so, shows no count, and its panel is empty.
    await expect(page.getByRole("banner").getByTestId("unread-count")).toHaveCount(0);
    const panel = await openBellPanel(page, "Notifications: none unread", "/client/notifications");
    await page.getByRole("banner").getByRole("button", { name: "Notifications: none unread" }).click();
    await expect(panel.getByText("Nothing new.")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByTestId("user-menu").click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText("Lina Haddad");
    await expect(menu).toContainText("Client");
    await expect(menu.getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/client/profile");
    const signOut = menu.getByRole("menuitem", { name: "Sign out" });
    await expect(signOut).toBeVisible();
    await expect(page.locator('form[action="/resources/logout"][method="post"]').first()).toBeAttached();
  });

  test("items of features the client lacks are hidden", async ({ page, context }) => {
    await acceptCookies(context);
    const client = createClient({ features: ["appointments"] });
    await signIn(context, client.email);
    await page.goto(CLIENT_PAGE);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText(["Overview", "Messages", "Requests", "Services", "Appointments", "Invoices", "Notifications", "Profile"]);
  });

  test("the dashboard menu is grouped; a folded group stays folded on the next page and in the first HTML", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
    await page.goto(DASHBOARD_PAGE);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText([
      "Overview",
      "Service orders",
      "Service tracker",
      "Appointments",
      "Calendar",
      "Reports",
      "Tasks",
      "Client requests",
      "Clients",
      // The admin's unread conversations follow the label (other tests leave some).
      /^Messages/,
      "Inbox",
      "Notifications",
      "Translations",
      "Translation tool",
      "Document extractor",
      "Content",
      "Services",
      "FAQs",
      "Testimonials",
      "Client logos",
      "Announcements",
      "Invoices",
      "Profile",
      "E-mail templates",
      "Languages",
    ]);
    await expect(nav.getByTestId("nav-group-work")).toHaveText("Work");
    await expect(nav.getByRole("link", { name: "Service tracker" })).toHaveAttribute("href", "/dashboard/service-tracker");

    await hydrated(nav.getByTestId("nav-group-work"));
    await nav.getByTestId("nav-group-work").click();
    await expect(nav.getByRole("link", { name: "Service tracker" })).toBeHidden();
    await expect.poll(async () => (await context.cookies()).find((item) => item.name === "sidebar_groups")?.value, { intervals: [100] }).toBe("work");
    await nav.getByRole("link", { name: "Inbox" }).click();
    await expect(page).toHaveURL(/\/dashboard\/inbox$/);
    await expect(nav.getByRole("link", { name: "Service tracker" })).toBeHidden();
    const html = await (await page.request.get(DASHBOARD_PAGE)).text();
    expect(html).not.toMatch(/<details open=""[^>]*><summary[^>]*data-testid="nav-group-work"/);
    await nav.getByTestId("nav-group-work").click();
    await expect(nav.getByRole("link", { name: "Service tracker" })).toBeVisible();

    // Other tests may notify the admin: whatever the count, the bell's name says the same as its badge.
    const badge = page.getByRole("banner").getByTestId("unread-count");
    const name = (await badge.count()) ? `Notifications: ${(await badge.textContent())!.trim()} unread` : "Notifications: none unread";
    await openBellPanel(page, name, "/dashboard/notifications");
    await page.getByTestId("user-menu").click();
    await expect(page.getByRole("menu")).toContainText("Administrator");
  });

  test("a client requesting /dashboard goes to /client; a visitor goes to /login", async ({ page, context, request }) => {
    const anonymous = await request.get(DASHBOARD_PAGE, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers()["location"]).toMatch(/^\/login/);
    await signIn(context, DEMO.client);
    await page.goto(DASHBOARD_PAGE);
    await expect(page).toHaveURL(/\/client$|\/client\?/);
  });

  test("Ctrl+B collapses the 16rem sidebar to 3rem icons, remembered in sidebar_state for 7 days and in the first HTML", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.client);
    await page.goto(CLIENT_PAGE);
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    expect((await sidebar.boundingBox())!.width).toBe(256);

    await page.locator("body").click();
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect.poll(async () => (await sidebar.boundingBox())!.width, { intervals: [100] }).toBe(48);
    const cookie = (await context.cookies()).find((item) => item.name === "sidebar_state")!;
    expect(cookie.value).toBe("false");
    expect(cookie.path).toBe("/");
    const days = (cookie.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Collapsed items keep their names (tooltip and accessible name).
    await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Profile" })).toBeVisible();

    const html = await (await page.request.get(CLIENT_PAGE)).text();
    expect(html).toMatch(/data-testid="sidebar" data-state="collapsed"/);

    await page.keyboard.press("Meta+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
  });

  test("the sidebar toggle's tooltip opens at once; a nav tooltip waits", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.client);
    await page.goto(CLIENT_PAGE);
    await hydrated(page.getByTestId("sidebar-trigger"));
    await page.getByTestId("sidebar-trigger").hover();
    await expect(page.getByRole("tooltip")).toContainText("Toggle sidebar");
  });

  test("without JavaScript the sidebar toggle is a form post that flips the cookie", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await acceptCookies(context);
    await signIn(context, DEMO.client);
    const page = await context.newPage();
    await page.goto(CLIENT_PAGE);
    await expect(page.getByTestId("sidebar")).toHaveAttribute("data-state", "expanded");
    await page.getByTestId("sidebar-trigger").click();
    await expect(page).toHaveURL(/this-page-does-not-exist$/);
    await expect(page.getByTestId("sidebar")).toHaveAttribute("data-state", "collapsed");
    await page.getByTestId("sidebar-trigger").click();
    await expect(page.getByTestId("sidebar")).toHaveAttribute("data-state", "expanded");
    await context.close();
  });

  test("on mobile the sidebar opens as an 18rem sheet from the right @mobile-only", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.client);
    await page.goto(CLIENT_PAGE);
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await hydrated(page.getByTestId("sidebar-trigger"));
    await page.getByTestId("sidebar-trigger").click();
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("link", { name: "Profile" })).toBeVisible();
    const box = (await sheet.boundingBox())!;
    expect(box.width).toBe(288);
    expect(Math.round(box.x + box.width)).toBe(page.viewportSize()!.width);
    await sheet.getByRole("button", { name: "Close sidebar" }).click();
    await expect(sheet).toBeHidden();
  });

  test("without JavaScript the bell is a link to the notifications page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await acceptCookies(context);
    await signIn(context, createClient().email);
    const page = await context.newPage();
    await page.goto(CLIENT_PAGE);
    const bell = page.getByRole("banner").getByRole("link", { name: "Notifications: none unread" });
    await expect(bell).toHaveAttribute("href", "/client/notifications");
    await bell.click();
    await expect(page).toHaveURL(/\/client\/notifications$/);
    await context.close();
  });

  test("without JavaScript a small screen lists the items, switches and Sign out under the header @mobile-only", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await acceptCookies(context);
    await signIn(context, createClient().email);
    const page = await context.newPage();
    await page.goto(CLIENT_PAGE);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Service orders" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "Français" }).click();
    await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Commandes de service" })).toBeVisible();
    await context.close();
  });

  test("in Arabic the mobile sheet opens from the left (mirrored) @mobile-only", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.client);
    await page.goto(`${CLIENT_PAGE}?lng=ar`);
    await hydrated(page.getByTestId("sidebar-trigger"));
    await page.getByTestId("sidebar-trigger").click();
    const sheet = page.getByRole("dialog");
    await expect(sheet.getByRole("link", { name: "الملف الشخصي" })).toBeVisible();
    expect(Math.round((await sheet.boundingBox())!.x)).toBe(0);
  });

  test("in Arabic the desktop sidebar is on the right; in French the labels are French", async ({ page, context }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.client);
    await page.goto(`${CLIENT_PAGE}?lng=ar`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.getByRole("link", { name: "الملف الشخصي" })).toBeVisible();
    const box = (await sidebar.boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(page.viewportSize()!.width);

    await page.goto(`${CLIENT_PAGE}?lng=fr`);
    await expect(page.getByTestId("sidebar").getByRole("link", { name: "Vue d'ensemble" })).toBeVisible();
    await expect(page.getByTestId("go-back")).toHaveAccessibleName("Retour");
  });
});

test("a page with its own back link has no second 'Go back' in the top bar; other pages keep it", async ({ page, context }) => {
  await acceptCookies(context);
  await signIn(context, DEMO.client);
  await page.goto("/client/appointments/new");
  await expect(page.getByRole("main").getByRole("link", { name: "Back to my appointments" })).toBeVisible();
  await expect(page.getByTestId("go-back")).toBeHidden();
  await page.goto("/client/appointments");
  await expect(page.getByTestId("go-back")).toBeVisible();
});
