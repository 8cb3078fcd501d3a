import type { ReminderSchedule } from "~/lib/db/schema";

export type { ReminderSchedule };

/** 3 days before the due date, on the due day, then every 7 days while overdue; at most 5 reminders. */
export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = { before: [-3, 0], overdueEvery: 7, max: 5 };
export const MAX_REMINDERS = 10;

/** The office day (YYYY-MM-DD) `days` days after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The office days (YYYY-MM-DD) on which a list due on `dueDate` is reminded, in order; the n-th day is reminder n. */
export function reminderDays(dueDate: string, schedule: ReminderSchedule = DEFAULT_REMINDER_SCHEDULE): string[] {
  const days = [...new Set(schedule.before)].sort((a, b) => a - b).map((offset) => addDays(dueDate, offset));
  for (let overdue = schedule.overdueEvery; schedule.overdueEvery > 0 && days.length < schedule.max; overdue += schedule.overdueEvery) {
    days.push(addDays(dueDate, overdue));
  }
  return days.slice(0, schedule.max);
}
