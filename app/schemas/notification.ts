// The /notifications list (filter, page) and its forms: mark one read, mark all read, delete one.
import { z } from "zod";
import type { NotificationFilter } from "~/services/notifications/index.server.ts";

export const NOTIFICATION_MESSAGES = {
  notFound: "Notification not found",
  unknownIntent: "Please choose what to do with your notifications.",
  markedRead: "Notification marked as read.",
  allRead: "All notifications marked as read.",
  deleted: "Notification deleted.",
  empty: "No notifications yet",
  emptyUnread: "You have no unread notifications.",
  loading: "Loading notifications...",
} as const;

export const NotificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-read"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("mark-all-read") }),
]);
export type NotificationAction = z.infer<typeof NotificationActionSchema>;
export type NotificationIntent = NotificationAction["intent"];

/** ?filter=unread shows unread only; anything else shows all. */
export function parseNotificationFilter(value: string | null): NotificationFilter {
  return value === "unread" ? "unread" : "all";
}

/** The address of a page of the list (page 1 and the "all" filter are left out). */
export function notificationsUrl(filter: NotificationFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter === "unread") params.set("filter", "unread");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/notifications?${query}` : "/notifications";
}
