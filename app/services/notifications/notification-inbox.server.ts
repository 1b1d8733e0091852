// A member's notification inbox (docs/product/alerts.md#notifications notifications): the paged list, the bell's latest few, the unread count,
// marking read and deleting. Every query is limited to the member's own rows: naming someone else's notification
// changes nothing and reads as "not found".
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isNotificationType } from "~/lib/notification-types.ts";
import { NOTIFICATION_MESSAGES } from "~/schemas/notification.ts";
import { DomainError } from "../domain-error.ts";
import type { NotificationType } from "./notifications.server.ts";

/** docs/product/alerts.md#notifications: the notifications fetch default. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** docs/product/alerts.md#notifications: the header dropdown shows the 5 latest. */
export const BELL_SIZE = 5;

export type NotificationFilter = "all" | "unread";

export interface InboxNotification {
  id: number;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
  isRead: boolean;
  createdAt: string;
}

export interface NotificationPage {
  items: InboxNotification[];
  filter: NotificationFilter;
  page: number;
  totalPages: number;
  /** How many the filter holds. */
  total: number;
  unreadCount: number;
}

type Row = Pick<Database["notifications"], "title" | "message" | "action_url"> & {
  id: number;
  type: string;
  is_read: number;
  created_at: string;
};

function toInboxNotification(row: Row): InboxNotification {
  return {
    id: row.id,
    type: isNotificationType(row.type) ? row.type : "other",
    title: row.title,
    message: row.message,
    actionUrl: row.action_url,
    isRead: row.is_read === 1,
    createdAt: row.created_at,
  };
}

function ownRows(db: Kysely<Database>, userId: string, filter: NotificationFilter) {
  let query = db.selectFrom("notifications").where("user_id", "=", userId);
  if (filter === "unread") query = query.where("is_read", "=", 0);
  return query;
}

async function latestRows(db: Kysely<Database>, userId: string, filter: NotificationFilter, limit: number, offset: number): Promise<InboxNotification[]> {
  const rows = await ownRows(db, userId, filter)
    .select(["id", "type", "title", "message", "action_url", "is_read", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toInboxNotification);
}

/** How many of the member's notifications are unread (0 for nobody). */
export async function countUnreadNotifications(db: Kysely<Database>, userId: string | null | undefined): Promise<number> {
  if (!userId) return 0;
  const row = await ownRows(db, userId, "unread")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(row.count));
}

/** One page of the member's notifications, newest first; a page past the end shows the last one. */
export async function listNotifications(
  db: Kysely<Database>,
  userId: string,
  { filter = "all", page = 1, pageSize = NOTIFICATIONS_PAGE_SIZE }: { filter?: NotificationFilter; page?: number; pageSize?: number } = {},
): Promise<NotificationPage> {
  const totalRow = await ownRows(db, userId, filter)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(totalRow.count);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), totalPages);
  const items = total === 0 ? [] : await latestRows(db, userId, filter, pageSize, (current - 1) * pageSize);
  const unreadCount = filter === "unread" ? total : await countUnreadNotifications(db, userId);
  return { items, filter, page: current, totalPages, total, unreadCount };
}

/** The bell's view: the latest few and the unread count. */
export async function latestNotifications(
  db: Kysely<Database>,
  userId: string,
  limit = BELL_SIZE,
): Promise<{ items: InboxNotification[]; unreadCount: number }> {
  const [items, unreadCount] = await Promise.all([latestRows(db, userId, "all", limit, 0), countUnreadNotifications(db, userId)]);
  return { items, unreadCount };
}

/** The refusal when the member has no notification with the id they named (theirs or nobody's: the same words). */
function notificationNotFound(): DomainError {
  return new DomainError("not_found", NOTIFICATION_MESSAGES.notFound, { code: "notification_not_found" });
}

/** Marks one of the member's notifications read; refused (not_found) when the member has no notification with that id. */
export async function markNotificationRead(db: Kysely<Database>, userId: string, notificationId: number): Promise<void> {
  const result = await db.updateTable("notifications").set({ is_read: 1 }).where("id", "=", notificationId).where("user_id", "=", userId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notificationNotFound();
}

/** Marks every unread notification of the member read; returns how many changed. */
export async function markAllNotificationsRead(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.updateTable("notifications").set({ is_read: 1 }).where("user_id", "=", userId).where("is_read", "=", 0).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes one of the member's notifications; refused (not_found) when the member has no notification with that id. */
export async function deleteNotification(db: Kysely<Database>, userId: string, notificationId: number): Promise<void> {
  const result = await db.deleteFrom("notifications").where("id", "=", notificationId).where("user_id", "=", userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notificationNotFound();
}
