// Saved-search alerts (docs/product/alerts.md#saved-searches Saved search): when a listing becomes active, the saved searches with
// alerts on that it matches are found through their match keys (never by running every search), checked exactly
// against the search's own rules, and recorded; the scheduler's flush then tells each owner once per batch window.
//
// The candidates are then checked against every criterion with the search's own rules (savedSearchListingFilters, as
// Execute and the alert's link run it). The keywords: a query phrase of one term matches exactly when the listing has
// that term (the last one: a term starting with it), which the listing's terms answer; any other phrase (a word the
// tokenizer splits) is asked of the index itself for that one listing. tests/integration/saved-search-alerts.test.ts
// checks the whole against searchListings on random listings and searches.
//
// The parts live beside this file: the match keys (alert-keys), the exact checks (alert-checks) and the notices
// (saved-search-alert-notices). This file finds one listing's candidates, checks them and records the matches.
import { sql, type Kysely } from "kysely";
import { engineOf, toDbTime, valuesOf, withoutIndex } from "#db/dialect.ts";
import { fullTextTokens, listingMatchesExpressions } from "#db/full-text.ts";
import type { Database } from "#db/schema.ts";
import { getCategoryIndex, twelveMonthsBefore, type CategoryIndex } from "../listings/index.server.ts";
import { recordFollowedSellerListing } from "./followed-seller-alerts.server.ts";
import { matchesTerms, meetsFilters, phraseTermsOf, storedSearchOf } from "./alert-checks.server.ts";
import { ALERT_KEY_VERSION, rekeySavedSearches } from "./alert-keys.server.ts";

// Named here too for the tests and the benchmark, which drive the matcher from this file.
export { ALERT_KEY_VERSION, alertKeysOf, rekeySavedSearches } from "./alert-keys.server.ts";
export { flushSavedSearchAlerts, SAVED_SEARCH_ALERT_TITLE } from "./saved-search-alert-notices.server.ts";

// ── Matching one listing ──

interface AlertCandidateQuery {
  keyVersion: number;
  sellerId: string;
  /** The listing's reference amount; null (a currency without a rate) meets no price bound. */
  referenceAmount: number | null;
  /** Every value a search's category may hold that covers the listing's category. */
  categories: readonly string[];
  /** The listing's full-text terms, and every prefix of them. */
  terms: readonly string[];
  prefixes: readonly string[];
}

/**
 * Saved searches with alerts on (not the seller's) whose keys admit the listing: keyed by one of its terms (exact) or
 * by a prefix of one, or without words (looked up by category), plus rows whose keys are stale (any key version but
 * the current one), all within the category and price keys. SQLite details: the literal `notify_on_new = 1` and
 * `alert_term is null` let the planner use the partial indexes of the buyers' loop migration; the key version is kept
 * out of the plan where every row shares it; INDEXED BY names the index where SQLite, without statistics, would
 * walk every search without words (or every search) instead. PostgreSQL keeps statistics and needs no such hint.
 */
async function savedSearchAlertCandidates(db: Kysely<Database>, query: AlertCandidateQuery): Promise<{ id: number; search_params: string }[]> {
  const sqlite = engineOf(db) === "sqlite";
  const indexedBy = (index: string) => (sqlite ? sql.raw(` indexed by ${index}`) : sql``);
  const keys = sql`user_id != ${query.sellerId}
    and (alert_min_cents is null or alert_min_cents <= ${query.referenceAmount})
    and (alert_max_cents is null or alert_max_cents >= ${query.referenceAmount})`;
  const inCategory = sql`(alert_category is null or alert_category in ${valuesOf(db, query.categories)})`;
  const current = sql`${withoutIndex(db, "alert_key_version")} = ${query.keyVersion}`;
  const { rows } = await sql<{ id: number; search_params: string }>`
    select id, search_params from saved_searches
      where notify_on_new = 1 and alert_term in ${valuesOf(db, query.terms)} and alert_term_prefix = 0
        and ${current} and ${keys} and ${inCategory}
    union all
    select id, search_params from saved_searches
      where notify_on_new = 1 and alert_term in ${valuesOf(db, query.prefixes)} and alert_term_prefix = 1
        and ${current} and ${keys} and ${inCategory}
    union all
    select id, search_params from saved_searches${indexedBy("saved_searches_alert_unkeyed")}
      where notify_on_new = 1 and alert_term is null and alert_category in ${valuesOf(db, query.categories)}
        and ${current} and ${keys}
    union all
    select id, search_params from saved_searches${indexedBy("saved_searches_alert_unkeyed")}
      where notify_on_new = 1 and alert_term is null and alert_category is null and ${current} and ${keys}
    union all
    select id, search_params from saved_searches${indexedBy("saved_searches_alert_key_version")}
      where notify_on_new = 1 and (alert_key_version < ${query.keyVersion} or alert_key_version > ${query.keyVersion}) and ${keys} and ${inCategory}`.execute(
    db,
  );
  return rows;
}

/** Records that a listing matched these saved searches (a pair already recorded stays as it was); returns how many are new. */
async function recordSavedSearchMatches(db: Kysely<Database>, listingId: number, savedSearchIds: readonly number[], matchedAt: string): Promise<number> {
  if (savedSearchIds.length === 0) return 0;
  // `where true`: SQLite would otherwise read the ON of ON CONFLICT as a join's.
  const result = await sql`insert into saved_search_matches (saved_search_id, listing_id, matched_at)
    select m.value, cast(${listingId} as bigint), cast(${matchedAt} as text) from ${valuesOf(db, savedSearchIds)} as m where true
    on conflict (saved_search_id, listing_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Every saved value that a category filter may hold and that covers `categoryId` (the category or an ancestor). */
function categoryValuesCovering(index: CategoryIndex, categoryId: string): string[] {
  const entry = index.find(categoryId);
  if (!entry || entry.node.id !== categoryId) return [];
  const values: string[] = [];
  for (const node of [...entry.ancestors, entry.node]) {
    values.push(node.id);
    // A slug names its node only if no id or earlier slug took that name.
    if (index.find(node.slug)?.node === node) values.push(node.slug);
  }
  return values;
}

/** Every prefix (by character) of every term: what a prefix key must be among. */
function prefixesOf(terms: Iterable<string>): string[] {
  const prefixes = new Set<string>();
  for (const term of terms) {
    let prefix = "";
    for (const character of term) {
      prefix += character;
      prefixes.add(prefix);
    }
  }
  return [...prefixes];
}

export interface ListingAlertResult {
  /** Saved searches (of other users, alerts on) that the listing matches. */
  matched: number[];
  /** How many of them were recorded now (the others had matched this listing before). */
  recorded: number;
  /** Searches the keys let through for checking. */
  candidates: number;
}

/**
 * Finds the saved searches with alerts on (other than the seller's own) that an active listing matches, and records
 * each match once (a listing alerts a search at most once). Exact: the same answer as running each search.
 */
export async function matchListingToSavedSearches(db: Kysely<Database>, listingId: number, now: Date = new Date()): Promise<ListingAlertResult> {
  const none: ListingAlertResult = { matched: [], recorded: 0, candidates: 0 };
  await rekeySavedSearches(db);
  const listing = await db
    .selectFrom("equipment_listings")
    .select([
      "id",
      "user_id",
      "status",
      "title",
      "description",
      "brand",
      "model",
      "category_id",
      "condition",
      "reference_amount",
      "test_level",
      "calibration_date",
    ])
    .where("id", "=", listingId)
    .executeTakeFirst();
  if (!listing || listing.status !== "active") return none;

  const index = await getCategoryIndex(db);
  const tokens = await fullTextTokens(db, [listing.title, listing.description, listing.brand, listing.model]);
  const terms = [...new Set(tokens.map((token) => token.term))];
  const categories = categoryValuesCovering(index, listing.category_id);

  // Candidates: searches keyed by one of the listing's terms (or a prefix of one), searches without words, and rows
  // whose keys are being recomputed; all within the category and price keys, never the seller's own.
  const rows = await savedSearchAlertCandidates(db, {
    keyVersion: ALERT_KEY_VERSION,
    sellerId: listing.user_id,
    referenceAmount: listing.reference_amount === null ? null : Number(listing.reference_amount),
    categories,
    terms,
    prefixes: prefixesOf(terms),
  });
  const calibratedSince = twelveMonthsBefore(now);
  const covering = new Set(categories);
  const passing: { id: number; expression: string | null }[] = [];
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const search = storedSearchOf(row.search_params);
    if (meetsFilters(listing, search, covering, calibratedSince)) passing.push({ id: row.id, expression: search.expression });
  }

  // The keywords. A phrase of one term matches when the listing has that term (or, last, a term starting with it):
  // decided from the listing's terms. Anything else is asked of the index itself, for this listing only.
  const expressions = [...new Set(passing.flatMap((search) => (search.expression ? [search.expression] : [])))];
  await phraseTermsOf(db, expressions);
  const termSet = new Set(terms);
  const sortedTerms = [...terms].sort();
  const answered = new Map<string, boolean>();
  const unanswered: string[] = [];
  for (const expression of expressions) {
    const answer = matchesTerms(expression, termSet, sortedTerms);
    if (answer === undefined) unanswered.push(expression);
    else answered.set(expression, answer);
  }
  (await listingMatchesExpressions(db, listing.id, unanswered)).forEach((answer, i) => answered.set(unanswered[i]!, answer));
  const matched = passing.filter((search) => search.expression === null || answered.get(search.expression)).map((search) => search.id);

  const recorded = await recordSavedSearchMatches(db, listing.id, matched, toDbTime(now));
  return { matched, recorded, candidates: seen.size };
}

/**
 * For the code paths that make a listing active (after their transaction committed): matching must never fail the
 * seller's action, so errors are logged. Running it again for the same listing records nothing new.
 */
export async function alertSavedSearchesOfListing(db: Kysely<Database>, listingId: number, now: Date = new Date()): Promise<void> {
  try {
    await matchListingToSavedSearches(db, listingId, now);
  } catch (error) {
    console.error(`Saved-search alerts for listing ${listingId} failed:`, error);
  }
  // The same moment tells the seller's followers, batched by their own flush.
  try {
    await recordFollowedSellerListing(db, listingId, now);
  } catch (error) {
    console.error(`Follower alerts for listing ${listingId} failed:`, error);
  }
}
