import { type InboxStatus } from "./status";
import { getFirm } from "~/features/content/content.server";
import { sql } from "kysely";
import { db, isPostgres } from "~/lib/db/db.server";
import type { Bucket } from "~/lib/statistics.server";
import { dayRangeInstants } from "~/lib/day-range";
import { renderEmail } from "~/features/email/email.server";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { newId, nowIso } from "~/lib/ids.server";
import { notFound } from "~/lib/app-error";
import { type Page, type PageRequest } from "~/lib/pagination";
import { countCapped, keysetPage } from "~/lib/pagination.server";
import { logger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import type { ContactInput } from "./inbox.schema";

/** The admin inbox: messages sent through the public contact form (the only code touching contact_messages). */

export type ContactContext = { language: string; ip: string | null; userAgent: string | null; userId: string | null };

/** Stores a contact message and returns its id. */
export async function createContactMessage(input: ContactInput, context: ContactContext): Promise<string> {
  const id = newId();
  await db()
    .insertInto("contactMessages")
    .values({
      id,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      locale: context.language,
      status: "new",
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
      userId: context.userId,
      createdAt: nowIso(),
    })
    .execute();
  return id;
}

/** Tells the firm (at the e-mail address of its content) that a message arrived; replying answers the sender. */
export async function notifyFirmOfContactMessage(input: ContactInput): Promise<void> {
  const firm = await getFirm();
  const t = await getFixedT("en", "public");
  const content = {
    subject: t("contact.mail.subject", { subject: input.subject }),
    heading: t("contact.mail.heading"),
    paragraphs: [
      t("contact.mail.from", { name: input.name, email: input.email }),
      t("contact.mail.subjectLine", { subject: input.subject }),
      input.message,
    ],
  };
  const { text, html } = renderEmail(content, "en", firm.name);
  await sendMail({ to: firm.email, replyTo: input.email, subject: content.subject, text, html });
}

/**
 * The contact form's one entry point: the message is stored first (the inbox
 * is the record), then the firm is e-mailed. A failed e-mail is logged, not
 * reported to the sender: the message is safe in the inbox.
 */
export async function submitContactMessage(input: ContactInput, context: ContactContext): Promise<string> {
  const id = await createContactMessage(input, context);
  try {
    await notifyFirmOfContactMessage(input);
  } catch (error) {
    logger.error({ err: error, contactMessageId: id }, "the contact notification e-mail failed");
  }
  return id;
}

/** One page of contact messages, newest first, optionally of one status. */
export async function listContactMessages(query: PageRequest & { status?: InboxStatus; from?: string; to?: string; timeZone?: string }): Promise<Page<ContactMessageListItem>> {
  let base = db().selectFrom("contactMessages");
  if (query.status) base = base.where("status", "=", query.status);
  // Received on these days (the viewer's), as the dashboard's response time counts them.
  if (query.timeZone && (query.from || query.to)) {
    const { start, end } = dayRangeInstants(query, query.timeZone);
    if (start) base = base.where("createdAt", ">=", start);
    if (end) base = base.where("createdAt", "<", end);
  }
  return keysetPage(base.select(["id", "name", "email", "subject", "status", "locale", "createdAt"]), query, {
    keys: [
      { ref: "createdAt", value: (row) => row.createdAt },
      { ref: "id", value: (row) => row.id },
    ],
    direction: "desc",
    count: () => countCapped(base),
  });
}

export type ContactMessageListItem = { id: string; name: string; email: string; subject: string; status: string; locale: string; createdAt: string };

const notFoundMessage = () => notFound("inbox:errors.notFound");

/** A message for reading. Reading changes nothing: opening it marks it read by a POST (markContactMessageRead). */
export async function getContactMessage(id: string) {
  const message = await db().selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!message) throw notFoundMessage();
  return message;
}

/** Marks a new message read (the page posts it when the message is opened); a message already read stays as it is. */
export async function markContactMessageRead(id: string): Promise<void> {
  await getContactMessage(id);
  await db().updateTable("contactMessages").set({ status: "read", readAt: nowIso() }).where("id", "=", id).where("status", "=", "new").execute();
}

/** Archives a message (or brings it back to the read list). */
export async function setContactMessageArchived(id: string, archived: boolean): Promise<void> {
  const result = await db()
    .updateTable("contactMessages")
    .set({ status: archived ? "archived" : "read" })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFoundMessage();
}

/** Contact messages nobody has opened yet (the dashboard's figures). */
export async function countNewContactMessages(): Promise<number> {
  const { count } = await db().selectFrom("contactMessages").select((eb) => eb.fn.countAll<number>().as("count")).where("status", "=", "new").executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * When a message counts as answered, for the dashboard's response time: today its first
 * reading (read_at). Replies (another column) extend this one expression, e.g.
 * `coalesce(first_reply_at, read_at)`.
 */
const answeredAt = sql.ref("readAt");

/**
 * Dashboard statistics (issue 17): the messages received in [start, end), how many were
 * answered, and the mean time from arrival to answer in seconds (null when none was). One
 * aggregate over contact_messages_created_read_idx.
 */
export async function inboxResponseStatistics(range: Bucket): Promise<{ received: number; answered: number; averageSeconds: number | null }> {
  const seconds = isPostgres()
    ? sql<number>`extract(epoch from (${answeredAt} - created_at))`
    : sql<number>`(julianday(${answeredAt}) - julianday(created_at)) * 86400`;
  const row = await db()
    .selectFrom("contactMessages")
    .select([
      (eb) => eb.fn.countAll<number>().as("received"),
      sql<number>`count(${answeredAt})`.as("answered"),
      sql<number | null>`avg(${seconds})`.as("averageSeconds"),
    ])
    .where("createdAt", ">=", range.start)
    .where("createdAt", "<", range.end)
    .executeTakeFirstOrThrow();
  return {
    received: Number(row.received),
    answered: Number(row.answered),
    averageSeconds: row.averageSeconds === null || row.averageSeconds === undefined ? null : Math.round(Number(row.averageSeconds)),
  };
}
