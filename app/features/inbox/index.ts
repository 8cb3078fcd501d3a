// The inbox area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { ContactSchema, HONEYPOT_FIELD, InboxActionSchema, InboxAssignSchema, InboxReplySchema } from "./inbox.schema";
export { INBOX_STATUSES, REPLY_TEMPLATES, type ReplyTemplateKey } from "./status";
