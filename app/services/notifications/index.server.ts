// What the notifications domain offers to the rest of app/. Notifications: written in the transaction of the event they
// report (with the e-mail copies their recipients chose), announced live after it commits, and the member's inbox of them.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export {
  countUnreadNotifications,
  deleteNotification,
  type InboxNotification,
  latestNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationFilter,
} from "./notification-inbox.server.ts";
export { announceNotifications, insertNotifications, type NotificationDraft, type NotificationType, notify } from "./notifications.server.ts";
