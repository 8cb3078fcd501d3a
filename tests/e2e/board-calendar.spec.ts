import { DateTime } from "luxon";
import { acceptCookies } from "./cookies";
import { createClient, DEMO, expect, signIn, test, watchErrors } from "./fixtures";
import { createAppointmentFor, createOrderFor } from "./orders-helpers";

test.describe("the board and the calendar stay small", () => {
  test("a tracker column shows 10 cards, and more on request; the moves keep it open", async ({ page, context }) => {
    const client = createClient({ fullName: "Many Orders" });
    for (let index = 0; index < 12; index += 1) createOrderFor(client.id, { status: "waiting_for_client" });
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
    const watch = watchErrors(page);

    await page.goto("/dashboard/service-tracker");
    const column = page.locator('[data-status="waiting_for_client"]');
    await expect(column.locator("[data-order]")).toHaveCount(10);
    const total = Number(
      (await column
        .locator("h2")
        .getByText(/orders$/)
        .textContent())!.replace(/\D/g, ""),
    );
    expect(total).toBeGreaterThanOrEqual(12);
    await expect(column.getByRole("link", { name: `All ${total} in the orders list` })).toHaveAttribute(
      "href",
      "/dashboard/service-orders?status=waiting_for_client",
    );
    await column.getByRole("link", { name: /^Show \d+ more$/ }).click();
    await expect(page).toHaveURL(/\?more=waiting_for_client$/);
    await expect(column.locator("[data-order]")).toHaveCount(Math.min(total, 20));
    // The completed column holds the recent ones only, with the way to all of them.
    await expect(page.locator('[data-status="completed"]').getByRole("link", { name: "All completed orders" })).toHaveAttribute(
      "href",
      "/dashboard/service-orders?status=completed&sort=updated",
    );

    const card = column.locator("[data-order]").filter({ hasText: "Many Orders" }).first();
    const reference = await card.getAttribute("data-order");
    await card.getByRole("button", { name: /Move to In review/ }).click();
    await expect(page.locator('[data-status="in_review"]').locator(`[data-order="${reference}"]`)).toBeVisible();
    await expect(page).toHaveURL(/\?more=waiting_for_client$/);
    watch.expectNone();
  });

  test("a busy day of the month shows three appointments and \"+N more\", which opens its week; the week's shows eight and opens the day's list", async ({
    page,
    context,
  }) => {
    const client = createClient({ fullName: "Busy Day" });
    // Far beyond the booking horizon, so no other test meets these.
    const day = DateTime.now().setZone("America/Detroit").plus({ days: 420 }).startOf("day");
    const ids = [9, 10, 11, 12, 13].map((hour) => createAppointmentFor(client.id, day.set({ hour }).toUTC().toISO()!));
    await acceptCookies(context);
    await signIn(context, DEMO.owner);
    const watch = watchErrors(page);

    await page.goto(`/dashboard/calendar?view=month&date=${day.toISODate()}`);
    const cell = page
      .getByTestId("calendar-grid")
      .locator("td")
      .filter({ has: page.locator(`a[href="/dashboard/appointments/${ids[0]}"]`) });
    await expect(cell.locator('a[href^="/dashboard/appointments/"]')).toHaveCount(3);
    const more = cell.getByTestId("calendar-more");
    await expect(more).toHaveText("+2 more");
    await expect(more).toHaveAttribute("href", new RegExp(`\\?view=week&date=${day.toISODate()}$`));
    await more.click();
    await expect(page).toHaveURL(new RegExp(`view=week&date=${day.toISODate()}$`));
    await expect(page.getByTestId("calendar-grid").locator("tbody tr")).toHaveCount(1);
    for (const id of ids) await expect(page.getByTestId("calendar-grid").locator(`a[href="/dashboard/appointments/${id}"]`)).toBeVisible();
    await expect(page.getByTestId("calendar-grid").getByTestId("calendar-more")).toHaveCount(0);

    // Busier than the week holds (eight a day): its "+N more" is the appointments list of that day.
    const later = [14, 15, 16, 17, 18].map((hour) => createAppointmentFor(client.id, day.set({ hour }).toUTC().toISO()!));
    await page.reload();
    const weekCell = page
      .getByTestId("calendar-grid")
      .locator("td")
      .filter({ has: page.locator(`a[href="/dashboard/appointments/${ids[0]}"]`) });
    await expect(weekCell.locator('a[href^="/dashboard/appointments/"]')).toHaveCount(8);
    const weekMore = weekCell.getByTestId("calendar-more");
    await expect(weekMore).toHaveText("+2 more");
    await weekMore.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/appointments\\?from=${day.toISODate()}&to=${day.toISODate()}$`));
    for (const id of later) await expect(page.locator(`a[href="/dashboard/appointments/${id}"]`).first()).toBeVisible();
    watch.expectNone();
  });
});
