// The messages area's client-safe API (forms, paths, the thread and composer views, the live hooks): what routes and the shell may use.
export * from "./page-forms";
export { ThreadStateBadge, ThreadList, ThreadPreview, type ThreadListItem } from "./thread-list";
export { ThreadMessages, ThreadPager } from "./thread-view";
export { MessageComposer, type ComposerAnswer } from "./composer";
export { SavedReplyPicker } from "./saved-reply-picker";
export { useLiveMessages, useLiveMessageCount, useOpenThread, refreshMessageCount, MessagesNavCount } from "./live-messages";
