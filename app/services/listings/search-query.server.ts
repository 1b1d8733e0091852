// What buyers search for, for the popular-search chips on /listings: one row per normalised query, counted once per
// visitor (a keyed hash with a daily salt: no raw address is stored). A query becomes a chip only when several
// distinct visitors searched for it, its text is plain words, and every word finds an active listing.
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import { listingSearchMatches, listingSearchTable } from "#db/full-text.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { listingsVersion } from "./remembered-searches.server.ts";

export const POPULAR_SEARCHES_LIMIT = 10;
const MAX_QUERY_LENGTH = 200;
/** Distinct visitors (per day) a query needs before anyone is shown it. */
export const POPULAR_SEARCH_MIN_VISITORS = 3;
/** The most words a chip may have (a search reads no more than 12). */
const MAX_QUERY_WORDS = 12;
/** Words joined by single spaces or - . / + &: what a chip may read. Quotes, =, ; and the like never show. */
const SHOWABLE_QUERY = /^[\p{L}\p{N}]+(?:[ \-./+&][\p{L}\p{N}]+)*$/u;

export interface PopularSearch {
  query: string;
  count: number;
}

/** Trimmed, lower-case, single spaces: "  Tektronix   MSO " and "tektronix mso" are one query. */
export function normaliseSearchQuery(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase().slice(0, MAX_QUERY_LENGTH).trim();
}

const rowsWritten = new WeakMap<Kysely<Database>, number>();

/** Rows this process wrote to search_queries and search_query_visitors: writes that change no listing, so listing caches may ignore them. */
function searchQueryRowsWritten(db: Kysely<Database>): number {
  return rowsWritten.get(db) ?? 0;
}

/** Who searched: the signed-in member, else the visitor's address and browser. */
export interface SearchVisitor {
  userId: string | null;
  ip: string;
  userAgent: string | null;
}

let cachedKey: { secret: string; key: Buffer } | undefined;

/** The hashing key, derived from the session secret so it is secret too but never the same bytes. */
function visitorKey(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: crypto.createHmac("sha256", secret).update("tradebench:search-visitors:v1").digest() };
  return cachedKey.key;
}

/** The visitor's keyed hash with the day's salt: the same visitor is one hash all day, and unlinkable across days. */
export function searchVisitorHash(visitor: SearchVisitor, day: string): string {
  const salt = crypto.createHmac("sha256", visitorKey()).update(`day:${day}`).digest();
  const who = visitor.userId !== null ? `user:${visitor.userId}` : `ip:${visitor.ip}\nua:${visitor.userAgent ?? ""}`;
  return crypto.createHmac("sha256", salt).update(who).digest("base64url");
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts one search by one visitor: the first time today that this visitor searches for this query it adds one to
 * its count (and records the latest result count); repeats the same day change nothing. Blank text is not recorded.
 */
export async function recordSearch(db: Kysely<Database>, text: string, resultCount: number, visitor: SearchVisitor, now = new Date()): Promise<void> {
  const query = normaliseSearchQuery(text);
  if (!query) return;
  const day = utcDay(now);
  const at = now.toISOString();
  const written = await db.transaction().execute(async (trx) => {
    const seen = await trx
      .insertInto("search_query_visitors")
      .values({ query, visitor_hash: searchVisitorHash(visitor, day), day, created_at: at })
      .onConflict((oc) => oc.columns(["query", "visitor_hash"]).doNothing())
      .executeTakeFirst();
    const inserted = Number(seen.numInsertedOrUpdatedRows ?? 0);
    if (inserted === 0) return 0;
    const counted = await trx
      .insertInto("search_queries")
      .values({ query, result_count: resultCount, count: 1, user_id: visitor.userId, created_at: at, updated_at: at })
      .onConflict((oc) =>
        oc.column("query").doUpdateSet({
          count: sql<number>`search_queries.count + 1`,
          result_count: resultCount,
          // The latest signed-in searcher; an anonymous search keeps the previous one.
          user_id: sql<string | null>`coalesce(excluded.user_id, search_queries.user_id)`,
          updated_at: at,
        }),
      )
      .executeTakeFirst();
    return inserted + Number(counted.numInsertedOrUpdatedRows ?? 0);
  });
  rowsWritten.set(db, searchQueryRowsWritten(db) + written);
}

/** Forgets which visitors searched what before yesterday (their hashes' salts are gone anyway); returns how many. */
export async function prunePastSearchVisitors(db: Kysely<Database>, now = new Date()): Promise<number> {
  const yesterday = utcDay(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  const result = await db.deleteFrom("search_query_visitors").where("day", "<", yesterday).executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  rowsWritten.set(db, searchQueryRowsWritten(db) + deleted);
  return deleted;
}

/**
 * Whether a word finds an active listing, remembered per state of the listings (listingsVersion changes with every
 * write that can change what a search finds, in any process), so it is never stale. Without it, every /listings page
 * ran one full-text lookup per word of every popular-search candidate: ~40 statements, ~4 ms of CPU per page.
 */
const knownWords = new WeakMap<Kysely<Database>, { version: string; words: Map<string, boolean> }>();
const KNOWN_WORDS_PER_VERSION = 2_000;

/** Which of `words` (as a buyer would type them) find at least one active listing, searched alone as whole words. */
async function wordsOfActiveListings(db: Kysely<Database>, words: readonly string[]): Promise<Set<string>> {
  const version = await listingsVersion(db);
  let remembered = knownWords.get(db);
  if (!remembered || remembered.version !== version) {
    remembered = { version, words: new Map() };
    knownWords.set(db, remembered);
  }
  const found = new Set<string>();
  const checked = new Map<string, boolean>();
  for (const word of new Set(words)) {
    const known = remembered.words.get(word);
    if (known !== undefined) {
      if (known) found.add(word);
      continue;
    }
    const hit = await db
      .selectFrom(listingSearchTable(db))
      .innerJoin("equipment_listings as l", "l.id", "fts.rowid")
      .select("l.id")
      .where(listingSearchMatches(db, `"${word}"`))
      .where("l.status", "=", "active")
      .limit(1)
      .executeTakeFirst();
    if (hit) found.add(word);
    checked.set(word, Boolean(hit));
  }
  // Kept only if no listing changed meanwhile (as the search caches do).
  if (checked.size > 0 && remembered.words.size + checked.size <= KNOWN_WORDS_PER_VERSION && (await listingsVersion(db)) === version) {
    for (const [word, hit] of checked) remembered.words.set(word, hit);
  }
  return found;
}

/**
 * The most searched queries, by most distinct visitors first (ties: most recently counted first). Only queries that
 * at least POPULAR_SEARCH_MIN_VISITORS visitors searched, whose latest run found something, whose text is plain words,
 * and every word of which finds an active listing: a chip should lead somewhere and show nothing a visitor planted.
 */
export async function popularSearches(db: Kysely<Database>, limit = POPULAR_SEARCHES_LIMIT): Promise<PopularSearch[]> {
  const candidates = await db
    .selectFrom("search_queries")
    .select(["query", "count"])
    // Lets SQLite walk the count index from the top instead of sorting every query.
    .where("count", ">=", POPULAR_SEARCH_MIN_VISITORS)
    .where("result_count", ">", 0)
    .orderBy("count", "desc")
    .orderBy("updated_at", "desc")
    .orderBy("query")
    .limit(limit * 3)
    .execute();
  const plain = candidates
    .filter((candidate) => SHOWABLE_QUERY.test(candidate.query))
    // Plain text: its words are exactly the parts between the joiners, as the search's tokenizer splits them.
    .map((candidate) => ({ ...candidate, words: candidate.query.split(/[ \-./+&]/) }))
    .filter((candidate) => candidate.words.length <= MAX_QUERY_WORDS);
  const known = await wordsOfActiveListings(
    db,
    plain.flatMap((candidate) => candidate.words),
  );
  return plain
    .filter((candidate) => candidate.words.every((word) => known.has(word)))
    .slice(0, limit)
    .map(({ query, count }) => ({ query, count }));
}
