// The forum's rules the pages also need (docs/product/community.md#forum): sorts, page sizes, bounds, the edit window,
// the last-reply time format, the guidelines and the user-facing messages. Client-safe.
import { formatShortDate } from "./dates.ts";

export const FORUM_SORTS = [
  { value: "recent", label: "Most Recent" },
  { value: "popular", label: "Most Popular" },
  { value: "replies", label: "Most Replies" },
] as const;
export type ForumSort = (typeof FORUM_SORTS)[number]["value"];

export function isForumSort(value: unknown): value is ForumSort {
  return FORUM_SORTS.some((sort) => sort.value === value);
}

export const FORUM_LIMITS = {
  /** Topics on one page of the list. */
  topicsPerPage: 20,
  /** Replies on one page of a topic. */
  repliesPerPage: 30,
  /** The deepest page either list serves (a page past the last shows the last). */
  maxPage: 500,
  titleMin: 5,
  titleMax: 150,
  bodyMin: 2,
  bodyMax: 20_000,
  /** The search box: characters, and the words of it that are matched. */
  searchMax: 100,
  searchWords: 5,
  /** How much of a topic (title, then opening post) the search looks through. */
  searchTextMax: 4_000,
  /** Participants told of a new reply (the topic's author and the latest repliers). */
  notifiedParticipants: 50,
  /** Followers told of a new reply besides them (the earliest to follow first). */
  notifiedFollowers: 500,
} as const;

/** An author may edit a post this long after writing it. */
export const FORUM_EDIT_WINDOW_MS = 10 * 60_000;

/** Flags from this many different members hide a post pending review. */
export const FORUM_FLAGS_TO_HIDE = 3;

/** Accounts younger than this post under the new-account limits below. */
export const FORUM_NEW_ACCOUNT_MS = 24 * 3_600_000;
export const FORUM_NEW_ACCOUNT_LIMITS = {
  topics: { limit: 3, windowMs: 3_600_000 },
  replies: { limit: 10, windowMs: 3_600_000 },
} as const;

export const FORUM_MESSAGES = {
  topicNotFound: "This topic was not found.",
  postNotFound: "This post was not found.",
  categoryUnknown: "Please choose a category.",
  locked: "This topic is locked: no new replies.",
  editWindowOver: "Posts can only be edited within 10 minutes of posting.",
  notYourPost: "You can only edit your own posts.",
  solutionNotAllowed: "Only the topic's author or a moderator can mark the solution.",
  solutionNotAReply: "Only a reply can be marked as the solution.",
  ownPostFlag: "You cannot flag your own post.",
  alreadyFlagged: "You have already flagged this post.",
  ownPostLike: "You cannot like your own post.",
  moderatorsOnly: "Only moderators can do this.",
  newAccountTopics: "New accounts can start 3 topics per hour. Please try again later.",
  newAccountReplies: "New accounts can post 10 replies per hour. Please try again later.",
  posted: "Your reply was posted.",
  edited: "Your post was updated.",
  flagged: "Thank you: the moderators will review this post.",
  followed: "You are following this topic: replies will show in your notifications.",
  unfollowed: "You no longer follow this topic.",
  invalidAction: "This request could not be understood. Please reload the page and try again.",
} as const;

/** The guidelines (docs/product/community.md#forum), in Tradebench's words. */
export const FORUM_GUIDELINES = [
  "Be respectful: disagree with ideas, never with people.",
  "Stay on topic and post in the category that fits.",
  "Use a descriptive title: the make, model and problem say more than \u201cHelp!\u201d.",
  "Search first: your question may already have an answer.",
  "No spam, no advertising and no listings: sell on the marketplace, not in the forum.",
  "Give details: model and serial ranges, firmware versions, what you measured and photos of the setup.",
  "Be patient: members answer in their own time.",
  "When a reply solves your problem, mark it as the solution so the next reader finds it.",
] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The last-reply time of docs/product/community.md#forum: "Just now" under an hour, "Nh ago" under 24 hours, "Nd ago" under 7 days,
 * else the short date (UTC, so the server's and the browser's renders agree).
 */
export function formatForumTime(at: string | Date, now: Date | number = Date.now()): string {
  const when = typeof at === "string" ? new Date(at) : at;
  const elapsed = (typeof now === "number" ? now : now.getTime()) - when.getTime();
  if (!Number.isFinite(elapsed)) return "";
  if (elapsed < HOUR) return "Just now";
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return formatShortDate(when);
}

/** The page number a query parameter asks for, within 1…FORUM_LIMITS.maxPage (anything but digits is page 1). */
export function forumPageOf(value: string | null | undefined): number {
  if (!value || !/^[0-9]{1,30}$/.test(value)) return 1;
  return Math.min(Math.max(1, Number(value)), FORUM_LIMITS.maxPage);
}

/** What the search matches for a topic: its title and opening post, ASCII-lower-cased, at most searchTextMax long. */
export function forumSearchText(title: string, body: string): string {
  return `${title}\n${body}`.slice(0, FORUM_LIMITS.searchTextMax).replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}
