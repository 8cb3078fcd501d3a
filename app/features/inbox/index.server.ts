// The inbox area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export {
  assignContactMessage,
  countNewContactMessages,
  createContactMessage,
  getContactMessage,
  inboxResponseStatistics,
  listContactMessageReplies,
  listContactMessages,
  listInboxAssignees,
  markContactMessageRead,
  replyTemplateText,
  replyToContactMessage,
  senderLanguage,
  setContactMessageStatus,
  submitContactMessage,
} from "./inbox.server";
