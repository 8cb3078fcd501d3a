// The messages pages' client-safe pieces (paths, forms, constants): the pages check with the same schemas the server parses with.
import { z } from "zod";
import { MAX_FILES_PER_REQUEST } from "~/lib/upload-limits";

/** Where threads are reached: the client's pages, the staff's pages, an attachment's download, the progress-bar upload. */
export const messagePaths = {
  clientList: "/client/messages",
  client: (threadId: string) => `/client/messages/${threadId}`,
  clientNew: (orderId?: string | null) => (orderId ? `/client/messages/new?order=${encodeURIComponent(orderId)}` : "/client/messages/new"),
  staffList: "/dashboard/messages",
  staff: (threadId: string) => `/dashboard/messages/${threadId}`,
  staffNew: (clientId: string, orderId?: string | null) =>
    `/dashboard/messages/new?client=${encodeURIComponent(clientId)}${orderId ? `&order=${encodeURIComponent(orderId)}` : ""}`,
  attachment: (attachmentId: string) => `/resources/files/${attachmentId}`,
  /** The composer's upload with a progress bar: the same step as the page's form, answered as JSON. */
  upload: (area: "client" | "dashboard", target: string, search = "") => `/resources/uploads/messages/${area}/${target}${search}`,
} as const;

/** A message's text and files at most: the pages, the API and the rules share them. */
export const MESSAGE_MAX_LENGTH = 10_000;
export const MAX_MESSAGE_ATTACHMENTS = MAX_FILES_PER_REQUEST;

/** The staff list's views (the first, "all", is open and waiting threads). */
export const MESSAGE_VIEWS = ["all", "mine", "unassigned", "unread", "waiting", "closed"] as const;
export type MessageView = (typeof MESSAGE_VIEWS)[number];

export const THREAD_STATE_NAMES = ["open", "waiting", "closed"] as const;
export type ThreadStateName = (typeof THREAD_STATE_NAMES)[number];

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/**
 * A message from the composer: its text (the files are read apart; text or at least one file is
 * needed, which the page checks once it has read the files) and, for staff, whether it is an internal note.
 */
export const ComposerSchema = z.object({
  intent: z.literal("post"),
  body: z.string().trim().max(MESSAGE_MAX_LENGTH, "messages:composer.errors.tooLong").optional(),
  internal: checkbox.optional(),
});

/** An edit of one's own message within five minutes. */
export const EditMessageSchema = z.object({
  intent: z.literal("edit"),
  messageId: z.string().trim().min(1).max(100),
  body: z
    .string({ required_error: "messages:composer.errors.empty" })
    .trim()
    .min(1, "messages:composer.errors.empty")
    .max(MESSAGE_MAX_LENGTH, "messages:composer.errors.tooLong"),
});

export const ThreadAssignSchema = z.object({ intent: z.literal("assign"), assigneeId: z.string().trim().max(100).optional() });

export const ThreadActionSchema = z.object({
  intent: z.enum(["close", "reopen", "read", "remove"]),
  messageId: z.string().trim().max(100).optional(),
});

export const SAVED_REPLY_LOCALES = ["en", "ar", "fr"] as const;

/** A saved reply as staff write it: its language, a title to find it by, and the text it inserts. */
export const SavedReplySchema = z.object({
  intent: z.enum(["create", "update"]),
  id: z.string().trim().max(100).optional(),
  locale: z.enum(SAVED_REPLY_LOCALES, { errorMap: () => ({ message: "messages:savedReplies.errors.locale" }) }),
  title: z
    .string({ required_error: "messages:savedReplies.errors.titleRequired" })
    .trim()
    .min(1, "messages:savedReplies.errors.titleRequired")
    .max(120, "messages:savedReplies.errors.titleTooLong"),
  body: z
    .string({ required_error: "messages:savedReplies.errors.bodyRequired" })
    .trim()
    .min(1, "messages:savedReplies.errors.bodyRequired")
    .max(MESSAGE_MAX_LENGTH, "messages:composer.errors.tooLong"),
});

/** Splits plain text into text and web links, so a message's links are clickable without any HTML from its author. */
export function linkParts(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  const pattern = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    let url = match[0];
    // Sentence punctuation after a link is not part of it.
    const trailing = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? "";
    url = url.slice(0, url.length - trailing.length);
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
