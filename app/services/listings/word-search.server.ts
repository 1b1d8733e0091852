// Searching by words: the newest full-text matches that pass the filters, read once (docs/decisions/0057), give the
// total, a page in any sort and Best match's candidates; a very common word searches only its newest MATCHES_SEARCHED
// matches.
import type { ExpressionBuilder, Kysely } from "kysely";
import {
  listingMatchRows,
  listingSearchMatches,
  listingSearchRank,
  listingsWithTitleMatching,
  matchesMoreThan,
  newestListingMatchesPassing,
  phrasesOfExpression,
  type NewestMatchesPassing,
  type SearchPhrase,
  type WindowFilters,
  type WindowSortKey,
} from "#db/full-text.ts";
import type { Database } from "#db/schema.ts";
import { LISTINGS_COUNT_CAP, LISTINGS_MAX_PAGE, LISTINGS_PAGE_SIZE, type ListingFilters } from "~/lib/listing-filters.ts";
import { untilListingsChange } from "./remembered-searches.server.ts";
import { sortOf, type FilterName, type FiltersOnly, type ListingsTable } from "./search-filters.server.ts";

/**
 * Up to this many full-text matches, a search starts from the matches and looks each listing up by id, ranking
 * every match for Best match; beyond it, see MATCHES_SEARCHED.
 */
const FEW_MATCHES = 2_000;

/**
 * When the words match more listings than this, only the newest this many matches are searched: the filters, the sort
 * and Best match apply among them (read from the full-text index newest first, each looked up by id), so a word found
 * in every listing costs what a rarer one does. The page says so.
 */
const MATCHES_SEARCHED = 12_000;

/** Best match among many matches orders the newest this many that pass the filters: every page that can be shown. */
const RANKED_CANDIDATES = LISTINGS_MAX_PAGE * LISTINGS_PAGE_SIZE;

/** What a search found, before its cards are read: the ids of the page, in order, and the total. */
export interface FoundIds {
  ids: number[];
  total: number;
  totalIsExact: boolean;
  searchedNewest: number | null;
}

export const NOTHING: FoundIds = { ids: [], total: 0, totalIsExact: true, searchedNewest: null };

/** How a page of a word search is read: where the page starts, whether it is wanted at all, the limits (benchmarks). */
export interface WordSearchReading {
  calibratedSince: string | undefined;
  offset: number;
  pageSize: number;
  /** False deeper than the deepest page served: only the total is needed. */
  pageWanted: boolean;
  /** Whether the window of matches is remembered until the listings change. */
  remember: boolean;
  fewMatches?: number;
  matchesSearched?: number;
}

/** The page and the total of a search by words (`expression`, as listingSearchExpression makes it) among `filtersOnly`. */
export async function findByWords(
  db: Kysely<Database>,
  expression: string,
  filters: ListingFilters,
  filtersOnly: FiltersOnly,
  options: WordSearchReading,
): Promise<FoundIds> {
  const { calibratedSince, offset, pageSize, pageWanted, remember } = options;
  // Starting from the full-text matches: each is looked up by id, so no listing index may lead the plan.
  const byIdOnly = { indexed: (name: FilterName, single: boolean) => name !== "status" && single };

  // The newest matches of the words (up to one more than are searched), and those of them that pass the filters:
  // one read of the full-text index gives the total, any sort's page and Best match's candidates (decision 0057).
  const fewLimit = options.fewMatches ?? FEW_MATCHES;
  const searched = Math.max(options.matchesSearched ?? MATCHES_SEARCHED, fewLimit);
  const passingFilters: WindowFilters = (eb) => filtersOnly(eb, byIdOnly);
  // Best match reads no sort key, the other sorts read theirs. Paging through a search, or turning its order round,
  // reuses the window, remembered while the listings are unchanged.
  const sortKey: WindowSortKey | null =
    filters.sort === "relevance" ? null : sortOf(filters).column === "l.reference_amount" ? "reference_amount" : "created_at";
  const windowKey = (text: string) => JSON.stringify(["window", text, searched, sortKey, { ...filters, search: "", sort: "", page: 0 }, calibratedSince]);
  const newestMatches = (text: string) => {
    const read = () => newestListingMatchesPassing(db, text, searched + 1, passingFilters, sortKey);
    return remember ? untilListingsChange(db, windowKey(text), read, "windows") : read();
  };
  // A last word is also the start of longer ones ("osc" finds oscilloscopes), which makes the full-text index merge
  // the lists of every such word in full. When the words as they are (stemmed: "analyzers" is "analyzer") already
  // match many listings, or the last word alone does ("capacitance highlights": "highlight" is in half the listings,
  // and merging every word starting with it cost 0.5 s at a million), it is searched as that word only: as cheap as
  // any other word, and what the buyer typed.
  let words = expression;
  let found: NewestMatchesPassing | undefined;
  if (expression.endsWith("*")) {
    const exact = expression.slice(0, -1);
    found = await newestMatches(exact);
    const typed = phrasesOfExpression(exact);
    if (found.matches > fewLimit || (typed.length > 1 && (await wordIsCommon(db, typed.slice(-1), fewLimit)))) words = exact;
    else found = undefined;
  }
  found ??= await newestMatches(words);
  if (found.matches === 0) return NOTHING;

  // Past the newest `searched` matches nothing is searched: the filters, the sort and Best match apply among them.
  const capped = found.matches > searched;
  const passing = capped ? found.passing.filter((listing) => listing.id > found.oldest) : found.passing;
  const total = { total: Math.min(passing.length, LISTINGS_COUNT_CAP), totalIsExact: passing.length <= LISTINGS_COUNT_CAP && !capped };
  const result = (ids: number[]): FoundIds => ({ ids, ...total, searchedNewest: capped ? searched : null });
  if (!pageWanted || passing.length === 0) return result([]);

  if (filters.sort !== "relevance") {
    const sign = sortOf(filters).direction === "asc" ? 1 : -1;
    const ordered = [...passing].sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
    return result(ordered.slice(offset, offset + pageSize).map((listing) => listing.id));
  }

  const phrases = phrasesOfExpression(words);
  if (found.matches <= fewLimit && (phrases.length === 1 || !(await wordIsCommon(db, phrases, fewLimit)))) {
    // Few matches, none of the words common: Best match scores them all (the score counts the listings holding each
    // word, which is cheap only when none is in many).
    const rows = await listingMatchRows(db)
      .where(listingSearchMatches(db, words))
      .where((eb) => filtersOnly(eb as unknown as ExpressionBuilder<ListingsTable, "l">, byIdOnly))
      .select("l.id")
      .orderBy(listingSearchRank(db, words))
      .orderBy("l.id", "desc")
      .limit(pageSize)
      .offset(offset)
      .execute();
    return result(rows.map((row) => row.id));
  }

  // Best match otherwise: the newest candidates that pass the filters (every page that can be shown), those with every
  // word in the title first, then the others, newest first in each.
  const wanted = Math.max(RANKED_CANDIDATES, LISTINGS_MAX_PAGE * pageSize);
  const candidates = passing.slice(0, wanted).map((listing) => listing.id);
  const inTitle = await listingsWithTitleMatching(db, words, candidates);
  const ranked = [...candidates.filter((id) => inTitle.has(id)), ...candidates.filter((id) => !inTitle.has(id))];
  return result(ranked.slice(offset, offset + pageSize));
}

/** Whether any of these words of a search, alone, is in more than `fewLimit` listings. */
async function wordIsCommon(db: Kysely<Database>, phrases: readonly SearchPhrase[], fewLimit: number): Promise<boolean> {
  for (const { word, prefix } of phrases) {
    if (await matchesMoreThan(db, `"${word}"${prefix ? "*" : ""}`, fewLimit)) return true;
  }
  return false;
}
