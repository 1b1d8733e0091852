// Saved-search alerts (docs/product/alerts.md#saved-searches Saved search): when a listing becomes active, the saved searches with
// alerts on that it matches are found through their match keys (never by running every search), checked exactly
// against the search's own rules, and recorded; the scheduler's flush then tells each owner once per batch window.
//
// Match keys (saved_searches.alert_*), each a condition every match must meet:
// - alert_term: one full-text term every match contains, as the search index stores it (stemmed, folded): the best
//   exact term of the keyword, or the stemmed prefix of its last word (alert_term_prefix = 1); null without keywords,
//   "" for keywords that can match nothing. Terms come from the engine's own tokenizer (db/full-text.ts: SQLite's FTS5
//   tokenizer, PostgreSQL's tradebench_search configuration), never a JS stemmer.
// - alert_category: the category as saved (id or slug), compared with every value that names the listing's category
//   or one of its ancestors, so keys never go stale when the taxonomy is re-synced.
// - alert_min_cents / alert_max_cents: the price bounds, in minor units of the reference currency, compared with the
//   listing's reference amount (the price a buyer pays now, converted: docs/decisions/0062).
// Rows whose alert_key_version is not ALERT_KEY_VERSION (0 after any change of their params) are re-keyed before
// matching and at start, and are treated as unkeyed candidates meanwhile, so a race can never lose a match.
//
// The candidates are then checked against every criterion with the search's own rules (savedSearchListingFilters, as
// Execute and the alert's link run it). The keywords: a query phrase of one term matches exactly when the listing has
// that term (the last one: a term starting with it), which the listing's terms answer; any other phrase (a word the
// tokenizer splits) is asked of the index itself for that one listing. tests/integration/saved-search-alerts.test.ts
// checks the whole against searchListings on random listings and searches.
import { sql, type Kysely } from "kysely";
import { engineOf, inWriteTransaction, toDbTime, valuesOf, withoutIndex } from "#db/dialect.ts";
import { fullTextTokens, listingMatchesExpressions, listingSearchExpression, listingSearchPhrases, phrasesOfExpression } from "#db/full-text.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import {
  brandMatches,
  filterConditions,
  listingsUrl,
  readSavedSearchParams,
  savedSearchFilters,
  savedSearchListingFilters,
  type ListingFilters,
  type SavedSearchParams,
} from "~/lib/listing-filters.ts";
import { toCents } from "~/lib/money.ts";
import { getCategoryIndex, twelveMonthsBefore, type CategoryIndex } from "../listings/index.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { recordFollowedSellerListing } from "./followed-seller-alerts.server.ts";

/** The version of the key rules below; raise it when they change, and every row is re-keyed at the next start. */
export const ALERT_KEY_VERSION = 1;

/** Rows re-keyed per transaction. */
const REKEY_BATCH = 500;

// ── Reading a saved search ──

/** A stored search as the matcher reads it: its filters, and its full-text expression (null without words). */
interface StoredSearch {
  filters: ListingFilters;
  expression: string | null;
}

/** Stored searches by params text, kept for the searches seen most recently: matching reads the same rows again and again. */
const searchesByParams = new Map<string, StoredSearch>();
const SEARCHES_KEPT = 20_000;

function storedSearchOf(json: string): StoredSearch {
  let search = searchesByParams.get(json);
  if (!search) {
    const filters = savedSearchListingFilters(readSavedSearchParams(json));
    search = { filters, expression: filters.search ? listingSearchExpression(filters.search) : null };
    if (searchesByParams.size >= SEARCHES_KEPT) searchesByParams.delete(searchesByParams.keys().next().value as string);
    searchesByParams.set(json, search);
  }
  return search;
}

/**
 * The full-text terms of an expression's phrases (SQLite's tokenizer, as the search query itself tokenizes them),
 * kept per expression. Phrases in order; each phrase's terms in order.
 */
const phraseTermsByExpression = new Map<string, { terms: string[]; prefix: boolean }[]>();

async function phraseTermsOf(db: Kysely<Database>, expressions: readonly string[]): Promise<void> {
  const missing = expressions.filter((expression) => !phraseTermsByExpression.has(expression));
  if (missing.length === 0) return;
  const phrasesOf = missing.map(phrasesOfExpression);
  const words = phrasesOf.flatMap((phrases) => phrases.map((phrase) => phrase.word));
  const termsOfWord: string[][] = words.map(() => []);
  for (const token of await fullTextTokens(db, words)) termsOfWord[token.text]!.push(token.term);
  let next = 0;
  for (const [index, expression] of missing.entries()) {
    if (phraseTermsByExpression.size >= SEARCHES_KEPT) phraseTermsByExpression.delete(phraseTermsByExpression.keys().next().value as string);
    phraseTermsByExpression.set(
      expression,
      phrasesOf[index]!.map((phrase) => ({ terms: termsOfWord[next++]!, prefix: phrase.prefix })),
    );
  }
}

/**
 * Whether an expression matches a document with these terms, when every phrase is a single term: FTS5 then matches
 * exactly when each term is among the document's terms and a prefix term starts one of them. Undefined for
 * phrases of several terms (or none), which only the index itself answers.
 */
function matchesTerms(expression: string, terms: ReadonlySet<string>, sortedTerms: readonly string[]): boolean | undefined {
  const phrases = phraseTermsByExpression.get(expression);
  if (!phrases || phrases.some((phrase) => phrase.terms.length !== 1)) return undefined;
  return phrases.every(({ terms: [term], prefix }) => (prefix ? hasTermStartingWith(sortedTerms, term!) : terms.has(term!)));
}

/** Binary search in code-unit order: the first term not below `prefix` is the one that may start with it. */
function hasTermStartingWith(sortedTerms: readonly string[], prefix: string): boolean {
  let low = 0;
  let high = sortedTerms.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sortedTerms[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low < sortedTerms.length && sortedTerms[low]!.startsWith(prefix);
}

// ── Keys ──

export interface AlertKeys {
  alert_term: string | null;
  alert_term_prefix: 0 | 1;
  alert_category: string | null;
  alert_min_cents: number | null;
  alert_max_cents: number | null;
}

/** A term that no listing has: the key of keywords that can match nothing. */
const NEVER_TERM = "";

/**
 * The one term to look a search up by, from the tokens of its phrases: an exact term where there is one (longer terms
 * are rarer), unless the last word's prefix is clearly longer (a prefix matches more terms than itself, so it counts
 * two characters shorter).
 */
function chooseTerm(phraseTokens: string[][], lastIsPrefix: boolean): { term: string; prefix: boolean } | null {
  let best: { term: string; prefix: boolean; score: number } | null = null;
  for (const [phraseIndex, tokens] of phraseTokens.entries()) {
    for (const [tokenIndex, term] of tokens.entries()) {
      const prefix = lastIsPrefix && phraseIndex === phraseTokens.length - 1 && tokenIndex === tokens.length - 1;
      const score = [...term].length - (prefix ? 2 : 0);
      if (!best || score > best.score || (score === best.score && !prefix && best.prefix)) best = { term, prefix, score };
    }
  }
  return best && { term: best.term, prefix: best.prefix };
}

/** The match keys of many searches at once (one pass of the tokenizer for all their words). */
export async function alertKeysOf(db: Kysely<Database>, paramsList: readonly SavedSearchParams[]): Promise<AlertKeys[]> {
  const filtersList = paramsList.map(savedSearchListingFilters);
  const phrasesList = filtersList.map((filters) => (filters.search ? listingSearchPhrases(filters.search) : []));
  const words: string[] = [];
  const firstWord: number[] = [];
  for (const phrases of phrasesList) {
    firstWord.push(words.length);
    words.push(...phrases.map((phrase) => phrase.word));
  }
  const tokensOfWord: string[][] = words.map(() => []);
  for (const token of await fullTextTokens(db, words)) tokensOfWord[token.text]!.push(token.term);

  return filtersList.map((filters, index) => {
    const phrases = phrasesList[index]!;
    let term: { term: string; prefix: boolean } | null = null;
    if (filters.search) {
      const start = firstWord[index]!;
      // No searchable word: the search finds nothing. Words without tokens constrain nothing the key could use.
      term =
        phrases.length === 0
          ? { term: NEVER_TERM, prefix: false }
          : chooseTerm(tokensOfWord.slice(start, start + phrases.length), phrases[phrases.length - 1]!.prefix);
    }
    return {
      alert_term: term?.term ?? null,
      alert_term_prefix: term?.prefix ? 1 : 0,
      alert_category: filters.category ?? null,
      alert_min_cents: filters.minPrice !== undefined ? toCents(filters.minPrice, getEnv().REFERENCE_CURRENCY) : null,
      alert_max_cents: filters.maxPrice !== undefined ? toCents(filters.maxPrice, getEnv().REFERENCE_CURRENCY) : null,
    };
  });
}

/**
 * Computes the keys of rows keyed under other rules (alert_key_version 0 after a change, or an older version);
 * `all` also re-keys rows of a newer version (at start, after a rollback). Each update is conditional on the row
 * being unchanged since it was read. Returns how many rows were re-keyed.
 */
export async function rekeySavedSearches(db: Kysely<Database>, { all = false }: { all?: boolean } = {}): Promise<number> {
  let rekeyed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom("saved_searches")
      .select(["id", "search_params", "alert_key_version"])
      .where((eb) =>
        all
          ? eb.or([eb("alert_key_version", "<", ALERT_KEY_VERSION), eb("alert_key_version", ">", ALERT_KEY_VERSION)])
          : eb("alert_key_version", "<", ALERT_KEY_VERSION),
      )
      // Kept off the primary key, so SQLite reads the (usually empty) range of the version index instead of every row.
      .where(withoutIndex(db, "id"), ">", afterId)
      .orderBy(withoutIndex(db, "id"))
      .limit(REKEY_BATCH)
      .execute();
    if (rows.length === 0) return rekeyed;
    afterId = rows[rows.length - 1]!.id;
    const keys = await alertKeysOf(
      db,
      rows.map((row) => readSavedSearchParams(row.search_params)),
    );
    rekeyed += await inWriteTransaction(db, async (trx) => {
      let changed = 0;
      for (const [index, row] of rows.entries()) {
        const result = await trx
          .updateTable("saved_searches")
          .set({ ...keys[index]!, alert_key_version: ALERT_KEY_VERSION })
          .where("id", "=", row.id)
          .where("alert_key_version", "=", row.alert_key_version)
          .where("search_params", "=", row.search_params)
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
      return changed;
    });
    if (rows.length < REKEY_BATCH) return rekeyed;
  }
}

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

interface ListingForMatching {
  status: string;
  category_id: string;
  condition: string;
  reference_amount: number | string | null;
  test_level: string | null;
  calibration_date: string | null;
  brand: string;
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

/**
 * Whether the listing meets every criterion of the filters except the keywords (checked by the index afterwards):
 * the same rules, in the same terms, as searchListings' SQL.
 */
function meetsFilters(listing: ListingForMatching, search: StoredSearch, covering: ReadonlySet<string>, calibratedSince: string): boolean {
  const { filters } = search;
  if (listing.status !== "active") return false;
  if (filters.category && !covering.has(filters.category)) return false;
  const conditions = filterConditions(filters);
  if (conditions && !conditions.includes(listing.condition as (typeof conditions)[number])) return false;
  const reference = listing.reference_amount === null ? null : Number(listing.reference_amount);
  if (filters.minPrice !== undefined && !(reference !== null && reference >= toCents(filters.minPrice, getEnv().REFERENCE_CURRENCY))) return false;
  if (filters.maxPrice !== undefined && !(reference !== null && reference <= toCents(filters.maxPrice, getEnv().REFERENCE_CURRENCY))) return false;
  if (filters.testLevel && listing.test_level !== filters.testLevel) return false;
  if (filters.calibrated && !(listing.calibration_date !== null && listing.calibration_date >= calibratedSince)) return false;
  if (filters.brand && !brandMatches(listing.brand, filters.brand)) return false;
  if (filters.search && !search.expression) return false;
  return true;
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

// ── Telling the owners, one notification per search per batch window ──

export const SAVED_SEARCH_ALERT_TITLE = "New listings for your saved search";

/** "3 new listings match 'Keysight scopes'" (spec contract between helpers, BRIEF). */
function savedSearchAlertMessage(count: number, name: string): string {
  return count === 1 ? `1 new listing matches '${name}'` : `${count} new listings match '${name}'`;
}

/**
 * Notifies the owner of every search whose oldest untold match is at least `windowMs` old: one notification per
 * search for all its untold matches of listings still active (plus the e-mail copy its owner chose). Matches of
 * listings no longer active, and of searches whose alerts were turned off, are dropped untold. Each batch is claimed
 * in a write transaction, so concurrent flushes (other passes, other processes) tell each match once.
 * Returns how many notifications were written.
 */
export async function flushSavedSearchAlerts(
  db: Kysely<Database>,
  now: Date = new Date(),
  windowMs: number = getEnv().SAVED_SEARCH_ALERT_WINDOW_MS,
): Promise<number> {
  const cutoff = toDbTime(new Date(now.getTime() - windowMs));
  const due = (
    await db
      .selectFrom("saved_search_matches")
      .select("saved_search_id")
      .distinct()
      .where("notified_at", "is", null)
      .where("matched_at", "<=", cutoff)
      .execute()
  ).map((row) => row.saved_search_id);
  let written = 0;
  for (let start = 0; start < due.length; start += 200) {
    const searchIds = due.slice(start, start + 200);
    const drafts = await inWriteTransaction(db, async (trx) => {
      const stamp = toDbTime(now);
      await trx
        .deleteFrom("saved_search_matches")
        .where("notified_at", "is", null)
        .where("saved_search_id", "in", searchIds)
        .where((eb) =>
          eb.or([
            eb("listing_id", "not in", eb.selectFrom("equipment_listings").select("id").where("status", "=", "active").where("id", "=", eb.ref("listing_id"))),
            eb("saved_search_id", "in", eb.selectFrom("saved_searches").select("id").where("id", "in", searchIds).where("notify_on_new", "!=", 1)),
          ]),
        )
        .execute();
      const claimed = await trx
        .updateTable("saved_search_matches")
        .set({ notified_at: stamp })
        .where("notified_at", "is", null)
        .where("saved_search_id", "in", searchIds)
        .returning("saved_search_id")
        .execute();
      if (claimed.length === 0) return [];
      const counts = new Map<number, number>();
      for (const row of claimed) counts.set(row.saved_search_id, (counts.get(row.saved_search_id) ?? 0) + 1);
      const searches = await trx
        .selectFrom("saved_searches")
        .select(["id", "user_id", "name", "search_params"])
        .where("id", "in", [...counts.keys()])
        .orderBy("id")
        .execute();
      const batch: NotificationDraft[] = searches.map((search) => ({
        userId: search.user_id,
        type: "saved_search",
        title: SAVED_SEARCH_ALERT_TITLE,
        message: savedSearchAlertMessage(counts.get(search.id) ?? 0, search.name),
        actionUrl: listingsUrl(savedSearchFilters(readSavedSearchParams(search.search_params))),
      }));
      await insertNotifications(trx, batch, now);
      return batch;
    });
    announceNotifications(drafts);
    written += drafts.length;
  }
  return written;
}
