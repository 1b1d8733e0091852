// The match keys of saved searches (saved_searches.alert_*), each a condition every match must meet, so a new listing
// finds the searches it may match through an index and never by running every search:
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
import { type Kysely } from "kysely";
import { inWriteTransaction, withoutIndex } from "#db/dialect.ts";
import { fullTextTokens, listingSearchPhrases } from "#db/full-text.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { readSavedSearchParams, savedSearchListingFilters, type SavedSearchParams } from "~/lib/listing-filters.ts";
import { toCents } from "~/lib/money.ts";

/** The version of the key rules below; raise it when they change, and every row is re-keyed at the next start. */
export const ALERT_KEY_VERSION = 1;

/** Rows re-keyed per transaction. */
const REKEY_BATCH = 500;

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
