// The messages area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
//
// Deviations from the design (docs: messages-design.md), names kept where possible:
// - ThreadSummary has one more field, `lastMessageRemoved: boolean`: when the newest message was removed its preview
//   is "" and the page shows its own translated "message removed" marker (the data layer holds no UI text).
// - Saved replies take the viewer first, as every other function does, to check its rights:
//   `listSavedReplies(viewer, locale?)`, `createSavedReply(viewer, input)`, `updateSavedReply(viewer, id, input)`,
//   `deleteSavedReply(viewer, id)`.
// - listThreadsForStaff also takes `clientId` / `orderId` (a client's or an order's page lists its threads).
// - Live events: `message:new` `{ threadId }` (a post) and also `message:changed` `{ threadId }` (an edit, a removal,
//   a read mark moved on another device): the pages refetch on either.
// - unreadThreadCount for staff counts unread open/waiting threads assigned to them or to nobody (the badge says what
//   waits for them, the same people the e-mail digest writes to); the `unread` view lists every unread thread.
// - A client does not see a thread that has only internal notes so far (getThread null, not in their list).
import "./digest.server";
export { isClient, isMessageStaff } from "./access.server";
export {
  assignThread,
  findThreadFor,
  getThread,
  listThreadsForClient,
  listThreadsForStaff,
  markThreadRead,
  messageAssignees,
  setThreadState,
  unreadThreadCount,
  PREVIEW_LENGTH,
  UNREAD_COUNT_CAP,
  type PageInput,
  type StaffThreadQuery,
} from "./threads.server";
export { canReadMessageFile, editMessage, postMessage, removeMessage, type PostInput } from "./messages.server";
export { EDIT_WINDOW_MS, MESSAGE_RECORD_TYPE, MESSAGES_PER_PAGE } from "./message-rows.server";
export { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply, MAX_TITLE_LENGTH, type SavedReplyInput } from "./saved-replies.server";
export { moveContactMessageToClient } from "./contact.server";
export { MESSAGE_CHANGED_EVENT, MESSAGE_NEW_EVENT, type MessageEventPayload } from "./events.server";
export { DIGEST_DELAY_MS, NEW_MESSAGE_EMAIL, sendDigest } from "./digest.server";
export { countMessageFilesToDelete, deleteMessagesOfClient, listMessageRecordsOfClient, type MessageRecord } from "./client-data.server";
export { messageViewer, viewerOf } from "./http.server";
export { messagePageAction, threadPath, type MessageActionData, type MessageArea } from "./page-actions.http.server";
export { AssignSchema, EditBodySchema, MessageBodySchema, NewThreadSchema, parseThreadQuery, readMessageRequest } from "./api.server";
export {
  STAFF_THREAD_VIEWS,
  THREAD_STATES,
  type MessageAttachment,
  type MessageViewer,
  type PostTarget,
  type SavedReply,
  type StaffThreadView,
  type ThreadDetail,
  type ThreadMessage,
  type ThreadPage,
  type ThreadState,
  type ThreadSummary,
} from "./types.server";
