// The /watchlist page's forms (docs/product/alerts.md#watchlist /watchlist, docs/product/alerts.md#messages): notes and removal of watched items, and
// executing, renaming, alert toggling and deleting saved searches. One action, told apart by `intent`.
import { z } from "zod";
import { WATCH_NOTES_MAX, WATCHLIST_MESSAGES } from "~/lib/watchlist-messages.ts";
import { returnToField } from "./fields.ts";
import { SAVE_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from "./saved-search.ts";

export { parseWatchlistTab, WATCH_NOTES_MAX, WATCHLIST_MESSAGES, WATCHLIST_PAGE_SIZE, WATCHLIST_TABS, type WatchlistTab } from "~/lib/watchlist-messages.ts";

const WATCHLIST_INTENTS = ["notes", "remove", "execute", "rename", "notify", "delete"] as const;
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

/** The watch button on a listing (POST /listings/{id}/watch); `js` is "1" when a fetcher sent it. */
export const WatchToggleSchema = z.object({
  intent: z.enum(["watch", "unwatch"]).optional(),
  returnTo: returnToField,
  js: z.string().max(1).optional(),
});
