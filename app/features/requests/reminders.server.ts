import { DateTime } from "luxon";
import { notify } from "~/core/notify.server";
import { findActiveUser } from "~/core/identity/directory.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail } from "~/features/email/index.server";
import { db } from "~/lib/db/db.server";
import { createFormatter } from "~/lib/format";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { newId } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { requestPaths } from "./paths";
import { issueRequestLink } from "./request-links.server";
import { addDays, reminderDays, type ReminderSchedule } from "./reminder-schedule";
import { ACTIVE_LIST_STATUSES, missingItems, type ItemState } from "./status";

/**
 * Request reminders (table request_reminders, with the list's reminders_sent and last_reminder_at).
 * A reminder goes out on each day of the list's schedule (reminderDays, from its current due date)
 * once it is 09:00 in the client's zone (their profile's, else the office's), in the client's
 * language, by e-mail (with a one-click link) and by notification, naming only the required items
 * still to do; at most one a day, and at most the schedule's `max` for the current due date
 * (reminders_sent counts those: moving the due date starts the count again, so the new date's
 * schedule applies). A list that is complete or cancelled, has reminders off, or whose client is
 * deactivated gets none; a list with nothing missing neither.
 *
 * Each reminder is claimed before it is sent: the list's row is updated only if it was not reminded
 * since the start of the client's day, and the reminder is recorded with the next number, unique per
 * list; of two workers sweeping at once only the one whose claim wins sends it. A failure with one
 * list (its mail server refusing) is logged and the sweep carries on with the others.
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
  lastReminderAt: string | null;
  createdAt: string;
};

type Client = NonNullable<Awaited<ReturnType<typeof findActiveUser>>> & { zone: string };

/** Sends every reminder due at `now`; returns how many went out. Safe to run on several instances at once. */
export async function sendDueRequestReminders(now = new Date()): Promise<number> {
  const utcDay = DateTime.fromJSDate(now, { zone: "utc" }).toISODate()!;
  // Whatever the client's zone, their day is the UTC day, the one before or the one after.
  const possibleDays = [addDays(utcDay, -1), utcDay, addDays(utcDay, 1)];
  const clients = new Map<string, Client | null>();
  let sent = 0;
  let after = "";
  for (;;) {
    const batch: Candidate[] = await db()
      .selectFrom("requestLists")
      .select(["id", "clientId", "title", "dueDate", "reminderOffsets", "remindersSent", "lastReminderAt", "createdAt"])
      .where("status", "in", [...ACTIVE_LIST_STATUSES])
      .where("remindersEnabled", "=", true)
      .where("dueDate", ">=", addDays(possibleDays[0]!, -LATEST_OFFSET_DAYS))
      .where("dueDate", "<=", addDays(possibleDays[2]!, -EARLIEST_OFFSET_DAYS))
      .where("id", ">", after)
      .orderBy("id")
      .limit(SWEEP_BATCH)
      .execute();
    for (const list of batch) {
      try {
        if (await remindIfDue(list, now, possibleDays, clients)) sent += 1;
      } catch (error) {
        logger.error({ err: error, listId: list.id }, "a request reminder failed; the sweep carries on");
      }
    }
    if (batch.length < SWEEP_BATCH) return sent;
    after = batch.at(-1)!.id;
  }
}

async function remindIfDue(list: Candidate, now: Date, possibleDays: string[], clients: Map<string, Client | null>): Promise<boolean> {
  const days = reminderDays(list.dueDate, list.reminderOffsets);
  if (list.remindersSent >= list.reminderOffsets.max || !possibleDays.some((day) => days.includes(day))) return false;
  if (!clients.has(list.clientId)) clients.set(list.clientId, await activeClient(list.clientId));
  const client = clients.get(list.clientId);
  if (!client) return false;
  const local = DateTime.fromJSDate(now).setZone(client.zone);
  if (local.hour < REMINDER_HOUR) return false;
  const today = local.toISODate()!;
  if (!days.includes(today)) return false;
  // Reminded today already (an earlier sweep, or another instance).
  if (list.lastReminderAt && DateTime.fromJSDate(new Date(list.lastReminderAt)).setZone(client.zone).toISODate() === today) return false;
  // The day the list was sent, the client already had its message.
  if (today <= DateTime.fromJSDate(new Date(list.createdAt)).setZone(client.zone).toISODate()!) return false;
  return sendReminder(list, client, now, local.startOf("day").toJSDate().toISOString());
}

async function activeClient(clientId: string): Promise<Client | null> {
  const user = await findActiveUser(clientId);
  return user ? { ...user, zone: await viewerTimeZone(user) } : null;
}

/** Claims today's reminder of the list (once across instances), then tells the client. */
async function sendReminder(list: Candidate, client: Client, now: Date, startOfToday: string): Promise<boolean> {
  const items = await db().selectFrom("requestItems").select(["label", "required", "state"]).where("listId", "=", list.id).orderBy("position").execute();
  const missing = missingItems(items.map((item) => ({ ...item, state: item.state as ItemState })));
  if (missing.length === 0) return false;

  const at = now.toISOString();
  const claimed = await db()
    .transaction()
    .execute(async (trx) => {
      // The list's row first: on PostgreSQL it stays locked until the end, so a second worker waits and then finds it reminded.
      const claim = await trx
        .updateTable("requestLists")
        .set((eb) => ({ remindersSent: eb("remindersSent", "+", 1), lastReminderAt: at }))
        .where("id", "=", list.id)
        .where("remindersSent", "<", list.reminderOffsets.max)
        .where((eb) => eb.or([eb("lastReminderAt", "is", null), eb("lastReminderAt", "<", startOfToday)]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      const last = await trx
        .selectFrom("requestReminders")
        .select((eb) => eb.fn.max("number").as("number"))
        .where("listId", "=", list.id)
        .executeTakeFirst();
      const inserted = await trx
        .insertInto("requestReminders")
        .values({ id: newId(), listId: list.id, number: Number(last?.number ?? 0) + 1, missingCount: missing.length, sentAt: at })
        .onConflict((conflict) => conflict.columns(["listId", "number"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) throw new ReminderTaken();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof ReminderTaken) return false;
      throw error;
    });
  if (!claimed) return false;

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

/** Another worker recorded this reminder number meanwhile: the claim is undone (rolled back). */
class ReminderTaken extends Error {}
