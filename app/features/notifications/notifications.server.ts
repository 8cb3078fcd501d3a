import type { TFunction } from "i18next";
import { db } from "~/lib/db/db.server";
import { toJson, type DB } from "~/lib/db/connection.server";
import { absoluteUrl, sendLocalizedEmail } from "~/features/email/email.server";
import { fallbackLanguage, isLanguage, supportedLanguages, type Language } from "~/lib/i18n/config";
import { getFixedT, getLanguage, languageCookie } from "~/lib/i18n/i18n.server";
import { resources } from "~/lib/i18n/resources.server";
import { newId, nowIso } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { emitToUser } from "~/lib/realtime.server";
import { createFormatter, type Formatter } from "~/lib/format";
import { viewerTimeZone } from "~/features/availability/availability.server";
import type { AudienceRole, ComposeInput, ListQuery, NotificationEventPayload, NotificationView, BroadcastView } from "./notifications.schema";

export type { BroadcastView, NotificationEventPayload, NotificationView };

/**
 * The notification centre: the only code that touches `notifications` and
 * `notification_broadcasts`. Rows keep their title and body as i18n keys
 * ("orders:notifications.statusChanged.title") with parameters, so every
 * reader sees them in their own language, in the page, the API, the live
 * toast and the e-mail copy alike. Every read and write of a user's rows
 * takes that user's id: nobody reaches another's notifications.
 */

export const NOTIFICATION_EVENT = "notification:new";

export type NotifyInput = {
  userId: string;
  type: string;
  titleKey: string;
  bodyKey?: string | null;
  params?: Record<string, string | number>;
  link?: string | null;
  broadcastId?: string | null;
  /** Also send a copy by e-mail, in the recipient's language (for events that deserve one). */
  email?: boolean;
};

type Recipient = { id: string; email: string; locale: string };
type Content = Omit<NotifyInput, "userId" | "email">;

const FAN_OUT_BATCH = 200;

// ---------------------------------------------------------------------------
// Sending

/**
 * Notifies one user: stores the row, pushes it live, and e-mails a copy when asked.
 * Inside a transaction, pass it (`{ db: trx }`): SQLite has one connection, and a
 * query outside the open transaction would wait for it forever.
 */
export async function notify(input: NotifyInput, options: { db?: DB } = {}): Promise<string> {
  const { email, userId, ...content } = input;
  const executor = options.db ?? db();
  const [id] = await deliver([{ id: userId }], content, executor);
  if (email) {
    const recipient = await executor.selectFrom("users").select(["id", "email", "locale"]).where("id", "=", userId).executeTakeFirst();
    // In a caller's transaction the mail is not awaited: rendering it reads the
    // database outside that transaction, which can only proceed once it ends.
    if (recipient && options.db) void emailCopy(recipient, content);
    else if (recipient) await emailCopy(recipient, content);
  }
  return id!;
}

/** Notifies every active user with a role ("staff" = owner and admins). Returns how many were notified. */
export async function notifyRole(role: AudienceRole, input: Content & { email?: boolean }): Promise<number> {
  return fanOut({ roles: role === "staff" ? ["owner", "admin"] : [role] }, input);
}

/** Notifies every active user. */
export async function notifyEveryone(input: Content & { email?: boolean }): Promise<number> {
  return fanOut({}, input);
}

let lastStamp = 0;
/** Strictly increasing within the process, so notifications made in one millisecond keep their order. */
function nextStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

async function deliver(recipients: Array<{ id: string }>, content: Content, executor: DB = db()): Promise<string[]> {
  if (recipients.length === 0) return [];
  const createdAt = nextStamp();
  const rows = recipients.map((recipient) => ({
    id: newId(),
    userId: recipient.id,
    type: content.type,
    titleKey: content.titleKey,
    bodyKey: content.bodyKey ?? null,
    params: content.params ?? {},
    link: content.link ?? null,
    broadcastId: content.broadcastId ?? null,
    createdAt,
  }));
  await executor
    .insertInto("notifications")
    .values(rows.map((row) => ({ ...row, params: toJson(row.params) })))
    .execute();
  for (const row of rows) {
    const payload: NotificationEventPayload = {
      _id: row.id,
      id: row.id,
      type: row.type,
      titleKey: row.titleKey,
      bodyKey: row.bodyKey,
      params: row.params,
      link: row.link,
      read: false,
      createdAt: row.createdAt,
    };
    emitToUser(row.userId, NOTIFICATION_EVENT, payload);
  }
  return rows.map((row) => row.id);
}

/** Walks the users in id order, a batch at a time (never the whole table in memory). */
async function fanOut(filter: { roles?: string[] }, input: Content & { email?: boolean }): Promise<number> {
  const { email, ...content } = input;
  let after = "";
  let total = 0;
  for (;;) {
    let query = db()
      .selectFrom("users")
      .select(["id", "email", "locale"])
      .where("disabledAt", "is", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(FAN_OUT_BATCH);
    if (filter.roles) query = query.where("role", "in", filter.roles);
    const batch: Recipient[] = await query.execute();
    if (batch.length === 0) break;
    await deliver(batch, content);
    if (email) for (const recipient of batch) await emailCopy(recipient, content);
    total += batch.length;
    after = batch[batch.length - 1]!.id;
    if (batch.length < FAN_OUT_BATCH) break;
  }
  return total;
}

/** The e-mail copy, in the recipient's language. A mail failure never undoes the notification. */
async function emailCopy(recipient: Recipient, content: Content): Promise<void> {
  try {
    await sendLocalizedEmail({
      to: recipient.email,
      language: recipient.locale,
      namespaces: namespaces(),
      build: (t) => {
        const title = t(content.titleKey, content.params ?? {});
        const body = content.bodyKey ? t(content.bodyKey, content.params ?? {}) : null;
        return {
          subject: title,
          heading: title,
          paragraphs: body ? [body] : [],
          action: content.link ? { label: t("notifications:email.action"), url: absoluteUrl(content.link) } : undefined,
          note: t("notifications:email.note"),
        };
      },
    });
  } catch (error) {
    logger.warn({ err: error, userId: recipient.id }, "the e-mail copy of a notification failed");
  }
}

// ---------------------------------------------------------------------------
// Reading and changing one's own notifications

export async function countUnread(userId: string): Promise<number> {
  const { count } = await db()
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
    .where("read", "=", false)
    .executeTakeFirstOrThrow();
  return Number(count);
}

const VIEW_COLUMNS = ["id", "type", "titleKey", "bodyKey", "params", "link", "read", "readAt", "createdAt"] as const;

export async function listNotifications(
  userId: string,
  query: ListQuery,
  language: Language,
  timeZone?: string,
): Promise<{ notifications: NotificationView[]; total: number; page: number; limit: number }> {
  let base = db().selectFrom("notifications").where("userId", "=", userId);
  if (query.read !== undefined) base = base.where("read", "=", query.read);
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    base
      .select([...VIEW_COLUMNS])
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  const [t, zone] = await Promise.all([translator(language), timeZone ?? readerTimeZone(userId)]);
  const format = createFormatter(language, zone);
  return { notifications: rows.map((row) => toView(row, t, format)), total: Number(count), page: query.page, limit: query.limit };
}

/** Marks one of the user's notifications read; null when it is not theirs (or does not exist). */
export async function markNotificationRead(userId: string, id: string, language: Language): Promise<NotificationView | null> {
  await db()
    .updateTable("notifications")
    .set({ read: true, readAt: nowIso() })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .where("read", "=", false)
    .execute();
  const row = await db().selectFrom("notifications").select([...VIEW_COLUMNS]).where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  return row ? toView(row, await translator(language), createFormatter(language, await readerTimeZone(userId))) : null;
}

/** Marks all of the user's unread notifications read; answers how many changed. */
export async function markAllNotificationsRead(userId: string): Promise<number> {
  const result = await db()
    .updateTable("notifications")
    .set({ read: true, readAt: nowIso() })
    .where("userId", "=", userId)
    .where("read", "=", false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes one of the user's notifications; false when it is not theirs (or does not exist). */
export async function deleteNotification(userId: string, id: string): Promise<boolean> {
  const result = await db().deleteFrom("notifications").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes all of the user's notifications; answers how many. */
export async function deleteAllNotifications(userId: string): Promise<number> {
  const result = await db().deleteFrom("notifications").where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type ViewRow = {
  id: string;
  type: string;
  titleKey: string;
  bodyKey: string | null;
  params: Record<string, string | number>;
  link: string | null;
  read: boolean;
  readAt: string | null;
  createdAt: string;
};

/** The reader's zone: their profile's, else the office's. */
async function readerTimeZone(userId: string): Promise<string> {
  const user = await db().selectFrom("users").select("timeZone").where("id", "=", userId).executeTakeFirst();
  return viewerTimeZone(user ?? null);
}

/**
 * The parameters as the reader reads them: typed values stored with the notification
 * (`startsAt`, an ISO time) are written in the reader's language and zone (`when`), so a
 * notification never keeps the language or zone of the moment it was made. Old rows that
 * only have rendered text (`when` without `startsAt`) keep showing it.
 */
export function readerParams(params: Record<string, string | number>, format: Formatter): Record<string, string | number> {
  const rendered = { ...params };
  if (typeof params.startsAt === "string" && !Number.isNaN(Date.parse(params.startsAt))) rendered.when = format.longDateTime(params.startsAt);
  return rendered;
}

function toView(row: ViewRow, t: TFunction, format: Formatter): NotificationView {
  const params = readerParams(row.params ?? {}, format);
  return {
    _id: row.id,
    id: row.id,
    type: row.type,
    read: row.read,
    readAt: row.readAt,
    title: String(t(row.titleKey, params)),
    body: row.bodyKey ? String(t(row.bodyKey, params)) : null,
    titleKey: row.titleKey,
    bodyKey: row.bodyKey,
    params,
    link: row.link,
    createdAt: row.createdAt,
  };
}

function namespaces(): string[] {
  return Object.keys(resources()[fallbackLanguage]);
}

function translator(language: Language): Promise<TFunction> {
  return getFixedT(language, namespaces());
}

/**
 * The language to translate into: the request's explicit choice (?lng, the
 * language cookie, Accept-Language) and otherwise the user's saved language.
 */
export async function readerLanguage(request: Request, user: { locale: string }): Promise<Language> {
  const url = new URL(request.url);
  const explicit =
    url.searchParams.has("lng") ||
    (await languageCookie.parse(request.headers.get("cookie"))) ||
    request.headers.get("accept-language");
  if (explicit) return getLanguage(request);
  return isLanguage(user.locale) ? user.locale : fallbackLanguage;
}

// ---------------------------------------------------------------------------
// Staff broadcasts

export const BROADCAST_TYPE = "broadcast";
export const BROADCAST_TITLE_KEY = "notifications:broadcast.title";
export const BROADCAST_BODY_KEY = "notifications:broadcast.body";

export type BroadcastResult =
  | { ok: true; broadcastId: string; recipients: number }
  | { ok: false; field: "email" | "role" | "audience"; message: string };

/**
 * Sends what staff composed. The three languages are kept on the broadcast
 * and copied into each row's parameters (titleEn, bodyAr, …): the keys
 * notifications:broadcast.title/body read "{{titleEn}}" in English, "{{titleAr}}" in Arabic…, so every
 * renderer shows the reader's language with no join.
 */
export async function sendBroadcast(staffUserId: string, input: ComposeInput): Promise<BroadcastResult> {
  const written = {
    en: { title: input.titleEn ?? "", body: input.bodyEn ?? "" },
    ar: { title: input.titleAr ?? "", body: input.bodyAr ?? "" },
    fr: { title: input.titleFr ?? "", body: input.bodyFr ?? "" },
  };
  // A language left empty shows the text of one that was written (English first).
  const source = [written.en, written.ar, written.fr].find((text) => text.title && text.body) ?? written.en;
  const i18n = {
    en: written.en.title ? written.en : source,
    ar: written.ar.title ? written.ar : source,
    fr: written.fr.title ? written.fr : source,
  };
  // camelCase names: the database layer camel-cases JSON keys read from PostgreSQL.
  const params: Record<string, string> = {};
  for (const language of supportedLanguages) {
    const suffix = language.charAt(0).toUpperCase() + language.slice(1);
    params[`title${suffix}`] = i18n[language].title;
    params[`body${suffix}`] = i18n[language].body;
  }
  const link = input.link || null;

  let target: Recipient | undefined;
  if (input.audience === "user") {
    target = await db()
      .selectFrom("users")
      .select(["id", "email", "locale"])
      .where("email", "=", input.email ?? "")
      .where("disabledAt", "is", null)
      .executeTakeFirst();
    if (!target) return { ok: false, field: "email", message: "notifications:errors.userNotFound" };
  } else if (input.audience === "role") {
    const roles = input.role === "staff" ? ["owner", "admin"] : [input.role ?? ""];
    const { count } = await db()
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("role", "in", roles)
      .where("disabledAt", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(count) === 0) return { ok: false, field: "role", message: "notifications:errors.noRecipients" };
  }

  const broadcastId = newId();
  await db()
    .insertInto("notificationBroadcasts")
    .values({
      id: broadcastId,
      audience: input.audience,
      audienceValue: input.audience === "user" ? target!.email : input.audience === "role" ? input.role! : null,
      i18n: toJson(i18n),
      link,
      createdBy: staffUserId,
    })
    .execute();

  const content: Content & { email?: boolean } = {
    type: BROADCAST_TYPE,
    titleKey: BROADCAST_TITLE_KEY,
    bodyKey: BROADCAST_BODY_KEY,
    params,
    link,
    broadcastId,
    email: input.alsoEmail,
  };
  let recipients: number;
  if (target) {
    await notify({ ...content, userId: target.id });
    recipients = 1;
  } else if (input.audience === "role") {
    recipients = await notifyRole(input.role!, content);
  } else {
    recipients = await notifyEveryone(content);
  }
  await db().updateTable("notificationBroadcasts").set({ recipientCount: recipients }).where("id", "=", broadcastId).execute();
  return { ok: true, broadcastId, recipients };
}

/** What staff sent, newest first, a page at a time, titled in the reader's language. */
export async function listBroadcasts(
  query: { page: number; limit: number },
  language: Language,
): Promise<{ broadcasts: BroadcastView[]; total: number; page: number; limit: number }> {
  const [{ count }, rows] = await Promise.all([
    db().selectFrom("notificationBroadcasts").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    db()
      .selectFrom("notificationBroadcasts")
      .leftJoin("users", "users.id", "notificationBroadcasts.createdBy")
      .select([
        "notificationBroadcasts.id",
        "notificationBroadcasts.audience",
        "notificationBroadcasts.audienceValue",
        "notificationBroadcasts.i18n",
        "notificationBroadcasts.link",
        "notificationBroadcasts.recipientCount",
        "notificationBroadcasts.createdAt",
        "users.fullName as sentBy",
      ])
      .orderBy("notificationBroadcasts.createdAt", "desc")
      .orderBy("notificationBroadcasts.id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return {
    broadcasts: rows.map((row) => ({
      id: row.id,
      audience: row.audience,
      audienceValue: row.audienceValue,
      title: row.i18n[language]?.title ?? row.i18n.en?.title ?? "",
      link: row.link,
      recipientCount: Number(row.recipientCount),
      sentBy: row.sentBy,
      createdAt: row.createdAt,
    })),
    total: Number(count),
    page: query.page,
    limit: query.limit,
  };
}
