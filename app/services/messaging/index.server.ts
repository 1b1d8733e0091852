// What the messaging domain offers to routes and the web layer. Conversations between members and notifications (inbox and e-mail; the mailer is platform's).
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { type NotificationType } from "./../../lib/notification-types.ts";
export {
  appendListingConversationLine,
  type ConversationSummary,
  type ConversationThread,
  countUnreadMessages,
  listConversations,
  openConversation,
  openGeneralConversation,
  sendMessage,
  thread,
} from "./messages.server.ts";
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
export { announceNotifications, insertNotifications, type NotificationDraft, notify } from "./notifications.server.ts";
export { sellerResponseFigures } from "./response-figures.server.ts";
