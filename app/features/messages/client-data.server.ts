import { db } from "~/lib/db/db.server";
import { deleteFilesFor, listFilesFor, type StoredFile } from "~/lib/storage.server";
import { MESSAGE_RECORD_TYPE } from "./message-rows.server";

/**
 * A client's threads as records of theirs (docs/decisions/011 and 022). The export holds what the client
 * may see: every public message with its files, never an internal note, never a removed message's
 * (gone) text. Deleting the client deletes their threads with every message and file, except the
 * threads of orders the firm keeps (they stay with the kept order, the account row anonymised).
 */
export type MessageRecord = {
  thread: { id: string; orderId: string | null; orderReference: string | null; subject: string | null; state: string; createdAt: string };
  messages: Array<{ id: string; fromClient: boolean; body: string; removed: boolean; createdAt: string; editedAt: string | null; files: StoredFile[] }>;
};

async function threadsOfClient(clientId: string) {
  return db()
    .selectFrom("messageThreads as t")
    .leftJoin("serviceOrders as so", "so.id", "t.orderId")
    .select(["t.id", "t.orderId", "so.reference as orderReference", "t.subject", "t.state", "t.createdAt"])
    .where("t.clientId", "=", clientId)
    .orderBy("t.createdAt")
    .orderBy("t.id")
    .execute();
}

/** The client's threads with their public messages and files, oldest first. */
export async function listMessageRecordsOfClient(clientId: string): Promise<MessageRecord[]> {
  const records: MessageRecord[] = [];
  for (const thread of await threadsOfClient(clientId)) {
    const rows = await db()
      .selectFrom("messages")
      .select(["id", "authorId", "body", "removedAt", "createdAt", "editedAt"])
      .where("threadId", "=", thread.id)
      .where("internal", "=", false)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    if (rows.length === 0) continue;
    const messages: MessageRecord["messages"] = [];
    for (const row of rows) {
      const removed = row.removedAt !== null;
      messages.push({
        id: row.id,
        fromClient: row.authorId === clientId,
        body: removed ? "" : row.body,
        removed,
        createdAt: row.createdAt,
        editedAt: row.editedAt,
        files: removed ? [] : await listFilesFor(MESSAGE_RECORD_TYPE, row.id),
      });
    }
    records.push({ thread, messages });
  }
  return records;
}

async function messageIdsOf(threadIds: readonly string[]): Promise<string[]> {
  if (threadIds.length === 0) return [];
  const rows = await db()
    .selectFrom("messages")
    .select("id")
    .where("threadId", "in", [...threadIds])
    .execute();
  return rows.map((row) => row.id);
}

async function doomedThreads(clientId: string, keptOrderIds: readonly string[]): Promise<string[]> {
  const kept = new Set(keptOrderIds);
  return (await threadsOfClient(clientId)).filter((thread) => !thread.orderId || !kept.has(thread.orderId)).map((thread) => thread.id);
}

/** How many files deleting the client removes with their threads. */
export async function countMessageFilesToDelete(clientId: string, keptOrderIds: readonly string[] = []): Promise<number> {
  const ids = await messageIdsOf(await doomedThreads(clientId, keptOrderIds));
  if (ids.length === 0) return 0;
  let count = 0;
  for (let start = 0; start < ids.length; start += 500) {
    const row = await db()
      .selectFrom("storedFiles")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("recordType", "=", MESSAGE_RECORD_TYPE)
      .where("recordId", "in", ids.slice(start, start + 500))
      .executeTakeFirstOrThrow();
    count += Number(row.count);
  }
  return count;
}

/** Deletes the client's threads (messages, read marks, files) except those of orders the firm keeps; answers how many went. */
export async function deleteMessagesOfClient(clientId: string, keptOrderIds: readonly string[]): Promise<{ threads: number; files: number }> {
  const threads = await doomedThreads(clientId, keptOrderIds);
  let files = 0;
  for (const messageId of await messageIdsOf(threads)) {
    files += (await listFilesFor(MESSAGE_RECORD_TYPE, messageId)).length;
    await deleteFilesFor(MESSAGE_RECORD_TYPE, messageId);
  }
  for (let start = 0; start < threads.length; start += 500) {
    await db()
      .deleteFrom("messageThreads")
      .where("id", "in", threads.slice(start, start + 500))
      .execute();
  }
  return { threads: threads.length, files };
}
