// The notifications area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { BroadcastComposer } from "./broadcast-composer";
export { NotificationBell } from "./notification-bell";
export { NotificationCenter } from "./notification-center";
export { BroadcastPageSchema, ComposeSchema, ListQuerySchema } from "./notifications.schema";
export { SentBroadcasts } from "./sent-broadcasts";
export { stopLiveNotifications, useRealtimeEvent } from "./use-live-notifications";
