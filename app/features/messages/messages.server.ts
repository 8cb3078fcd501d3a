import { findClientById } from "~/core/identity/directory.server";
import { isOrderOfClient } from "~/features/service-orders/index.server";
import { conflict, forbidden, invalid, isUniqueViolation } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { isBackOfficeRole } from "~/lib/features";
import { newId, nowIso } from "~/lib/ids.server";
import { deleteFilesFor, storeFile, type CheckedUpload } from "~/lib/storage.server";
import { isClient, isMessageStaff, maySee, notFoundMessage, notFoundThread, requireThread } from "./access.server";
import { afterMessage, afterChange } from "./events.server";
import { EDIT_WINDOW_MS, findMessageRow, MESSAGE_RECORD_TYPE, type FoundMessage } from "./message-rows.server";
import { MAX_MESSAGE_ATTACHMENTS, MESSAGE_MAX_LENGTH } from "./page-forms";
import { moveReadMark, threadRowFor } from "./threads.server";
import type { MessageViewer, PostTarget } from "./types.server";

/**
 * Writing messages (table messages, with the thread's activity columns): posting (which opens the
 * thread when needed), the author's correction within 5 minutes, staff removal. What follows a post
 * (live events, the e-mail digest) is events.server.ts.
 */

export type PostInput = { body: string; internal?: boolean; files?: readonly CheckedUpload[] };

function checkBody(body: string, hasFiles: boolean): string {
  const text = body.replace(/\r\n/g, "\n").trim();
  if (text.length > MESSAGE_MAX_LENGTH) throw invalid("messages:errors.bodyTooLong", { field: "body", params: { max: MESSAGE_MAX_LENGTH } });
  if (text.length === 0 && !hasFiles) throw invalid("messages:errors.bodyRequired", { field: "body" });
  return text;
}

/** The thread a post goes to: an existing one the viewer may see, or the client's (general or order) thread, opened if needed. */
export async function targetThread(viewer: MessageViewer, target: PostTarget): Promise<{ id: string; clientId: string; created: boolean }> {
  if ("threadId" in target) {
    const thread = await requireThread(viewer, target.threadId);
    return { id: thread.id, clientId: thread.clientId, created: false };
  }
  if (isBackOfficeRole(viewer.role)) {
    if (!isMessageStaff(viewer)) throw forbidden();
    if (!(await findClientById(target.clientId))) throw invalid("messages:errors.clientInvalid", { field: "clientId" });
  } else if (target.clientId !== viewer.id) {
    // A client writes only for themselves: another client's id is as unknown as a missing one.
    throw notFoundThread();
  }
  if (target.orderId && !(await isOrderOfClient(target.orderId, target.clientId))) throw invalid("messages:errors.orderInvalid", { field: "orderId" });
  const existing = await threadRowFor(target);
  if (existing) return { id: existing.id, clientId: target.clientId, created: false };
  const id = newId();
  const now = nowIso();
  try {
    await db()
      .insertInto("messageThreads")
      .values({ id, clientId: target.clientId, orderId: target.orderId, state: "open", lastMessageAt: now, createdAt: now, updatedAt: now })
      .execute();
    return { id, clientId: target.clientId, created: true };
  } catch (error) {
    // Two first messages at once: the other opened the thread; this one joins it.
    if (!isUniqueViolation(error)) throw error;
    const row = await threadRowFor(target);
    if (!row) throw error;
    return { id: row.id, clientId: target.clientId, created: false };
  }
}

/**
 * Posts a message: body 1–10,000 characters or at least one file (at most 10, checked by content
 * already: checkUpload), `internal` for staff only. A client's message (re)opens the thread; a firm
 * reply leaves it waiting for the client; a note changes nothing. The author's read mark moves to it.
 */
export async function postMessage(viewer: MessageViewer, target: PostTarget, input: PostInput): Promise<{ threadId: string; messageId: string }> {
  const files = input.files ?? [];
  const internal = Boolean(input.internal);
  if (internal && !isMessageStaff(viewer)) throw forbidden("messages:errors.internalStaffOnly");
  if (files.length > MAX_MESSAGE_ATTACHMENTS) throw invalid("messages:errors.tooManyFiles", { field: "files", params: { max: MAX_MESSAGE_ATTACHMENTS } });
  const body = checkBody(input.body, files.length > 0);
  const thread = await targetThread(viewer, target);
  const fromClient = isClient(viewer);
  const messageId = newId();
  // The files first, under the message's id: the message appears with its files or not at all.
  try {
    for (const file of files) await storeFile(file, { uploadedBy: viewer.id, recordType: MESSAGE_RECORD_TYPE, recordId: messageId });
  } catch (error) {
    await deleteFilesFor(MESSAGE_RECORD_TYPE, messageId);
    throw error;
  }
  const now = nowIso();
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("messages").values({ id: messageId, threadId: thread.id, authorId: viewer.id, body, internal, createdAt: now }).execute();
        await trx
          .updateTable("messageThreads")
          .set({
            lastMessageAt: now,
            updatedAt: now,
            ...(internal ? {} : { lastPublicMessageAt: now, lastPublicSender: fromClient ? "client" : "firm", state: fromClient ? "open" : "waiting" }),
          })
          .where("id", "=", thread.id)
          .execute();
      });
  } catch (error) {
    await deleteFilesFor(MESSAGE_RECORD_TYPE, messageId);
    throw error;
  }
  await moveReadMark(thread.id, viewer.id, now);
  await afterMessage({ threadId: thread.id, clientId: thread.clientId, messageId, authorId: viewer.id, fromClient, internal, at: now });
  return { threadId: thread.id, messageId };
}

/** A message the viewer may see (a client: public ones of their own threads); else the area's 404. */
async function visibleMessage(viewer: MessageViewer, messageId: string): Promise<FoundMessage> {
  const message = await findMessageRow(messageId);
  if (!message || !maySee(viewer, message) || (message.internal && !isMessageStaff(viewer))) throw notFoundMessage();
  if (isClient(viewer) && message.lastPublicMessageAt === null) throw notFoundMessage();
  return message;
}

/** Its author corrects a message within 5 minutes of posting it; never after, never someone else's. */
export async function editMessage(viewer: MessageViewer, messageId: string, body: string): Promise<void> {
  const message = await visibleMessage(viewer, messageId);
  if (message.authorId !== viewer.id) throw forbidden("messages:errors.notAuthor");
  if (message.removedAt) throw conflict("messages:errors.removed");
  const deadline = new Date(message.createdAt).getTime() + EDIT_WINDOW_MS;
  if (Date.now() > deadline) throw conflict("messages:errors.editWindowOver");
  const hasFiles = Boolean(
    await db().selectFrom("storedFiles").select("id").where("recordType", "=", MESSAGE_RECORD_TYPE).where("recordId", "=", messageId).executeTakeFirst(),
  );
  const text = checkBody(body, hasFiles);
  if (text === message.body) return;
  await db().updateTable("messages").set({ body: text, editedAt: nowIso() }).where("id", "=", messageId).where("removedAt", "is", null).execute();
  await afterChange(message.threadId, message.clientId, message.internal);
}

/**
 * Staff remove a message: its text and files go, "message removed" stays in its place, and the audit
 * trail says who did it (without the text). A client never removes anything.
 */
export async function removeMessage(viewer: MessageViewer, messageId: string): Promise<void> {
  const message = await visibleMessage(viewer, messageId);
  if (!isMessageStaff(viewer)) throw forbidden("messages:errors.removeStaffOnly");
  if (message.removedAt) return;
  const now = nowIso();
  await db()
    .updateTable("messages")
    .set({ body: "", removedAt: now, removedBy: viewer.id })
    .where("id", "=", messageId)
    .where("removedAt", "is", null)
    .execute();
  await deleteFilesFor(MESSAGE_RECORD_TYPE, messageId);
  await audit({
    actorId: viewer.id,
    action: "message.removed",
    targetType: "message",
    targetId: messageId,
    ip: viewer.ip ?? null,
    meta: { threadId: message.threadId, internal: message.internal, authorId: message.authorId },
  });
  await afterChange(message.threadId, message.clientId, message.internal);
}

/**
 * Whether the viewer may download a file attached to this message: they may see the message (the
 * thread's client, never for an internal note; staff with messages) and it is not removed.
 */
export async function canReadMessageFile(viewer: MessageViewer, messageId: string): Promise<boolean> {
  const message = await visibleMessage(viewer, messageId).catch(() => null);
  return Boolean(message && !message.removedAt);
}
