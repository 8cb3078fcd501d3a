import { sql } from "kysely";
import { db } from "~/lib/db/db.server";
import { isBackOfficeRole } from "~/lib/features";
import { isClient } from "./access.server";
import type { MessageAttachment, MessageViewer, ThreadMessage } from "./types.server";

/**
 * Reading messages (table messages) and their attachments (stored files of record type `message`)
 * as a viewer may see them: a client never gets an internal note, whatever the path.
 */
export const MESSAGE_RECORD_TYPE = "message";
/** Messages on one page of a thread. */
export const MESSAGES_PER_PAGE = 50;
/** How long its author may correct a message. */
export const EDIT_WINDOW_MS = 5 * 60 * 1000;

function messageQuery() {
  return db()
    .selectFrom("messages as m")
    .select([
      "m.id",
      "m.threadId",
      "m.authorId",
      sql<string | null>`(select u.full_name from users u where u.id = ${sql.ref("m.authorId")})`.as("authorName"),
      sql<string | null>`(select u.role from users u where u.id = ${sql.ref("m.authorId")})`.as("authorRole"),
      "m.body",
      "m.internal",
      "m.createdAt",
      "m.editedAt",
      "m.removedAt",
    ]);
}
type MessageRow = Awaited<ReturnType<ReturnType<typeof messageQuery>["execute"]>>[number];

export async function attachmentsOf(messageIds: readonly string[]): Promise<Map<string, MessageAttachment[]>> {
  const byMessage = new Map<string, MessageAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const files = await db()
    .selectFrom("storedFiles")
    .select(["id", "recordId", "originalName", "sizeBytes", "mimeType"])
    .where("recordType", "=", MESSAGE_RECORD_TYPE)
    .where("recordId", "in", [...messageIds])
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  for (const file of files) {
    const key = file.recordId ?? "";
    byMessage.set(key, [...(byMessage.get(key) ?? []), { id: file.id, fileName: file.originalName, size: Number(file.sizeBytes), mime: file.mimeType }]);
  }
  return byMessage;
}

function toMessage(viewer: MessageViewer, row: MessageRow, attachments: Map<string, MessageAttachment[]>, now: number): ThreadMessage {
  const removed = row.removedAt !== null;
  const editableUntil = new Date(new Date(row.createdAt).getTime() + EDIT_WINDOW_MS);
  return {
    id: row.id,
    authorId: row.authorId,
    authorName: row.authorName,
    // A deleted author (their row gone) was firm staff unless the thread's client wrote it; only staff rows are deleted outright.
    authorIsFirm: row.authorRole ? isBackOfficeRole(row.authorRole) : true,
    body: removed ? "" : row.body,
    internal: row.internal,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    removed,
    editableUntil: !removed && row.authorId === viewer.id && editableUntil.getTime() > now ? editableUntil.toISOString() : null,
    attachments: removed ? [] : (attachments.get(row.id) ?? []),
  };
}

/** The latest page of a thread's messages the viewer may see (or the page before message `before`), oldest first. */
export async function messagesOfThread(viewer: MessageViewer, threadId: string, before?: string): Promise<{ messages: ThreadMessage[]; hasOlder: boolean }> {
  let query = messageQuery().where("m.threadId", "=", threadId);
  if (isClient(viewer)) query = query.where("m.internal", "=", false);
  if (before) {
    const anchor = await db().selectFrom("messages").select(["id", "createdAt"]).where("id", "=", before).where("threadId", "=", threadId).executeTakeFirst();
    if (anchor) query = query.where(sql<boolean>`(${sql.ref("m.createdAt")}, ${sql.ref("m.id")}) < (${anchor.createdAt}, ${anchor.id})`);
  }
  const rows = await query
    .orderBy("m.createdAt", "desc")
    .orderBy("m.id", "desc")
    .limit(MESSAGES_PER_PAGE + 1)
    .execute();
  const hasOlder = rows.length > MESSAGES_PER_PAGE;
  const page = rows.slice(0, MESSAGES_PER_PAGE).reverse();
  const attachments = await attachmentsOf(page.filter((row) => row.removedAt === null).map((row) => row.id));
  const now = Date.now();
  return { messages: page.map((row) => toMessage(viewer, row, attachments, now)), hasOlder };
}

/** One message's row with its thread's client (for the rights of edits, removals and downloads). */
export async function findMessageRow(id: string) {
  return (
    (await db()
      .selectFrom("messages as m")
      .innerJoin("messageThreads as t", "t.id", "m.threadId")
      .select(["m.id", "m.threadId", "m.authorId", "m.body", "m.internal", "m.createdAt", "m.editedAt", "m.removedAt", "t.clientId", "t.lastPublicMessageAt"])
      .where("m.id", "=", id)
      .executeTakeFirst()) ?? null
  );
}
export type FoundMessage = NonNullable<Awaited<ReturnType<typeof findMessageRow>>>;
