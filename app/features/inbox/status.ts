/** The states of a contact message, shared by the inbox's server code and its pages. */
export const INBOX_STATUSES = ["new", "read", "archived"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
