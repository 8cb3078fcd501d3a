// The notifications area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
import "./jobs.server";
export { handleNotificationAction, loadNotificationCenter } from "./http.server";
export {
  countUnread,
  deleteAllNotifications,
  deleteNotification,
  listBroadcasts,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notify,
  readerLanguage,
  sendBroadcast,
} from "./notifications.server";
