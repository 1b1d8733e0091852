// Notifications: written in the same transaction as the event they report (with the e-mail copies their recipients
// chose, queued for the dispatcher), announced live after it commits.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { EMAIL_ALERTS, emailAlertFor, type NotificationType } from "~/lib/notification-types.ts";
import { queueEmail, type EmailMessage, getLiveEventBus, userTopic, type LiveEventBus } from "../platform/index.server.ts";
import { parsePreferences } from "../accounts/index.server.ts";

export type { NotificationType } from "~/lib/notification-types.ts";

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
  await queueNotificationEmails(db, drafts);
}

/** The e-mail copy of a notification. */
function notificationEmail(draft: NotificationDraft, to: string, firstName: string, choiceLabel: string): EmailMessage {
  const site = getEnv().PUBLIC_URL;
  const link = draft.actionUrl ? `\n\n${draft.actionUrl.startsWith("/") ? site + draft.actionUrl : draft.actionUrl}` : "";
  return {
    to,
    subject: draft.title,
    text:
      `Hello ${firstName || "there"},\n\n${draft.message}${link}\n\n` +
      `You get this e-mail because “${choiceLabel}” is on in your e-mail alerts. Change them on ${site}/profile#email-alerts`,
  };
}

/** Queues e-mail copies for the recipients whose preferences ask for them (same transaction as the notifications). */
async function queueNotificationEmails(db: Kysely<Database>, drafts: readonly NotificationDraft[]): Promise<void> {
  const mailable = drafts.filter((draft) => emailAlertFor(draft.type) !== undefined);
  if (mailable.length === 0) return;
  const recipients = await db
    .selectFrom("profiles")
    .select(["id", "email", "first_name", "preferences"])
    .where("id", "in", [...new Set(mailable.map((draft) => draft.userId))])
    .execute();
  const byId = new Map(recipients.map((row) => [row.id, row]));
  const messages: EmailMessage[] = [];
  for (const draft of mailable) {
    const alert = EMAIL_ALERTS.find((candidate) => candidate.key === emailAlertFor(draft.type));
    const recipient = byId.get(draft.userId);
    if (!alert || !recipient || !parsePreferences(recipient.preferences).email_alerts[alert.key]) continue;
    messages.push(notificationEmail(draft, recipient.email, recipient.first_name, alert.label));
  }
  await queueEmail(db, messages);
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
