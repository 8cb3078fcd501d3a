import { getOfficeTimeZone } from "~/core/office/time-zone.server";
import { defineJob, scheduleDaily } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { purgeOldNotifications } from "./notifications.server";

/** Deletes read notifications older than NOTIFICATION_RETENTION_DAYS (180 by default), in batches. */
export const purgeNotificationsJob = defineJob("notifications.purge", async () => {
  const purged = await purgeOldNotifications();
  if (purged > 0) logger.info({ purged }, "old read notifications purged");
});

// Once a day, at night in the office's zone.
scheduleDaily({ name: purgeNotificationsJob.name, at: "03:30", timeZone: getOfficeTimeZone });
