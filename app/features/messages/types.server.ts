import type { Page } from "~/lib/pagination";

/**
 * The shapes the messages area hands to pages, the API and other areas (the design's names).
 * Times are ISO-8601 strings.
 */

/** Who asks: the signed-in user (a session's or an API token's); `ip` goes into the audit entries. */
export type MessageViewer = { id: string; role: string; enabledFeatures: readonly string[]; locale?: string | null; ip?: string | null };

export const THREAD_STATES = ["open", "waiting", "closed"] as const;
export type ThreadState = (typeof THREAD_STATES)[number];

export const STAFF_THREAD_VIEWS = ["all", "mine", "unassigned", "unread", "waiting", "closed"] as const;
/** `all`: the default, open and waiting threads; `closed` the closed ones; the others narrow the default. */
export type StaffThreadView = (typeof STAFF_THREAD_VIEWS)[number];

export type ThreadSummary = {
  id: string;
  clientId: string;
  clientName: string | null;
  orderId: string | null;
  orderReference: string | null;
  subject: string | null;
  state: ThreadState;
  assigneeId: string | null;
  assigneeName: string | null;
  lastMessageAt: string;
  /** The newest message the viewer may see, at most 140 characters; "" when it was removed (`lastMessageRemoved`). */
  lastMessagePreview: string;
  /** True when that newest message was removed: the page shows its "message removed" marker instead of the preview. */
  lastMessageRemoved: boolean;
  unread: boolean;
};

export type MessageAttachment = { id: string; fileName: string; size: number; mime: string };

export type ThreadMessage = {
  id: string;
  authorId: string | null;
  authorName: string | null;
  authorIsFirm: boolean;
  /** Empty when removed. */
  body: string;
  internal: boolean;
  createdAt: string;
  editedAt: string | null;
  removed: boolean;
  /** Until when the viewer may edit it (their own, within 5 minutes), else null. */
  editableUntil: string | null;
  attachments: MessageAttachment[];
};

export type ThreadDetail = ThreadSummary & {
  /** Oldest first: the latest page (or the page before `before`). */
  messages: ThreadMessage[];
  hasOlder: boolean;
  order: { id: string; reference: string; title: string } | null;
  client: { id: string; name: string; email: string; locale: string };
};

export type SavedReply = { id: string; locale: string; title: string; body: string };

export type ThreadPage = Page<ThreadSummary>;

export type PostTarget = { threadId: string } | { clientId: string; orderId: string | null };
