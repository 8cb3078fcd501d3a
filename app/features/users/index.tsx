// The users area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { AVATAR_ACCEPT, AVATAR_MAX_BYTES, AVATAR_MAX_MB, AVATAR_MIME_TYPES } from "./avatar";
export { ClientPicker } from "./client-picker";
export { forgetRememberedAvatar, UserAvatar, useRememberedAvatar } from "./user-avatar";
export { ASSIGNABLE_ROLES, CreateUserSchema, EditUserFormSchema, parseUsersQuery } from "./users.schema";
