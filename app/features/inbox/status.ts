/** The states of a contact message, shared by the inbox's server code and its pages. */
export const INBOX_STATUSES = ["new", "read", "replied", "archived", "spam"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** The canned replies a reply may start from (texts in inbox:replyTemplates.<key>, in the sender's language). */
export const REPLY_TEMPLATES = ["thanks", "appointment", "documents"] as const;
export type ReplyTemplateKey = (typeof REPLY_TEMPLATES)[number];
