import { findActiveRecipientByEmail, findClientById } from "~/core/identity/directory.server";
import { getContactMessage, setContactMessageStatus } from "~/features/inbox/index.server";
import { forbidden, invalid } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { canUseBackOffice } from "~/lib/features";
import { newId } from "~/lib/ids.server";
import { assertMessageStaff } from "./access.server";
import { afterMessage } from "./events.server";
import { targetThread } from "./messages.server";
import { moveReadMark } from "./threads.server";
import type { MessageViewer } from "./types.server";

/**
 * A contact-form message whose sender's address belongs to a client goes into that client's general
 * thread as the client's own message, at the time it was sent (its subject as the first line), and
 * leaves the inbox (archived there). Staff need both the inbox and `messages`.
 */
export async function moveContactMessageToClient(viewer: MessageViewer, contactMessageId: string): Promise<string> {
  assertMessageStaff(viewer);
  if (!canUseBackOffice(viewer, "inbox")) throw forbidden();
  const contact = await getContactMessage(contactMessageId);
  const account = await findActiveRecipientByEmail(contact.email.trim().toLowerCase());
  const client = account ? await findClientById(account.id) : null;
  if (!client) throw invalid("messages:errors.contactNotClient");
  const thread = await targetThread(viewer, { clientId: client.id, orderId: null });
  const messageId = newId();
  const at = new Date(contact.createdAt).toISOString();
  const body = [contact.subject.trim(), contact.message.trim()].filter(Boolean).join("\n\n").slice(0, 10_000);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("messages").values({ id: messageId, threadId: thread.id, authorId: client.id, body, internal: false, createdAt: at }).execute();
      const current = await trx
        .selectFrom("messageThreads")
        .select(["lastMessageAt", "lastPublicMessageAt"])
        .where("id", "=", thread.id)
        .executeTakeFirstOrThrow();
      // An old contact message takes its place in the thread's past; it is the newest only if nothing came after it.
      const newest = !current.lastPublicMessageAt || new Date(current.lastPublicMessageAt).toISOString() <= at;
      await trx
        .updateTable("messageThreads")
        .set({
          ...(thread.created || new Date(current.lastMessageAt).toISOString() <= at ? { lastMessageAt: at } : {}),
          ...(newest ? { lastPublicMessageAt: at, lastPublicSender: "client", state: "open" } : {}),
          updatedAt: new Date().toISOString(),
        })
        .where("id", "=", thread.id)
        .execute();
    });
  // The client wrote it and the mover has read it: neither is told of it again.
  await moveReadMark(thread.id, client.id, at);
  await moveReadMark(thread.id, viewer.id, at);
  await setContactMessageStatus(viewer, contact.id, "archive");
  await audit({
    actorId: viewer.id,
    action: "message.moved_from_inbox",
    targetType: "contact_message",
    targetId: contact.id,
    ip: viewer.ip ?? null,
    meta: { threadId: thread.id, messageId, clientId: client.id },
  });
  await afterMessage({ threadId: thread.id, clientId: client.id, messageId, authorId: client.id, fromClient: true, internal: false, at }, { digest: false });
  return thread.id;
}
