import { getOfficeTimeZone } from "~/core/office/time-zone.server";
import { officeToday } from "~/core/office/today.server";
import { defineJob, scheduleDaily } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { sendDueReminders } from "./tasks.server";

/**
 * Each morning (07:00 in the office's zone) assignees are told of their open tasks due that
 * day or overdue. The schedule enqueues one job per day across instances (its unique key);
 * the reminder itself marks each task before telling, so even a second run tells no one twice.
 */
export const taskRemindersJob = defineJob<{ day?: string }>("tasks.reminders", async (payload) => {
  const day = typeof payload.day === "string" ? payload.day : await officeToday();
  const sent = await sendDueReminders(day);
  if (sent > 0) logger.info({ sent, day }, "task reminders sent");
});

scheduleDaily({ name: taskRemindersJob.name, at: "07:00", timeZone: getOfficeTimeZone });
