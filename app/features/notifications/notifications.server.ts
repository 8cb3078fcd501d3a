import {
  findRecipient,
  listLanguagesAndZones,
  listActiveRecipientsAfter,
  findActiveRecipientByEmail,
  countActiveWithRoles,
  userColumnSql,
} from "~/core/identity/directory.server";
import type { TFunction } from "i18next";
import { sql } from "kysely";
import { db } from "~/lib/db/db.server";
import { toJson, type DB } from "~/lib/db/connection.server";
import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail } from "~/features/email/index.server";
import { fallbackLanguage, isLanguage, supportedLanguages, type Language } from "~/lib/i18n/config";
import { getFixedT, getLanguage, languageCookie } from "~/lib/i18n/i18n.server";
import { resources } from "~/lib/i18n/resources.server";
import { newId, nowIso } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { emitToUser } from "~/lib/realtime.server";
import { createFormatter, type Formatter } from "~/lib/format";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { serviceTitles } from "~/features/services/index.server";
import { env } from "~/lib/env.server";
import type { NotifyInput, NotifyOptions } from "~/core/notify.server";
import type { PageRequest, Page } from "~/lib/pagination";
import { countCapped, keysetPage } from "~/lib/pagination.server";
import type { AudienceRole, ComposeInput, NotificationEventPayload, NotificationView, BroadcastView } from "./notifications.schema";

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

/** Whom an e-mail copy goes to, in their language and zone (their saved one, else the office's). */
type Recipient = { id: string; email: string; locale: string; timeZone: string | null };
type Content = Omit<NotifyInput, "userId" | "actorId" | "email">;

const FAN_OUT_BATCH = 200;

// ---------------------------------------------------------------------------
// Sending

/**
 * Notifies one user: stores the row, pushes it live, and e-mails a copy when asked; nothing
 * (null) when the user is the one who acted. Inside a transaction, pass it (`{ db: trx }`):
 * SQLite has one connection, and a query outside the open transaction would wait for it forever.
 * The areas reach it through core/notify (the start-up registers it there).
 */
export async function notify(input: NotifyInput & { actorId?: undefined }, options?: NotifyOptions): Promise<string>;
export async function notify(input: NotifyInput, options?: NotifyOptions): Promise<string | null>;
export async function notify(input: NotifyInput, options: NotifyOptions = {}): Promise<string | null> {
  const { email, userId, actorId, ...content } = input;
  if (actorId === userId) return null;
  const executor = options.db ?? db();
  const [id] = await deliver([{ id: userId }], content, executor);
  if (email) {
    const recipient = await findRecipient(userId, executor);
    // In a caller's transaction the mail is not awaited: rendering it reads the
    // database outside that transaction, which can only proceed once it ends.
    if (recipient && options.db) void emailCopy(recipient, content);
    else if (recipient) await emailCopy(recipient, content);
  }
  return id ?? null;
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
    read: false,
    readAt: null,
    createdAt,
  }));
  await inTransaction(executor, async (trx) => {
    await lockCounters(
      trx,
      rows.map((row) => row.userId),
    );
    await trx
      .insertInto("notifications")
      .values(rows.map(({ read: _read, readAt: _readAt, ...row }) => ({ ...row, params: toJson(row.params) })))
      .execute();
    for (const row of rows) await addUnread(trx, row.userId, 1);
  });
  // In a caller's transaction the live event is not awaited: writing it for its reader reads
  // the database outside that transaction, which (SQLite) can only proceed once it ends.
  const emitting = emitLive(rows);
  if (executor.isTransaction) void emitting;
  else await emitting;
  return rows.map((row) => row.id);
}

/**
 * Pushes each new row to its recipient's private room, already written in the recipient's
 * language (their saved one) and zone, so the toast reads like the list. A failure is only logged.
 */
async function emitLive(rows: Array<ViewRow & { userId: string }>): Promise<void> {
  try {
    const users = await listLanguagesAndZones([...new Set(rows.map((row) => row.userId))]);
    const byLanguage = new Map<string, Array<ViewRow & { userId: string }>>();
    for (const row of rows) {
      const user = users.find((candidate) => candidate.id === row.userId);
      const language = user && isLanguage(user.locale) ? user.locale : fallbackLanguage;
      const zone = await viewerTimeZone(user ?? null);
      const group = `${language} ${zone}`;
      byLanguage.set(group, [...(byLanguage.get(group) ?? []), row]);
    }
    for (const [group, members] of byLanguage) {
      const [language, zone] = group.split(" ") as [Language, string];
      const views = await renderRows(members, language, zone);
      views.forEach((view, index) => {
        const { readAt: _readAt, ...payload } = view;
        emitToUser(members[index]!.userId, NOTIFICATION_EVENT, payload satisfies NotificationEventPayload);
      });
    }
  } catch (error) {
    logger.warn({ err: error }, "a live notification was not pushed");
  }
}

/** Runs `work` in the caller's transaction, or in a new one. */
async function inTransaction<T>(executor: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor) : executor.transaction().execute(work);
}

/**
 * Takes the counter rows of `userIds` first (made at zero when missing), in id order: every
 * transaction that changes a user's notifications holds that user's counter from its start,
 * so concurrent changes queue behind each other and the count stays exact.
 */
async function lockCounters(trx: DB, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  await trx
    .insertInto("notificationCounters")
    .values(ids.map((userId) => ({ userId, unread: 0 })))
    .onConflict((oc) => oc.column("userId").doUpdateSet({ unread: sql<number>`notification_counters.unread` }))
    .execute();
}

async function addUnread(trx: DB, userId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await trx
    .updateTable("notificationCounters")
    .set({ unread: sql<number>`unread + ${delta}` })
    .where("userId", "=", userId)
    .execute();
}

/** Walks the users in id order, a batch at a time (never the whole table in memory). */
async function fanOut(filter: { roles?: string[] }, input: Content & { email?: boolean }): Promise<number> {
  const { email, ...content } = input;
  let after = "";
  let total = 0;
  for (;;) {
    const batch: Recipient[] = await listActiveRecipientsAfter(after, FAN_OUT_BATCH, filter.roles);
    if (batch.length === 0) break;
    await deliver(batch, content);
    if (email) for (const recipient of batch) await emailCopy(recipient, content);
    total += batch.length;
    after = batch[batch.length - 1]!.id;
    if (batch.length < FAN_OUT_BATCH) break;
  }
  return total;
}

/**
 * The e-mail copy of a notification (editable on /dashboard/templates): `title` and `body` are the
 * notification's own text in the recipient's language.
 */
export const NOTIFICATION_COPY_EMAIL = defineEmailTemplate({
  namespace: "notifications",
  name: "copy",
  variables: ["title", "body"] as const,
  sample: { title: "Your order ORD-2025-0042 was updated", body: "Its status is now: In progress." },
  hasAction: true,
});

/** The e-mail copy, in the recipient's language. A mail failure never undoes the notification. */
async function emailCopy(recipient: Recipient, content: Content): Promise<void> {
  try {
    const language = isLanguage(recipient.locale) ? recipient.locale : fallbackLanguage;
    const [zone, services] = await Promise.all([viewerTimeZone(recipient), serviceTitles(serviceIdsOf([content.params ?? {}]), language)]);
    const t = await getFixedT(language, namespaces());
    const params = readerParams(content.params ?? {}, createFormatter(language, zone), services);
    await sendTemplatedEmail(NOTIFICATION_COPY_EMAIL, {
      to: recipient.email,
      language,
      values: { title: t(content.titleKey, params), body: content.bodyKey ? t(content.bodyKey, params) : "" },
      actionUrl: content.link ? absoluteUrl(content.link) : undefined,
    });
  } catch (error) {
    logger.warn({ err: error, userId: recipient.id }, "the e-mail copy of a notification failed");
  }
}

// ---------------------------------------------------------------------------
// Reading and changing one's own notifications

/** The user's unread count: one primary-key read of the counter the writes keep, not a count over a million rows. */
export async function countUnread(userId: string): Promise<number> {
  const row = await db().selectFrom("notificationCounters").select("unread").where("userId", "=", userId).executeTakeFirst();
  return Math.max(0, Number(row?.unread ?? 0));
}

const VIEW_COLUMNS = ["id", "type", "titleKey", "bodyKey", "params", "link", "read", "readAt", "createdAt"] as const;

export type NotificationListQuery = PageRequest & { read?: boolean };

/**
 * One page of the user's notifications, newest first, written for the reader. Ordered by
 * (created_at, id), the index `notifications_user_created_idx`: pages by number near the
 * start, by `after`/`before` cursor anywhere (stable with equal times, nothing skipped or
 * repeated while rows arrive); the total stops at COUNT_CAP.
 */
export async function listNotifications(userId: string, query: NotificationListQuery, language: Language, timeZone?: string): Promise<Page<NotificationView>> {
  let base = db().selectFrom("notifications").where("userId", "=", userId);
  if (query.read !== undefined) base = base.where("read", "=", query.read);
  const page = await keysetPage(base.select([...VIEW_COLUMNS]), query, {
    keys: [
      { ref: "createdAt", value: (row) => row.createdAt },
      { ref: "id", value: (row) => row.id },
    ],
    direction: "desc",
    count: () => countCapped(base.select("id")),
  });
  return { ...page, items: await renderRows(page.items, language, timeZone ?? (await readerTimeZone(userId))) };
}

/** Marks one of the user's notifications read; null when it is not theirs (or does not exist). */
export async function markNotificationRead(userId: string, id: string, language: Language): Promise<NotificationView | null> {
  await markRead(userId, id);
  const row = await db()
    .selectFrom("notifications")
    .select([...VIEW_COLUMNS])
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row ? (await renderRows([row], language, await readerTimeZone(userId)))[0]! : null;
}

/** Marks all of the user's unread notifications read; answers how many changed. */
export function markAllNotificationsRead(userId: string): Promise<number> {
  return markRead(userId);
}

/**
 * Marks the user's unread notifications read (only `id` when given), with their counter
 * held and lowered by as many in the same transaction; answers how many changed.
 */
function markRead(userId: string, id?: string): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockCounters(trx, [userId]);
      let update = trx.updateTable("notifications").set({ read: true, readAt: nowIso() }).where("userId", "=", userId).where("read", "=", false);
      if (id !== undefined) update = update.where("id", "=", id);
      const changed = Number((await update.executeTakeFirst()).numUpdatedRows);
      await addUnread(trx, userId, -changed);
      return changed;
    });
}

/** Deletes one of the user's notifications; false when it is not theirs (or does not exist). */
export async function deleteNotification(userId: string, id: string): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockCounters(trx, [userId]);
      const deleted = await trx.deleteFrom("notifications").where("id", "=", id).where("userId", "=", userId).returning("read").executeTakeFirst();
      if (deleted && !deleted.read) await addUnread(trx, userId, -1);
      return Boolean(deleted);
    });
}

/** Deletes all of the user's notifications; answers how many. */
export async function deleteAllNotifications(userId: string): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockCounters(trx, [userId]);
      const unread = await trx.deleteFrom("notifications").where("userId", "=", userId).where("read", "=", false).executeTakeFirst();
      const rest = await trx.deleteFrom("notifications").where("userId", "=", userId).executeTakeFirst();
      await addUnread(trx, userId, -Number(unread.numDeletedRows));
      return Number(unread.numDeletedRows) + Number(rest.numDeletedRows);
    });
}

export const PURGE_BATCH = 500;

/**
 * Deletes READ notifications read more than `days` ago (NOTIFICATION_RETENTION_DAYS, 180 by
 * default), PURGE_BATCH rows per statement so no transaction grows with the table. Unread
 * ones stay whatever their age, so the unread counters do not change. Answers how many went.
 */
export async function purgeOldNotifications(options: { days?: number; now?: Date; batch?: number } = {}): Promise<number> {
  const days = options.days ?? env().notificationRetentionDays;
  const cutoff = new Date((options.now ?? new Date()).getTime() - days * 86_400_000).toISOString();
  const batch = options.batch ?? PURGE_BATCH;
  let total = 0;
  for (;;) {
    const ids = await db().selectFrom("notifications").select("id").where("read", "=", true).where("readAt", "<", cutoff).limit(batch).execute();
    if (ids.length === 0) break;
    const result = await db()
      .deleteFrom("notifications")
      .where(
        "id",
        "in",
        ids.map((row) => row.id),
      )
      .where("read", "=", true)
      .executeTakeFirst();
    total += Number(result.numDeletedRows);
    if (ids.length < batch) break;
    // SQLite answers synchronously, so without this the whole catch-up (650,000 rows: about a minute) would hold
    // the event loop, and every request of the instance would wait; between batches, requests are served.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
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
  return viewerTimeZone(await findRecipient(userId));
}

function serviceIdsOf(params: Array<Record<string, string | number>>): string[] {
  return params.map((value) => value.serviceId).filter((value): value is string => typeof value === "string" && value !== "");
}

/**
 * The parameters as the reader reads them. Notifications store language-neutral values and
 * they are written here in the reader's language and zone:
 * - `startsAt` (an ISO time) becomes `when`;
 * - `serviceId` becomes `service`, the service's title in the reader's language (`services`).
 * Old rows that only have rendered text (`when`, `service` without the neutral value) keep it.
 */
export function readerParams(
  params: Record<string, string | number>,
  format: Formatter,
  services: Map<string, string> = new Map(),
): Record<string, string | number> {
  const rendered = { ...params };
  if (typeof params.startsAt === "string" && !Number.isNaN(Date.parse(params.startsAt))) rendered.when = format.longDateTime(params.startsAt);
  if (typeof params.serviceId === "string") {
    const title = services.get(params.serviceId);
    if (title) rendered.service = title;
    else if (rendered.service === undefined && typeof params.serviceKey === "string") rendered.service = params.serviceKey;
  }
  return rendered;
}

/** Rows written for one reader: their language, their zone, the services' titles in that language. */
async function renderRows(rows: ViewRow[], language: Language, zone: string): Promise<NotificationView[]> {
  if (rows.length === 0) return [];
  const [t, services] = await Promise.all([translator(language), serviceTitles(serviceIdsOf(rows.map((row) => row.params ?? {})), language)]);
  const format = createFormatter(language, zone);
  return rows.map((row) => toView(row, t, format, services));
}

function toView(row: ViewRow, t: TFunction, format: Formatter, services: Map<string, string>): NotificationView {
  const params = readerParams(row.params ?? {}, format, services);
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
  const explicit = url.searchParams.has("lng") || (await languageCookie.parse(request.headers.get("cookie"))) || request.headers.get("accept-language");
  if (explicit) return getLanguage(request);
  return isLanguage(user.locale) ? user.locale : fallbackLanguage;
}

// ---------------------------------------------------------------------------
// Staff broadcasts

export const BROADCAST_TYPE = "broadcast";
export const BROADCAST_TITLE_KEY = "notifications:broadcast.title";
export const BROADCAST_BODY_KEY = "notifications:broadcast.body";

export type BroadcastResult = { ok: true; broadcastId: string; recipients: number } | { ok: false; field: "email" | "role" | "audience"; message: string };

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

  let target: { id: string; email: string } | undefined;
  if (input.audience === "user") {
    target = (await findActiveRecipientByEmail(input.email ?? "")) ?? undefined;
    if (!target) return { ok: false, field: "email", message: "notifications:errors.userNotFound" };
  } else if (input.audience === "role") {
    const roles = input.role === "staff" ? ["owner", "admin"] : [input.role ?? ""];
    if ((await countActiveWithRoles(roles)) === 0) return { ok: false, field: "role", message: "notifications:errors.noRecipients" };
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
    db()
      .selectFrom("notificationBroadcasts")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("notificationBroadcasts")
      .select([
        "notificationBroadcasts.id",
        "notificationBroadcasts.audience",
        "notificationBroadcasts.audienceValue",
        "notificationBroadcasts.i18n",
        "notificationBroadcasts.link",
        "notificationBroadcasts.recipientCount",
        "notificationBroadcasts.createdAt",
        userColumnSql("notificationBroadcasts.createdBy", "fullName").as("sentBy"),
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
