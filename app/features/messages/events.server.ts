import { listBackOfficeUsersWith } from "~/core/identity/directory.server";
import { emitToUser } from "~/lib/realtime.server";
import { scheduleDigests } from "./digest.server";

/**
 * What follows a message: the live event to everyone who may see it, and the e-mail digest.
 *
 * Live events carry ids only (`{ threadId }`), never text: a socket's room is a user's, and the page
 * that hears the event reloads its data through its loader, which checks rights again. So nothing a
 * client may not read can travel by the socket, even if a room held the wrong socket.
 * - `message:new` `{ threadId }`: a message was posted (the open thread, the lists and the unread badge refetch).
 * - `message:changed` `{ threadId }`: one was edited or removed, or read elsewhere by the same person.
 * A public message reaches the thread's client and every staff member who sees threads; an internal
 * note reaches those staff only.
 */
export const MESSAGE_NEW_EVENT = "message:new";
export const MESSAGE_CHANGED_EVENT = "message:changed";
export type MessageEventPayload = { threadId: string };

/** Staff who see every thread (owner, admins, staff with `messages`): the audience of a thread's live events. */
async function staffAudience(): Promise<string[]> {
  return (await listBackOfficeUsersWith("messages", 500)).map((member) => member.id);
}

async function emitToThread(event: string, threadId: string, clientId: string, internal: boolean): Promise<void> {
  const payload: MessageEventPayload = { threadId };
  const people = new Set(await staffAudience());
  if (!internal) people.add(clientId);
  for (const userId of people) emitToUser(userId, event, payload);
}

export type PostedMessage = { threadId: string; clientId: string; messageId: string; authorId: string; fromClient: boolean; internal: boolean; at: string };

/** `digest: false` for a message nobody needs to be e-mailed about (a contact message moved in, read already). */
export async function afterMessage(message: PostedMessage, options: { digest?: boolean } = {}): Promise<void> {
  await emitToThread(MESSAGE_NEW_EVENT, message.threadId, message.clientId, message.internal);
  if (!message.internal && options.digest !== false) await scheduleDigests(message);
}

export async function afterChange(threadId: string, clientId: string, internal: boolean): Promise<void> {
  await emitToThread(MESSAGE_CHANGED_EVENT, threadId, clientId, internal);
}

/** The reader's other tabs and devices drop the thread's unread mark. */
export function afterRead(threadId: string, userId: string): void {
  emitToUser(userId, MESSAGE_CHANGED_EVENT, { threadId } satisfies MessageEventPayload);
}
