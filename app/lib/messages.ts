// Buyer–seller messages: the limits, the words shown to members and how a message's date reads (docs/product/messaging.md#rules).
// Client-safe: the /messages page, its send box and the messages service share it.
import { formatDateTime, formatShortDate } from "./dates.ts";

export const MESSAGE_MAX_LENGTH = 4000;
/** How many messages one member may send per minute, across all their conversations. */
export const MESSAGES_PER_MINUTE = 20;

export const MESSAGE_TEXT = {
  blank: "Please type a message before sending.",
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters long.`,
  tooFast: "You are sending messages too quickly. Please wait a moment and try again.",
  forbidden: "You do not have access to this conversation.",
  listingNotFound: "Listing not found",
  ownListing: "This is your own listing: buyers contact you about it from its page.",
  noConversations: "No conversations yet",
  noMatches: "No conversations match your search",
  noneSelected: "No conversation selected",
  noMessagesYet: "No messages yet. Say hello and ask your question.",
  memberNotFound: "User not found",
  ownProfile: "This is your own profile: other members message you from theirs.",
} as const;

/** The title a general conversation (opened from a profile's Message button, about no listing) shows. */
export const GENERAL_CONVERSATION_TITLE = "General conversation";

/** The action_url of a message notification (contract with the notifications helper). */
export function conversationUrl(conversationId: number): string {
  return `/messages?conversation=${conversationId}`;
}

/** A message shortened for a list or a notification: white space folded, cut at a word with an ellipsis. */
export function messageExcerpt(body: string, max = 120): string {
  const text = body.replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "numeric", day: "numeric", timeZone });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Days since 1970-01-01 of the calendar day `date` falls on in `timeZone`. */
function dayNumber(date: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    dayFormat(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return Math.round(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000);
}

/**
 * How a message's date reads in the list and the thread (docs/product/messaging.md#rules): the time if it is today, "Yesterday",
 * the weekday if under 7 days ago, else a short date ("Nov 3, 2026"). Calendar days of `timeZone` (UTC by default,
 * as every date on the site, so the server and the browser render the same text).
 */
export function formatMessageDate(iso: string, now: Date | number, timeZone = "UTC"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const days = dayNumber(new Date(now), timeZone) - dayNumber(date, timeZone);
  if (days <= 0) return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(date);
  if (days === 1) return "Yesterday";
  if (days < 7) return new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone }).format(date);
  return formatShortDate(date, { timeZone });
}

/** The full date and time, for a tooltip and the `<time>` element's title. */
export function formatMessageDateTime(iso: string, timeZone = "UTC"): string {
  return formatDateTime(iso, { timeZone });
}
