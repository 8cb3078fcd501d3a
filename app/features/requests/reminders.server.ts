import { DateTime } from "luxon";
import { notify } from "~/core/notify.server";
import { findActiveUser } from "~/core/identity/directory.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail } from "~/features/email/index.server";
import { isUniqueViolation } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { createFormatter } from "~/lib/format";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { newId } from "~/lib/ids.server";
import { requestPaths } from "./paths";
import { issueRequestLink } from "./request-links.server";
import { reminderDays, type ReminderSchedule } from "./reminder-schedule";
import { ACTIVE_LIST_STATUSES, missingItems, type ItemState } from "./status";

/**
 * Request reminders (table request_reminders, with the list's reminders_sent and last_reminder_at).
 * Reminder n goes out on the n-th day of the list's schedule (reminderDays) once it is 09:00 in the
 * client's zone (their profile's, else the office's), in the client's language, by e-mail and by
 * notification, naming only the required items still to do. A list that is complete or cancelled,
 * has reminders off, or whose client is deactivated gets none; a list with nothing missing neither.
 *
 * Each reminder is recorded before it is sent: the row is unique per (list, number), so of two
 * workers sweeping at once only the one whose insert wins sends it.
 */
export const REMINDER_HOUR = 9;

export const REQUEST_REMINDER_EMAIL = defineEmailTemplate({
  namespace: "requests",
  name: "reminder",
  variables: ["name", "title", "dueDate", "count", "items"] as const,
  sample: { name: "Maria Lopez", title: "Tax return 2026", dueDate: "April 15, 2027", count: 2, items: "• W-2 from every employer\n• How many dependants?" },
  hasAction: true,
});

const SWEEP_BATCH = 200;
// A schedule's days lie between 60 days before the due date and 10 reminders × 60 days after it.
const EARLIEST_OFFSET_DAYS = -60;
const LATEST_OFFSET_DAYS = 600;

type Candidate = {
  id: string;
  clientId: string;
  title: string;
  dueDate: string;
  reminderOffsets: ReminderSchedule;
  remindersSent: number;
  createdAt: string;
};

type Client = NonNullable<Awaited<ReturnType<typeof findActiveUser>>> & { zone: string };

function shiftDay(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: "utc" }).plus({ days }).toISODate()!;
}

/** Sends every reminder due at `now`; returns how many went out. Safe to run on several instances at once. */
export async function sendDueRequestReminders(now = new Date()): Promise<number> {
  const utcDay = DateTime.fromJSDate(now, { zone: "utc" }).toISODate()!;
  // Whatever the client's zone, their day is the UTC day, the one before or the one after.
  const possibleDays = [shiftDay(utcDay, -1), utcDay, shiftDay(utcDay, 1)];
  const clients = new Map<string, Client | null>();
  let sent = 0;
  let after = "";
  for (;;) {
    const batch: Candidate[] = await db()
      .selectFrom("requestLists")
      .select(["id", "clientId", "title", "dueDate", "reminderOffsets", "remindersSent", "createdAt"])
      .where("status", "in", [...ACTIVE_LIST_STATUSES])
      .where("remindersEnabled", "=", true)
      .where("dueDate", ">=", shiftDay(possibleDays[0]!, -LATEST_OFFSET_DAYS))
      .where("dueDate", "<=", shiftDay(possibleDays[2]!, -EARLIEST_OFFSET_DAYS))
      .where("id", ">", after)
      .orderBy("id")
      .limit(SWEEP_BATCH)
      .execute();
    for (const list of batch) {
      const days = reminderDays(list.dueDate, list.reminderOffsets);
      if (list.remindersSent >= list.reminderOffsets.max || !possibleDays.some((day) => days.includes(day))) continue;
      if (!clients.has(list.clientId)) clients.set(list.clientId, await activeClient(list.clientId));
      const client = clients.get(list.clientId);
      if (!client) continue;
      const local = DateTime.fromJSDate(now).setZone(client.zone);
      if (local.hour < REMINDER_HOUR) continue;
      const today = local.toISODate()!;
      // The day the list was sent, the client already had its message.
      if (today <= DateTime.fromISO(list.createdAt).setZone(client.zone).toISODate()!) continue;
      const number = days.indexOf(today) + 1;
      if (number === 0 || number > list.reminderOffsets.max) continue;
      if (await sendReminder(list, number, client, now)) sent += 1;
    }
    if (batch.length < SWEEP_BATCH) return sent;
    after = batch.at(-1)!.id;
  }
}

async function activeClient(clientId: string): Promise<Client | null> {
  const user = await findActiveUser(clientId);
  return user ? { ...user, zone: await viewerTimeZone(user) } : null;
}

async function sendReminder(list: Candidate, number: number, client: Client, now: Date): Promise<boolean> {
  const items = await db().selectFrom("requestItems").select(["label", "required", "state"]).where("listId", "=", list.id).orderBy("position").execute();
  const missing = missingItems(items.map((item) => ({ ...item, state: item.state as ItemState })));
  if (missing.length === 0) return false;

  const at = now.toISOString();
  try {
    await db().insertInto("requestReminders").values({ id: newId(), listId: list.id, number, missingCount: missing.length, sentAt: at }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  await db()
    .updateTable("requestLists")
    .set((eb) => ({ remindersSent: eb("remindersSent", "+", 1), lastReminderAt: at }))
    .where("id", "=", list.id)
    .execute();

  const link = requestPaths.client(list.id);
  const labels = missing.map((item) => item.label);
  await notify({
    userId: client.id,
    type: "request.reminder",
    titleKey: "requests:notifications.reminder.title",
    bodyKey: "requests:notifications.reminder.body",
    params: { title: list.title, dueDate: list.dueDate, count: missing.length, items: labels.join(", ") },
    link,
  });
  const language = isLanguage(client.locale) ? client.locale : fallbackLanguage;
  await sendTemplatedEmail(REQUEST_REMINDER_EMAIL, {
    to: client.email,
    language,
    values: {
      name: client.fullName,
      title: list.title,
      dueDate: createFormatter(language, client.zone).day(list.dueDate),
      count: missing.length,
      items: labels.map((label) => `• ${label}`).join("\n"),
    },
    // The e-mail's button is a one-click link (none for a back-office account: the plain page then).
    actionUrl: (await issueRequestLink(list.id)) ?? absoluteUrl(link),
  });
  return true;
}
