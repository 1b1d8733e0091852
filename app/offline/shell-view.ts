// What every offline page shows around its content: the offline banner, the changes waiting to sync (the outbox)
// and the changes the server could not apply. Pure.
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import type { OfflineNotice } from "~/lib/offline/offline-db.ts";
import type { PendingAction } from "~/lib/offline/outbox.ts";
import { formatRelativeTime } from "~/lib/relative-time.ts";
import { countOf } from "./offline-format.ts";

export const SHELL_WORDS = {
  pendingHeading: "Waiting to sync",
  tryAgain: "Try again",
  reconnecting: "Back online. Sending your changes…",
  noticesHeading: "Changes that could not be applied",
  dismiss: "Dismiss",
} as const;

export interface PendingItemView {
  id: string;
  text: string;
  /** "Queued 5 minutes ago", with the last problem when a replay failed. */
  detail: string;
}

export interface PendingListView {
  count: number;
  heading: string;
  countText: string;
  items: PendingItemView[];
}

export function bannerText(signedIn: boolean): string {
  return signedIn ? OFFLINE_MESSAGES.banner : OFFLINE_MESSAGES.bannerVisitor;
}

function queuedText(createdAt: string, now: Date): string {
  const relative = formatRelativeTime(createdAt, now);
  if (!relative) return "Queued";
  return relative === "Just now" ? "Queued just now" : `Queued ${relative}`;
}

/** The outbox, oldest first as it will be sent; null when nothing waits (the section is left out). */
export function pendingListView(pending: PendingAction[], now: Date): PendingListView | null {
  if (pending.length === 0) return null;
  return {
    count: pending.length,
    heading: SHELL_WORDS.pendingHeading,
    countText: countOf(pending.length, "change waiting to sync", "changes waiting to sync"),
    items: pending.map((entry) => ({
      id: entry.action.id,
      text: entry.description,
      detail: [queuedText(entry.createdAt, now), entry.lastError].filter(Boolean).join(" · "),
    })),
  };
}

export interface NoticeView {
  id: string;
  text: string;
  dismissLabel: string;
}

export function noticeViews(notices: OfflineNotice[]): NoticeView[] {
  return notices.map((notice) => ({ id: notice.id, text: notice.text, dismissLabel: `${SHELL_WORDS.dismiss}: ${notice.text}` }));
}

/** The document title for each offline page. */
export function offlineDocumentTitle(heading: string): string {
  return `${heading} (offline) — Tradebench`;
}
