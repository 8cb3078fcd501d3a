import { defineJob, scheduleEvery } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { sendDueRequestReminders } from "./reminders.server";

/**
 * Request reminders go out at 09:00 in each client's zone, so a sweep runs every quarter of an
 * hour (09:00 in any zone, whose offsets are whole quarter hours, is met within 15 minutes). The
 * job queue asks for one job per quarter hour however many instances run (keyed jobs); a reminder
 * is recorded once per list and number before it is sent, so even two sweeps at once send it once.
 */
export const REMINDER_SWEEP_MINUTES = 15;

export const requestRemindersJob = defineJob("requests.reminders", async () => {
  const sent = await sendDueRequestReminders(new Date());
  if (sent > 0) logger.info({ sent }, "request reminders sent");
});

scheduleEvery({ name: requestRemindersJob.name, minutes: REMINDER_SWEEP_MINUTES });
