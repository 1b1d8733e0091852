// The offline page's forms, read into outbox actions with the online forms' rules and words: notes (1,000
// characters), a new saved search (a name, keywords and an optional maximum price), the watch toggle. Pure: the
// action id is passed in (crypto.randomUUID in the browser).
import { FILTER_MESSAGES, parseListingFilters, toSavedSearchParams } from "~/lib/listing-filters.ts";
import type { OutboxAction } from "~/lib/offline/contracts.ts";
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { SAVE_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from "~/lib/saved-search-messages.ts";
import { WATCH_NOTES_MAX, WATCHLIST_MESSAGES } from "~/lib/watchlist-messages.ts";

const SAVED_SEARCH_KEYWORDS_MAX = 200;

const OFFLINE_FORM_MESSAGES = {
  criteriaRequired: "Enter keywords or a maximum price to search for",
  keywordsTooLong: `Keywords can be at most ${SAVED_SEARCH_KEYWORDS_MAX} characters`,
} as const;

export type FormResult<T> = { ok: true; action: T; message: string } | { ok: false; errors: Record<string, string> };

/** Notes as the online notes form reads them: CRLF counts once, at most 1,000 characters. */
export function readNotesForm(id: string, listingId: number, notes: string): FormResult<Extract<OutboxAction, { kind: "notes" }>> {
  const normalised = notes.replace(/\r\n/g, "\n");
  if (normalised.length > WATCH_NOTES_MAX) return { ok: false, errors: { notes: WATCHLIST_MESSAGES.notesTooLong } };
  return { ok: true, action: { id, kind: "notes", listingId, notes: normalised }, message: OFFLINE_MESSAGES.notesQueued };
}

export interface SavedSearchFormFields {
  name: string;
  keywords: string;
  maxPrice: string;
}

/**
 * A saved search made offline: the name as the Save Search form wants it, and filters read the way /listings
 * reads its query (so the server, reading them the same way, stores what the buyer saw). Keywords or a maximum
 * price are needed: a search with no criterion is not worth saving.
 */
export function readSavedSearchForm(id: string, fields: SavedSearchFormFields): FormResult<Extract<OutboxAction, { kind: "saved_search" }>> {
  const errors: Record<string, string> = {};
  const name = fields.name.trim();
  if (!name) errors.name = SAVE_SEARCH_MESSAGES.nameRequired;
  else if (name.length > SAVED_SEARCH_NAME_MAX) errors.name = SAVE_SEARCH_MESSAGES.nameTooLong;
  const keywords = fields.keywords.trim().replace(/\s+/g, " ");
  if (keywords.length > SAVED_SEARCH_KEYWORDS_MAX) errors.keywords = OFFLINE_FORM_MESSAGES.keywordsTooLong;
  const query = new URLSearchParams();
  if (keywords) query.set("search", keywords);
  if (fields.maxPrice.trim()) query.set("maxPrice", fields.maxPrice.trim().replace(/^\$/, "").replace(/,/g, ""));
  const parsed = parseListingFilters(query);
  if (parsed.errors.maxPrice) errors.maxPrice = FILTER_MESSAGES.maxPrice;
  if (!errors.keywords && !errors.maxPrice && !keywords && parsed.filters.maxPrice === undefined) errors.keywords = OFFLINE_FORM_MESSAGES.criteriaRequired;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    action: { id, kind: "saved_search", name, params: toSavedSearchParams(parsed.filters), notifyOnNew: true },
    message: OFFLINE_MESSAGES.searchQueued(name),
  };
}

/** The watch toggle: the action that turns it the other way, and what to tell the buyer. */
export function watchToggleAction(id: string, listing: { id: number; title: string }, watching: boolean): { action: OutboxAction; message: string } {
  return watching
    ? { action: { id, kind: "unwatch", listingId: listing.id }, message: OFFLINE_MESSAGES.unwatchQueued(listing.title) }
    : { action: { id, kind: "watch", listingId: listing.id }, message: OFFLINE_MESSAGES.watchQueued(listing.title) };
}
