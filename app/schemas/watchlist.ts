// The /watchlist page's forms (spec 01 §2 /watchlist, 02 §2.10, §8): notes and removal of watched items, and
// executing, renaming, alert toggling and deleting saved searches. One action, told apart by `intent`.
import { z } from "zod";
import { SAVE_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from "./saved-search.ts";

/** Page size of the Watched Items tab (the listing screens page at 12; the service's own default is 50). */
export const WATCHLIST_PAGE_SIZE = 12;
export const WATCH_NOTES_MAX = 1000;

export const WATCHLIST_TABS = { watched: "watched", savedSearches: "saved-searches" } as const;
export type WatchlistTab = (typeof WATCHLIST_TABS)[keyof typeof WATCHLIST_TABS];

export function parseWatchlistTab(value: string | null): WatchlistTab {
  return value === WATCHLIST_TABS.savedSearches ? WATCHLIST_TABS.savedSearches : WATCHLIST_TABS.watched;
}

/** The page's words: the spec's (02 §2.10, §8) where it has them. */
export const WATCHLIST_MESSAGES = {
  loadWatchlistFailed: "Failed to load watchlist. Please try again.",
  removeFailed: "Failed to remove item from watchlist. Please try again.",
  notesFailed: "Failed to save notes. Please try again.",
  notesTooLong: `Notes can be at most ${WATCH_NOTES_MAX.toLocaleString("en-US")} characters.`,
  notesSaved: "Notes saved.",
  notWatched: "This item is no longer on your watchlist.",
  removed: (title: string) => `Removed “${title}” from your watchlist.`,
  noWatchedItems: "No watched items",
  loadSavedSearchesFailed: "Failed to load saved searches. Please try again.",
  executeFailed: "Failed to execute search. Please try again.",
  deleteFailed: "Failed to delete search. Please try again.",
  notifyFailed: "Failed to update notification setting. Please try again.",
  renameFailed: "Failed to rename search. Please try again.",
  confirmDelete: "Are you sure you want to delete this saved search?",
  deleted: (name: string) => `Deleted the saved search “${name}”.`,
  renamed: (name: string) => `Renamed the saved search to “${name}”.`,
  notifyOn: (name: string) => `You will be notified of new listings matching “${name}”.`,
  notifyOff: (name: string) => `You will no longer be notified of new listings matching “${name}”.`,
  noSavedSearches: "No saved searches",
  noMatches: "No matching listings found.",
  unknownAction: "Please choose what to do.",
} as const;

export const WATCHLIST_INTENTS = ["notes", "remove", "execute", "rename", "notify", "delete"] as const;
export type WatchlistIntent = (typeof WATCHLIST_INTENTS)[number];

export function isWatchlistIntent(value: unknown): value is WatchlistIntent {
  return typeof value === "string" && (WATCHLIST_INTENTS as readonly string[]).includes(value);
}

const id = z.coerce.number({ invalid_type_error: "Not found" }).int().positive().max(Number.MAX_SAFE_INTEGER);

export const WatchlistActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("notes"),
    listingId: id,
    // Line endings as browsers send them (CRLF) count once.
    notes: z
      .string()
      .default("")
      .transform((value) => value.replace(/\r\n/g, "\n"))
      .pipe(z.string().max(WATCH_NOTES_MAX, WATCHLIST_MESSAGES.notesTooLong)),
  }),
  z.object({ intent: z.literal("remove"), listingId: id }),
  z.object({ intent: z.literal("execute"), searchId: id }),
  z.object({
    intent: z.literal("rename"),
    searchId: id,
    name: z
      .string({ required_error: SAVE_SEARCH_MESSAGES.nameRequired })
      .trim()
      .min(1, SAVE_SEARCH_MESSAGES.nameRequired)
      .max(SAVED_SEARCH_NAME_MAX, SAVE_SEARCH_MESSAGES.nameTooLong),
  }),
  z.object({ intent: z.literal("notify"), searchId: id, notifyOnNew: z.enum(["on", "off"]) }),
  z.object({ intent: z.literal("delete"), searchId: id }),
]);
export type WatchlistActionInput = z.infer<typeof WatchlistActionSchema>;
