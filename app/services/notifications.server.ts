// Notifications: written in the same transaction as the event they report, announced live after it commits.
// The bell, the /notifications page and e-mail preferences build on this (buyer's-loop issue).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { getLiveEventBus, userTopic, type LiveEventBus } from "./live-events.server.ts";

/** Spec 01 §3 types plus the watchlist ones of spec 02 §3. */
export const NOTIFICATION_TYPES = [
  "bid",
  "auction_won",
  "auction_ended",
  "auction_update",
  "message",
  "listing_sold",
  "payment",
  "shipping",
  "price_drop",
  "watchlist_update",
  "fraud",
  "system",
  "other",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationDraft {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
}

/** Inserts the notifications (call inside the transaction of the event they report). */
export async function insertNotifications(db: Kysely<Database>, drafts: readonly NotificationDraft[], now = new Date()): Promise<void> {
  if (drafts.length === 0) return;
  const createdAt = now.toISOString();
  await db
    .insertInto("notifications")
    .values(
      drafts.map((draft) => ({
        user_id: draft.userId,
        type: draft.type,
        title: draft.title,
        message: draft.message,
        action_url: draft.actionUrl ?? null,
        is_read: 0,
        created_at: createdAt,
      })),
    )
    .execute();
}

/** Tells the recipients' open pages (after the transaction committed). */
export function announceNotifications(drafts: readonly NotificationDraft[], bus: LiveEventBus = getLiveEventBus()): void {
  for (const draft of drafts) {
    bus.publish({
      topic: userTopic(draft.userId),
      name: "notification",
      data: { type: draft.type, title: draft.title, message: draft.message, actionUrl: draft.actionUrl ?? null },
    });
  }
}

/** Inserts and announces in one go, for callers outside a larger transaction. */
export async function notify(db: Kysely<Database>, drafts: readonly NotificationDraft[], now = new Date()): Promise<void> {
  await insertNotifications(db, drafts, now);
  announceNotifications(drafts);
}
