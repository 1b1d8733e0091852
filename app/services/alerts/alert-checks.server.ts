// The exact check of a saved search that the keys let through: the listing against every criterion with the search's
// own rules (savedSearchListingFilters, as Execute and the alert's link run it), and the keywords from the listing's
// terms where a phrase is one term (the last one: a term starting with it); any other phrase is left to the index.
import type { Kysely } from "kysely";
import { fullTextTokens, listingSearchExpression, phrasesOfExpression } from "#db/full-text.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { brandMatches, filterConditions, readSavedSearchParams, savedSearchListingFilters, type ListingFilters } from "~/lib/listing-filters.ts";
import { toCents } from "~/lib/money.ts";

/** A stored search as the matcher reads it: its filters, and its full-text expression (null without words). */
interface StoredSearch {
  filters: ListingFilters;
  expression: string | null;
}

/** Stored searches by params text, kept for the searches seen most recently: matching reads the same rows again and again. */
const searchesByParams = new Map<string, StoredSearch>();
const SEARCHES_KEPT = 20_000;

export function storedSearchOf(json: string): StoredSearch {
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

export async function phraseTermsOf(db: Kysely<Database>, expressions: readonly string[]): Promise<void> {
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
export function matchesTerms(expression: string, terms: ReadonlySet<string>, sortedTerms: readonly string[]): boolean | undefined {
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

interface ListingForMatching {
  status: string;
  category_id: string;
  condition: string;
  reference_amount: number | string | null;
  test_level: string | null;
  calibration_date: string | null;
  brand: string;
}

/**
 * Whether the listing meets every criterion of the filters except the keywords (checked by the index afterwards):
 * the same rules, in the same terms, as searchListings' SQL.
 */
export function meetsFilters(listing: ListingForMatching, search: StoredSearch, covering: ReadonlySet<string>, calibratedSince: string): boolean {
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
