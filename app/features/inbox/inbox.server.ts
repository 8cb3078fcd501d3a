import { type InboxStatus, type ReplyTemplateKey } from "./status";
import { getFirm } from "~/core/office/firm.server";
import { sql } from "kysely";
import { db, isPostgres } from "~/lib/db/db.server";
import type { Bucket } from "~/lib/statistics.server";
import { dayRangeInstants } from "~/lib/day-range";
import { defineEmailTemplate, sendTemplatedEmail, absoluteUrl } from "~/features/email/index.server";
import { notify } from "~/core/notify.server";
import { findActiveBackOfficeUser, listBackOfficeUsersWith } from "~/core/identity/directory.server";
import { audit } from "~/lib/audit.server";
import { canUseBackOffice } from "~/lib/features";
import { fallbackLanguage, isLanguage, type Language } from "~/lib/i18n/config";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { newId, nowIso } from "~/lib/ids.server";
import { invalid, notFound } from "~/lib/app-error";
import { type Page, type PageRequest } from "~/lib/pagination";
import { countCapped, keysetPage } from "~/lib/pagination.server";
import { logger } from "~/lib/logger.server";
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

/** The firm's e-mail when a contact message arrives (editable on /dashboard/templates). */
export const CONTACT_RECEIVED_EMAIL = defineEmailTemplate({
  namespace: "inbox",
  name: "received",
  variables: ["name", "email", "subject", "message"] as const,
  sample: { name: "Maria Lopez", email: "maria.lopez@example.com", subject: "Question about tax filing", message: "Hello, can you file my 2025 return?" },
  hasAction: true,
});

/** The answer a staff member writes in the inbox, sent to the sender in their language (editable on /dashboard/templates). */
export const CONTACT_REPLY_EMAIL = defineEmailTemplate({
  namespace: "inbox",
  name: "reply",
  variables: ["name", "subject", "reply", "message", "staffName"] as const,
  sample: {
    name: "Maria Lopez",
    subject: "Question about tax filing",
    reply: "Thank you for your message. Yes, we can file your 2025 return; please book an appointment online.",
    message: "Hello, can you file my 2025 return?",
    staffName: "Sam Carter",
  },
});

/** Tells the firm (at the e-mail address of its content, in English) that a message arrived; replying answers the sender. */
export async function notifyFirmOfContactMessage(input: ContactInput, id?: string): Promise<void> {
  const firm = await getFirm();
  await sendTemplatedEmail(CONTACT_RECEIVED_EMAIL, {
    to: firm.email,
    replyTo: input.email,
    language: fallbackLanguage,
    values: { name: input.name, email: input.email, subject: input.subject, message: input.message },
    actionUrl: id ? absoluteUrl(`/dashboard/inbox/${id}`) : undefined,
  });
}

/**
 * The contact form's one entry point: the message is stored first (the inbox
 * is the record), then the firm is e-mailed. A failed e-mail is logged, not
 * reported to the sender: the message is safe in the inbox.
 */
export async function submitContactMessage(input: ContactInput, context: ContactContext): Promise<string> {
  const id = await createContactMessage(input, context);
  try {
    await notifyFirmOfContactMessage(input, id);
  } catch (error) {
    logger.error({ err: error, contactMessageId: id }, "the contact notification e-mail failed");
  }
  return id;
}

export type InboxListQuery = PageRequest & { status?: InboxStatus; assignee?: string; from?: string; to?: string; timeZone?: string };

/**
 * One page of contact messages, newest first: of one status, and/or assigned to one person
 * ("none": to nobody), and/or received on these days (the viewer's, as the dashboard's response
 * time counts them). Indexes: (status, created_at, id) and (assignee_id, created_at, id).
 */
export async function listContactMessages(query: InboxListQuery): Promise<Page<ContactMessageListItem>> {
  let base = db().selectFrom("contactMessages");
  if (query.status) base = base.where("status", "=", query.status);
  if (query.assignee === "none") base = base.where("assigneeId", "is", null);
  else if (query.assignee) base = base.where("assigneeId", "=", query.assignee);
  if (query.timeZone && (query.from || query.to)) {
    const { start, end } = dayRangeInstants(query, query.timeZone);
    if (start) base = base.where("createdAt", ">=", start);
    if (end) base = base.where("createdAt", "<", end);
  }
  return keysetPage(base.select(["id", "name", "email", "subject", "status", "locale", "assigneeId", "createdAt"]), query, {
    keys: [
      { ref: "createdAt", value: (row) => row.createdAt },
      { ref: "id", value: (row) => row.id },
    ],
    direction: "desc",
    count: () => countCapped(base),
  });
}

export type ContactMessageListItem = {
  id: string;
  name: string;
  email: string;
  subject: string;
  status: string;
  locale: string;
  assigneeId: string | null;
  createdAt: string;
};

const notFoundMessage = () => notFound("inbox:errors.notFound");

/** A message for reading. Reading changes nothing: opening it marks it read by a POST (markContactMessageRead). */
export async function getContactMessage(id: string) {
  const message = await db().selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!message) throw notFoundMessage();
  return message;
}

/** The replies sent to a message, oldest first (a thread is a handful of rows). */
export async function listContactMessageReplies(messageId: string) {
  return db()
    .selectFrom("contactMessageReplies")
    .select(["id", "authorId", "authorName", "locale", "subject", "body", "delivery", "deliveryError", "createdAt"])
    .where("messageId", "=", messageId)
    .orderBy("createdAt")
    .orderBy("id")
    .limit(500)
    .execute();
}

export type ContactReply = Awaited<ReturnType<typeof listContactMessageReplies>>[number];

/** Marks a new message read (the page posts it when the message is opened); a message already read stays as it is. */
export async function markContactMessageRead(id: string): Promise<void> {
  await getContactMessage(id);
  await db().updateTable("contactMessages").set({ status: "read", readAt: nowIso() }).where("id", "=", id).where("status", "=", "new").execute();
}

/**
 * Archives a message or marks it spam (its status before is kept), or brings it back
 * (to the status it had, or "read").
 */
export async function setContactMessageStatus(actor: { id: string | null }, id: string, change: "archive" | "spam" | "restore"): Promise<void> {
  const message = await getContactMessage(id);
  if (change === "restore") {
    if (message.status !== "archived" && message.status !== "spam") return;
    const back = message.previousStatus && message.previousStatus !== "archived" && message.previousStatus !== "spam" ? message.previousStatus : "read";
    await db().updateTable("contactMessages").set({ status: back, previousStatus: null }).where("id", "=", id).execute();
  } else {
    const to = change === "archive" ? "archived" : "spam";
    if (message.status === to) return;
    const previous = message.status === "archived" || message.status === "spam" ? message.previousStatus : message.status;
    await db().updateTable("contactMessages").set({ status: to, previousStatus: previous }).where("id", "=", id).execute();
  }
  await audit({ actorId: actor.id, action: `inbox.${change}`, targetType: "contact_message", targetId: id });
}

/** Archives a message (or brings it back to the read list). */
export async function setContactMessageArchived(id: string, archived: boolean, actor: { id: string | null } = { id: null }): Promise<void> {
  await setContactMessageStatus(actor, id, archived ? "archive" : "restore");
}

/** Whom a message may be assigned to: active people with the inbox feature (owner and admins have it). */
export function listInboxAssignees(): Promise<Array<{ id: string; fullName: string }>> {
  return listBackOfficeUsersWith("inbox");
}

/** Assigns a message to someone who may use the inbox (or to nobody), and tells them. */
export async function assignContactMessage(actor: { id: string }, id: string, assigneeId: string | null): Promise<void> {
  const message = await getContactMessage(id);
  if (assigneeId) {
    const person = await findActiveBackOfficeUser(assigneeId);
    if (!person || !canUseBackOffice({ role: person.role, enabledFeatures: person.enabledFeatures ?? [] }, "inbox")) {
      throw invalid("inbox:errors.assigneeInvalid", { field: "assigneeId" });
    }
  }
  if (message.assigneeId === assigneeId) return;
  await db().updateTable("contactMessages").set({ assigneeId }).where("id", "=", id).execute();
  await audit({ actorId: actor.id, action: "inbox.assigned", targetType: "contact_message", targetId: id, meta: { assigneeId } });
  if (assigneeId && assigneeId !== actor.id) {
    await notify({
      userId: assigneeId,
      type: "inbox.assigned",
      titleKey: "inbox:notifications.assigned.title",
      bodyKey: "inbox:notifications.assigned.body",
      params: { subject: message.subject, name: message.name },
      link: `/dashboard/inbox/${id}`,
    });
  }
}

/** The language a message's sender wrote in (the site's language then), English when unknown. */
export function senderLanguage(message: { locale: string }): Language {
  return isLanguage(message.locale) ? message.locale : fallbackLanguage;
}

/** A canned reply's text in the sender's language, with their name, for the reply field to start from. */
export async function replyTemplateText(message: { locale: string; name: string }, key: ReplyTemplateKey): Promise<string> {
  const t = await getFixedT(senderLanguage(message), "inbox");
  return t(`replyTemplates.${key}.text`, { name: message.name, interpolation: { escapeValue: false } });
}

export type ReplyOutcome = { replyId: string; delivery: "sent" | "failed" };

/**
 * Answers a message by e-mail in the sender's language (the inbox.reply template). The reply is
 * kept in the thread whatever happens to the e-mail, with its delivery outcome; a sent reply marks
 * the message replied (and read).
 */
export async function replyToContactMessage(actor: { id: string; fullName: string }, id: string, input: { body: string }): Promise<ReplyOutcome> {
  const message = await getContactMessage(id);
  const body = input.body.replace(/\r\n/g, "\n").trim();
  if (!body) throw invalid("inbox:errors.replyRequired", { field: "body" });
  const language = senderLanguage(message);
  const t = await getFixedT(language, "inbox");
  const subject = t("replySubject", { subject: message.subject, interpolation: { escapeValue: false } });
  let delivery: ReplyOutcome["delivery"] = "sent";
  let deliveryError: string | null = null;
  try {
    await sendTemplatedEmail(CONTACT_REPLY_EMAIL, {
      to: message.email,
      language,
      values: { name: message.name, subject: message.subject, reply: body, message: message.message, staffName: actor.fullName },
    });
  } catch (error) {
    delivery = "failed";
    deliveryError = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
    logger.error({ err: error, contactMessageId: id }, "an inbox reply could not be sent");
  }
  const replyId = newId();
  const now = nowIso();
  await db()
    .insertInto("contactMessageReplies")
    .values({
      id: replyId,
      messageId: id,
      authorId: actor.id,
      authorName: actor.fullName,
      locale: language,
      subject,
      body,
      delivery,
      deliveryError,
      createdAt: now,
    })
    .execute();
  if (delivery === "sent") {
    await db()
      .updateTable("contactMessages")
      // replied_at keeps the first reply: the dashboard's response time counts to it.
      .set({ status: "replied", repliedAt: message.repliedAt ?? now, readAt: message.readAt ?? now, previousStatus: null })
      .where("id", "=", id)
      .execute();
  }
  await audit({
    actorId: actor.id,
    action: delivery === "sent" ? "inbox.replied" : "inbox.reply_failed",
    targetType: "contact_message",
    targetId: id,
    meta: { replyId },
  });
  return { replyId, delivery };
}

/** Contact messages nobody has opened yet (the dashboard's figures). */
export async function countNewContactMessages(): Promise<number> {
  const { count } = await db()
    .selectFrom("contactMessages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * When a message counts as answered, for the dashboard's response time: its first reply
 * (replied_at), else its first reading (read_at: a message that needed no reply, or one
 * answered before replies were sent from the inbox).
 */
const answeredAt = sql`coalesce(replied_at, read_at)`;

/**
 * Dashboard statistics: the messages received in [start, end), how many were
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
