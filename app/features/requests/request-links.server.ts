import { createHash, randomBytes } from "node:crypto";
import { findActiveUser } from "~/core/identity/directory.server";
import { readLinkSession, type LinkSession } from "~/core/identity/link-session.server";
import { getUser } from "~/core/identity/session-user.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail } from "~/features/email/index.server";
import { conflict } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import type { DB } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import { isBackOfficeRole } from "~/lib/features";
import { createFormatter } from "~/lib/format";
import { clientIp } from "~/lib/http.server";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { newId, nowIso } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { requestPaths } from "./paths";
import { findListRow, notFoundList, staffsList, type Actor, type ListRow } from "./request-access.server";
import { ACTIVE_LIST_STATUSES, type ListStatus } from "./status";

/**
 * One-click links (table request_links: the only code touching it, with the revocations in
 * requests.server.ts and request-items.server.ts when a list closes). Decision record 021.
 *
 * A link opens one request list for its client without a password: a random token of 32 bytes
 * (base64url), of which only the SHA-256 is stored, valid REQUEST_LINK_DAYS days, for the list's
 * client only and never for a back-office account. Opening it gives the browser a restricted
 * session (core/identity/link-session.server.ts) that reaches that list and nothing else; each
 * request through it checks that the link is still live, so revoking it (staff resend the link,
 * the list completes or is cancelled, the client is deactivated) ends the session at once.
 *
 * The "sent" e-mail, each reminder and staff's "resend" carry a link; a resend revokes the
 * list's earlier links, a reminder adds one (the first e-mail's link keeps working).
 */
export const REQUEST_LINK_DAYS = 14;

export type LinkRefusal = "invalid" | "expired" | "revoked" | "closed" | "deactivated";
export type OpenedRequestLink = { linkId: string; listId: string; userId: string; expiresAt: string };
export type OpenRequestLinkResult = ({ ok: true } & OpenedRequestLink) | { ok: false; reason: LinkRefusal };

/** The e-mail that sends a list (and a resent link): the button is the one-click link. */
export const REQUEST_SENT_EMAIL = defineEmailTemplate({
  namespace: "requests",
  name: "sent",
  variables: ["name", "title", "dueDate", "count", "message", "days"] as const,
  sample: {
    name: "Maria Lopez",
    title: "Tax return 2026",
    dueDate: "April 15, 2027",
    count: 3,
    message: "Please send these before the end of the month.",
    days: 14,
  },
  hasAction: true,
});

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type LinkState = {
  linkId: string;
  listId: string;
  userId: string;
  expiresAt: string | Date;
  revokedAt: string | Date | null;
  status: string;
  clientId: string;
  role: string;
  disabledAt: string | Date | null;
};

function linkQuery() {
  return db()
    .selectFrom("requestLinks as k")
    .innerJoin("requestLists as l", "l.id", "k.listId")
    .innerJoin("users as u", "u.id", "k.userId")
    .select(["k.id as linkId", "k.listId", "k.userId", "k.expiresAt", "k.revokedAt", "l.status", "l.clientId", "u.role", "u.disabledAt"]);
}

/** Why a link cannot be used now, or null when it can. */
function problemOf(link: LinkState, now = new Date()): LinkRefusal | null {
  if (!ACTIVE_LIST_STATUSES.includes(link.status as ListStatus)) return "closed";
  if (link.disabledAt) return "deactivated";
  if (isBackOfficeRole(link.role) || link.clientId !== link.userId) return "invalid";
  if (link.revokedAt) return "revoked";
  if (new Date(link.expiresAt).getTime() <= now.getTime()) return "expired";
  return null;
}

/**
 * A new one-click link to an active list, as an absolute URL, for the list's client; null when the
 * list is closed or its account is deactivated or a back-office one (owner, admin, staff never get
 * one). With `revokeEarlier` (staff resend it) the list's earlier links stop working.
 */
export async function issueRequestLink(listId: string, options: { revokeEarlier?: boolean } = {}): Promise<string | null> {
  const list = await db()
    .selectFrom("requestLists as l")
    .innerJoin("users as u", "u.id", "l.clientId")
    .select(["l.id", "l.status", "l.clientId", "u.role", "u.disabledAt"])
    .where("l.id", "=", listId)
    .executeTakeFirst();
  if (!list || !ACTIVE_LIST_STATUSES.includes(list.status as ListStatus) || list.disabledAt || isBackOfficeRole(list.role)) return null;
  const token = randomBytes(32).toString("base64url");
  const now = nowIso();
  await db()
    .transaction()
    .execute(async (trx) => {
      if (options.revokeEarlier) {
        await trx.updateTable("requestLinks").set({ revokedAt: now }).where("listId", "=", listId).where("revokedAt", "is", null).execute();
      }
      await trx
        .insertInto("requestLinks")
        .values({
          id: newId(),
          listId,
          userId: list.clientId,
          tokenHash: tokenHash(token),
          expiresAt: new Date(Date.now() + REQUEST_LINK_DAYS * 86_400_000).toISOString(),
          createdAt: now,
        })
        .execute();
    });
  return absoluteUrl(requestPaths.link(token));
}

/** Every live link of a list stops working (the list closed). Inside a transaction, pass it. */
export async function revokeRequestLinks(listId: string, executor: DB = db()): Promise<void> {
  await executor.updateTable("requestLinks").set({ revokedAt: nowIso() }).where("listId", "=", listId).where("revokedAt", "is", null).execute();
}

/**
 * Opens a link: its list and user, or why it cannot be used (unknown, expired, revoked, its list
 * closed, its user deactivated). A use is recorded (last_used_at and the audit trail), and so is a
 * refusal of a known link.
 */
export async function openRequestLink(token: string, context: { ip?: string | null } = {}): Promise<OpenRequestLinkResult> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "invalid" };
  const link = await linkQuery().where("k.tokenHash", "=", tokenHash(token)).executeTakeFirst();
  if (!link) return { ok: false, reason: "invalid" };
  const problem = problemOf(link);
  const ip = context.ip ?? null;
  if (problem) {
    await audit({ actorId: link.userId, action: "request.link_refused", targetType: "request_list", targetId: link.listId, ip, meta: { reason: problem } });
    return { ok: false, reason: problem };
  }
  await db().updateTable("requestLinks").set({ lastUsedAt: nowIso() }).where("id", "=", link.linkId).execute();
  await audit({ actorId: link.userId, action: "request.link_opened", targetType: "request_list", targetId: link.listId, ip, meta: { linkId: link.linkId } });
  return { ok: true, linkId: link.linkId, listId: link.listId, userId: link.userId, expiresAt: new Date(link.expiresAt).toISOString() };
}

/** Whether a restricted session's link is still live (checked on every request it makes). */
async function isLive(session: LinkSession): Promise<boolean> {
  const link = await linkQuery().where("k.id", "=", session.linkId).executeTakeFirst();
  return Boolean(link && link.userId === session.userId && link.listId === session.listId && !problemOf(link));
}

export type RequestAccess = { actor: Actor; restricted: boolean };

/**
 * Who may answer list `listId` in this request: its client signed in (a full session,
 * restricted false), or a restricted session opened by a live link to exactly this list
 * (restricted true); otherwise null. Staff are not served here: they use their own pages.
 */
export async function requestAccessFor(request: Request, listId: string): Promise<RequestAccess | null> {
  const ip = clientIp(request);
  const user = await getUser(request);
  if (user && !isBackOfficeRole(user.role)) {
    const list = await findListRow(listId);
    if (list && list.clientId === user.id) return { actor: { id: user.id, role: user.role, enabledFeatures: user.enabledFeatures, ip }, restricted: false };
  }
  const session = await readLinkSession(request);
  if (!session || session.listId !== listId || !(await isLive(session))) return null;
  const client = await findActiveUser(session.userId);
  if (!client || isBackOfficeRole(client.role)) return null;
  return { actor: { id: client.id, role: client.role, enabledFeatures: [], ip }, restricted: true };
}

/** As requestAccessFor, refusing with the area's "not found" (404) otherwise. */
export async function requireRequestAccess(request: Request, listId: string): Promise<RequestAccess> {
  const access = await requestAccessFor(request, listId);
  if (!access) throw notFoundList();
  return access;
}

type ListRef = Pick<ListRow, "id" | "clientId" | "title" | "dueDate" | "message">;

/**
 * E-mails the client a list with a fresh one-click link (the "sent" e-mail, and staff's resend,
 * which revokes the earlier links). A back-office account gets the plain page's address instead.
 * A mail failure is logged and never undoes the step that sent it.
 */
export async function emailRequestLink(list: ListRef, options: { count: number; revokeEarlier?: boolean }): Promise<boolean> {
  const client = await findActiveUser(list.clientId);
  if (!client) return false;
  const link = await issueRequestLink(list.id, { revokeEarlier: options.revokeEarlier });
  const language = isLanguage(client.locale) ? client.locale : fallbackLanguage;
  try {
    await sendTemplatedEmail(REQUEST_SENT_EMAIL, {
      to: client.email,
      language,
      values: {
        name: client.fullName,
        title: list.title,
        dueDate: createFormatter(language, await viewerTimeZone(client)).day(list.dueDate),
        count: options.count,
        message: list.message,
        days: REQUEST_LINK_DAYS,
      },
      actionUrl: link ?? absoluteUrl(requestPaths.client(list.id)),
    });
    return true;
  } catch (error) {
    logger.warn({ err: error, listId: list.id }, "the e-mail sending a request failed");
    return false;
  }
}

/** Staff send the client a new link (the earlier ones stop working) by e-mail. */
export async function resendRequestLink(actor: Actor, listId: string): Promise<void> {
  const list = await staffsList(actor, listId);
  if (!ACTIVE_LIST_STATUSES.includes(list.status)) throw conflict("requests:errors.listClosed");
  const client = await findActiveUser(list.clientId);
  if (!client || isBackOfficeRole(client.role)) throw conflict("requests:errors.noLinkForAccount");
  const count = await db()
    .selectFrom("requestItems")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("listId", "=", listId)
    .executeTakeFirstOrThrow();
  if (!(await emailRequestLink(list, { count: Number(count.count), revokeEarlier: true }))) throw conflict("requests:errors.linkNotSent");
  await audit({ actorId: actor.id, action: "request.link_sent", targetType: "request_list", targetId: listId, ip: actor.ip ?? null, meta: { resent: true } });
}
