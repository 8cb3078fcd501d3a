import { findActiveBackOfficeUser, findActiveUser, listBackOfficeUsersWith } from "~/core/identity/directory.server";
import { orderReferenceSql } from "~/features/service-orders/index.server";
import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail } from "~/features/email/index.server";
import { db } from "~/lib/db/db.server";
import { canUseBackOffice, isBackOfficeRole } from "~/lib/features";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { defineJob } from "~/lib/jobs.server";

/**
 * The e-mail digest: whoever has not read a new message within 10 minutes gets one e-mail saying
 * there is one, with a link to the thread, never its text or its files (they may be confidential,
 * and e-mail is not encrypted). Recipients: the client for the firm's messages; for a client's, the
 * thread's assignee, or when nobody is assigned every staff member with `messages`. Internal notes
 * e-mail nobody.
 *
 * Each post asks for one keyed job per (thread, recipient, the recipient's read mark), due 10 minutes
 * later: the queue keeps one job per key, so several messages before the recipient reads make one
 * job, and so does every instance asking for it. The job, when it runs, sends only if the thread is
 * still unread for the recipient. Once they read, their mark moves and the next message asks for a
 * new job. A recipient who never reads is not e-mailed again for the same stretch of unread messages.
 */
export const DIGEST_DELAY_MS = 10 * 60 * 1000;

export const NEW_MESSAGE_EMAIL = defineEmailTemplate({
  namespace: "messages",
  name: "newMessage",
  variables: ["name", "topic"] as const,
  sample: { name: "Maria Lopez", topic: "order SO-2026-0042" },
  hasAction: true,
});

type Posted = { threadId: string; clientId: string; authorId: string; fromClient: boolean; at: string };

const digestJob = defineJob<{ threadId: string; recipientId: string }>("messages.digest", async ({ threadId, recipientId }) => {
  await sendDigest(threadId, recipientId);
});

async function readMarkOf(threadId: string, userId: string): Promise<string | null> {
  const row = await db().selectFrom("messageReads").select("lastReadAt").where("threadId", "=", threadId).where("userId", "=", userId).executeTakeFirst();
  return row?.lastReadAt ?? null;
}

/** Who is told about this public message (never its author). */
async function recipientsOf(threadId: string, message: Posted): Promise<string[]> {
  if (!message.fromClient) return message.clientId === message.authorId ? [] : [message.clientId];
  const thread = await db().selectFrom("messageThreads").select("assigneeId").where("id", "=", threadId).executeTakeFirst();
  const people = thread?.assigneeId ? [thread.assigneeId] : (await listBackOfficeUsersWith("messages", 200)).map((member) => member.id);
  return people.filter((id) => id !== message.authorId);
}

export async function scheduleDigests(message: Posted): Promise<void> {
  const runAt = new Date(new Date(message.at).getTime() + DIGEST_DELAY_MS);
  for (const recipientId of await recipientsOf(message.threadId, message)) {
    const mark = await readMarkOf(message.threadId, recipientId);
    await digestJob.enqueue(
      { threadId: message.threadId, recipientId },
      { runAt, uniqueKey: `messages.digest:${message.threadId}:${recipientId}:${mark ?? "unread"}` },
    );
  }
}

/** Sends the digest if the thread is still unread for the recipient and they may still see it; says whether it went. */
export async function sendDigest(threadId: string, recipientId: string): Promise<boolean> {
  const thread = await db()
    .selectFrom("messageThreads")
    .select(["id", "clientId", "assigneeId", "lastPublicMessageAt", "lastPublicSender", orderReferenceSql("orderId").as("orderReference")])
    .where("id", "=", threadId)
    .executeTakeFirst();
  const person = await findActiveUser(recipientId);
  if (!thread || !person) return false;
  const staff = isBackOfficeRole(person.role);
  if (staff) {
    const member = await findActiveBackOfficeUser(person.id);
    if (!member || !canUseBackOffice(member, "messages")) return false;
    // Assigned meanwhile to someone else: the thread is theirs to answer, and theirs to be told about.
    if (thread.assigneeId && thread.assigneeId !== person.id) return false;
  } else if (thread.clientId !== person.id) {
    return false;
  }
  // Staff are told about the client's messages, the client about the firm's: public ones either way.
  const last = thread.lastPublicMessageAt;
  const mark = await readMarkOf(thread.id, person.id);
  if (!last || (mark && mark >= last)) return false;
  // The other side answered meanwhile (a colleague replied to the client): nothing waits for this reader.
  if (thread.lastPublicSender !== (staff ? "client" : "firm")) return false;
  const language = isLanguage(person.locale) ? person.locale : fallbackLanguage;
  const t = await getFixedT(language, "messages");
  const reference = thread.orderReference;
  await sendTemplatedEmail(NEW_MESSAGE_EMAIL, {
    to: person.email,
    language,
    values: { name: person.fullName, topic: reference ? t("email.topic.order", { reference }) : t("email.topic.general") },
    actionUrl: absoluteUrl(staff ? `/dashboard/messages/${thread.id}` : `/client/messages/${thread.id}`),
  });
  return true;
}
