import { enqueueJob, defineJob, scheduleDaily } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { sendDueRequestReminders } from "./reminders.server";

/**
 * Request reminders go out at 09:00 in each client's zone, so a sweep runs every quarter of an
 * hour: 09:00 in any zone (offsets are whole quarter hours) is met within 15 minutes. Each run
 * first asks for the next quarter hour's run, keyed by its UTC time, so however many instances
 * run it there is one job per quarter hour; the daily start (00:00 UTC, keyed by the day) sets the
 * chain going on a fresh database and picks it up again should it ever break. Sending twice is
 * impossible either way: each reminder is recorded once per list and number before it is sent.
 */
const SWEEP_MINUTES = 15;
const JOB_NAME = "requests.reminders";

function nextSweepAt(now: Date): Date {
  const step = SWEEP_MINUTES * 60_000;
  return new Date(Math.floor(now.getTime() / step) * step + step);
}

export async function enqueueNextReminderSweep(now = new Date()): Promise<void> {
  const at = nextSweepAt(now);
  await enqueueJob(JOB_NAME, {}, { runAt: at, uniqueKey: `${JOB_NAME}:${at.toISOString()}` });
}

export const requestRemindersJob = defineJob<{ day?: string }>(JOB_NAME, async () => {
  const now = new Date();
  await enqueueNextReminderSweep(now);
  const sent = await sendDueRequestReminders(now);
  if (sent > 0) logger.info({ sent }, "request reminders sent");
});

scheduleDaily({ name: JOB_NAME, at: "00:00", timeZone: () => "UTC" });
