/**
 * The door other areas use to tell a user something. The notification centre
 * (notifications.server.ts) keeps the implementation; this module stays as the
 * import path every area already knows.
 */
export {
  countUnread,
  notify,
  notifyEveryone,
  notifyRole,
  NOTIFICATION_EVENT,
  type NotificationEventPayload,
  type NotifyInput,
} from "./notifications.server";
