import { expect, type Page } from "@playwright/test";

/** The booking form's words and choosing a day on it (the appointments suite, and the cluster journey). */
export type Strings = { day: string; showDays: string; showTimes: string; times: string; submit: string; nextMonth: string; timeOn: RegExp; moveHere: string };
export const EN: Strings = {
  day: "Day",
  showDays: "Show free days",
  showTimes: "Show free times",
  times: "Free times",
  submit: "Request this appointment",
  nextMonth: "Next month",
  timeOn: /^3\. Time on /,
  moveHere: "Move to this time",
};

export const AR: Strings = {
  day: "اليوم",
  showDays: "عرض الأيام المتاحة",
  showTimes: "عرض الأوقات المتاحة",
  times: "الأوقات المتاحة",
  submit: "اطلب هذا الموعد",
  nextMonth: "الشهر التالي",
  timeOn: /^3\. الوقت يوم/,
  moveHere: "انقل الموعد إلى هذا الوقت",
};

/** The `index`-th free day from the first shown month on, following "Next month" when a month has fewer. */
export async function chooseFreeDay(page: Page, index: number, strings: Strings = EN): Promise<void> {
  let left = index;
  for (;;) {
    const free = page.getByRole("group", { name: strings.day }).getByRole("radio", { disabled: false });
    await expect(free.first()).toBeVisible();
    const count = await free.count();
    if (left < count) {
      await free.nth(left).check();
      return;
    }
    left -= count;
    const url = page.url();
    await page.getByRole("link", { name: strings.nextMonth }).click();
    await expect(page).not.toHaveURL(url);
  }
}
