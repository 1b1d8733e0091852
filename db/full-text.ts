// Full-text search over listings, both engines (docs/decisions/0030, 0032). What buyers type becomes a search
// expression (`"word" "word"*`, FTS5's syntax, built here from letters and digits only); each engine reads it:
// - SQLite: the FTS5 table listing_search (listings migration), tokenizer `porter unicode61 remove_diacritics 2`, BM25.
// - PostgreSQL: equipment_listings.search_vector with the text search configuration tradebench_search and the SQL
//   function listing_search_query (migration 2026-11-26T0900-postgres-search), ts_rank with the same column weights.
// Only engine primitives live here; the searches themselves are in app/services/listings and app/services/alerts.
import {
  expressionBuilder,
  sql,
  type AliasedRawBuilder,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from "kysely";
import { engineOf } from "./dialect.ts";
import type { Database } from "./schema.ts";

/** The tokenizer of the listing_search table (SQLite); PostgreSQL's tradebench_search configuration mirrors it. */
const LISTING_SEARCH_TOKENIZER = "porter unicode61 remove_diacritics 2";

/** A word of a search; the last one (of 3 or more letters) also matches as the start of a longer word. */
export interface SearchPhrase {
  word: string;
  prefix: boolean;
}

/** The words of a search (at most 12), lower-cased letters and digits only. */
export function listingSearchPhrases(text: string): SearchPhrase[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  return words.map((word, index) => ({ word, prefix: index === words.length - 1 && word.length >= 3 }));
}

/**
 * Turns what a buyer typed into a search expression: every word must match (stemmed), the last word may be the start
 * of a longer one. Operators and punctuation are dropped, so input can never be read as query syntax. Null when
 * nothing searchable is left. The same text on both engines (it is also a cache key and what alerts remember).
 */
export function listingSearchExpression(text: string): string | null {
  const phrases = listingSearchPhrases(text);
  if (phrases.length === 0) return null;
  return phrases.map(({ word, prefix }) => `"${word}"${prefix ? "*" : ""}`).join(" ");
}

/** The phrases of an expression built by listingSearchExpression. */
export function phrasesOfExpression(expression: string): SearchPhrase[] {
  return [...expression.matchAll(/"([^"]*)"(\*?)/g)].map((match) => ({ word: match[1]!, prefix: match[2] === "*" }));
}

/**
 * The search index as a row source aliased `fts`, with `rowid` (the listing's id), for best-match ordering.
 * PostgreSQL: the narrow copy listing_search_rows (migration 2026-11-28T0900, docs/decisions/0037).
 */
export function listingSearchTable(db: Kysely<Database>): AliasedRawBuilder<{ rowid: number }, "fts"> {
  if (engineOf(db) === "sqlite") return sql<{ rowid: number }>`listing_search`.as("fts");
  return sql<{ rowid: number }>`(select id as rowid, search_vector from listing_search_rows)`.as("fts");
}

/**
 * The listings a search with words filters and sorts, aliased `l`: their narrow copy listing_search_rows on both
 * engines (PostgreSQL docs/decisions/0037, SQLite 0053), which holds only id, status, category_id, brand_key,
 * condition, test_level, calibration_date, price_cents, reference_amount and created_at (and on PostgreSQL the vector): only those
 * columns may be read from it.
 */
function listingSearchRows(): AliasedRawBuilder<Database["equipment_listings"], "l"> {
  return sql<Database["equipment_listings"]>`listing_search_rows`.as("l");
}

/** The rows of a search with words: each listing `l` (as `listingSearchRows`) with its index entry `fts`. */
export type ListingMatchRows = SelectQueryBuilder<Database & { l: Database["equipment_listings"]; fts: { rowid: number } }, "l" | "fts", object>;

/**
 * The full-text index joined with the listings it holds, for a search that reads matches newest first (order by
 * `fts.rowid`) and filters them (columns of `l` as in `listingSearchRows`); restrict with `listingSearchMatches`.
 * SQLite: FTS5 first, each match looked up by id in listing_search_rows (CROSS JOIN keeps that order). PostgreSQL: one table,
 * listing_search_rows, whose vector is `fts.search_vector` (a lateral alias the planner flattens: no join at all).
 */
export function listingMatchRows(db: Kysely<Database>): ListingMatchRows {
  if (engineOf(db) === "sqlite") {
    return db.selectFrom(listingSearchTable(db)).crossJoin(listingSearchRows()).whereRef("l.id", "=", "fts.rowid") as unknown as ListingMatchRows;
  }
  return db
    .selectFrom(listingSearchRows())
    .crossJoinLateral(sql<{ rowid: number }>`(select l.id as rowid, l.search_vector)`.as("fts")) as unknown as ListingMatchRows;
}

/** The condition that limits `listingSearchTable(db)` to the rows the expression matches. */
export function listingSearchMatches(db: Kysely<Database>, expression: string): RawBuilder<SqlBool> {
  if (engineOf(db) === "sqlite") return sql<SqlBool>`listing_search match ${expression}`;
  return sql<SqlBool>`fts.search_vector @@ listing_search_query(${expression})`;
}

/**
 * Which of these listings (Best match's candidates, newest first, at most a few hundred) hold every word of the
 * expression in their title. SQLite reads the title matches between the oldest and the newest candidate, in rowid
 * order from the full-text index (0.4–0.7 ms). PostgreSQL looks the candidates up by id and tests their vectors: the
 * same range read through the GIN index fetched every title match in it, and with a filter the candidates can span
 * most of the listings (`search=power&category=mining`: 50–90 ms at a million).
 */
export async function listingsWithTitleMatching(db: Kysely<Database>, expression: string, newestFirst: readonly number[]): Promise<Set<number>> {
  if (newestFirst.length === 0) return new Set();
  if (engineOf(db) === "postgres") {
    // The title's terms (weight A of the vector) only, which the GIN index cannot answer: the planner must look the
    // candidates up by id. With the whole vector's match as well, it read every match of "Rohde & Schwarz" through
    // the index (the two words are always together, and it multiplied their shares): 52–56 ms against 3 ms.
    const { rows } = await sql<{ id: string }>`select id from listing_search_rows
      where id = any(${`{${newestFirst.join(",")}}`}::bigint[]) and ts_filter(search_vector, '{a}') @@ listing_search_query(${expression})`.execute(db);
    return new Set(rows.map((row) => Number(row.id)));
  }
  // An FTS5 column filter (the only MATCH of the query), between the oldest and the newest candidate.
  const { rows } = await sql<{ rowid: number }>`select rowid from listing_search
    where listing_search match ${`title : (${expression})`} and rowid between cast(${newestFirst[newestFirst.length - 1]!} as integer) and cast(${newestFirst[0]!} as integer)`.execute(
    db,
  );
  return new Set(rows.map((row) => row.rowid));
}

/**
 * Best-match score of a row of `listingSearchTable(db)` (lower is better, on both engines): a title match weighs most,
 * then brand and model, then the description. SQLite: BM25 with column weights 10, 1, 4, 4 (title, description,
 * brand, model). PostgreSQL: minus ts_rank with weights A (title) 1.0, B (brand, model) 0.4, C (description) 0.1,
 * divided by 1 + log(document length) as BM25 also favours short documents.
 */
export function listingSearchRank(db: Kysely<Database>, expression: string): RawBuilder<number> {
  if (engineOf(db) === "sqlite") return sql<number>`bm25(listing_search, 10.0, 1.0, 4.0, 4.0)`;
  return sql<number>`(-ts_rank('{0, 0.1, 0.4, 1.0}', fts.search_vector, listing_search_query(${expression}), 1))`;
}

/** How many listings an expression matches, counted up to a limit, and the oldest (smallest id) of those counted. */
export interface NewestMatches {
  /** Matches counted, newest first, never more than the limit asked for. */
  matches: number;
  /** The smallest id among them (0 when there are none). */
  oldest: number;
}

/** PostgreSQL: a walk of the newest rows reads this many times the rows the rarest term's share predicts, at most. */
const WALK_MARGIN = 1.5;
/** How long the shares of the commonest terms (from pg_stats) are reused: they change only with ANALYZE. */
const TERM_SHARES_FOR_MS = 10 * 60_000;
interface TermShares {
  /** Rows of listing_search_rows (pg_class.reltuples, as of the last ANALYZE). */
  rows: number;
  shares: Map<string, number>;
}
const termShares = new WeakMap<Kysely<Database>, { at: number; shares: Promise<TermShares> }>();

/**
 * The share of listing_search_rows holding each of its commonest terms: the planner's own statistics of the vector
 * (most_common_elems, statistics target 1000 in migration 2026-11-28T0900), read once in a while.
 */
function commonTermShares(db: Kysely<Database>): Promise<TermShares> {
  const known = termShares.get(db);
  if (known && Date.now() - known.at < TERM_SHARES_FOR_MS) return known.shares;
  const shares = Promise.all([
    sql<{ term: string; share: number }>`
      select u.term, u.share from pg_stats
        cross join lateral unnest(most_common_elems::text::text[], most_common_elem_freqs) as u(term, share)
        where schemaname = current_schema() and tablename = 'listing_search_rows' and attname = 'search_vector' and u.term is not null`.execute(db),
    sql<{ rows: number }>`select reltuples::float8 as rows from pg_class where oid = 'listing_search_rows'::regclass`.execute(db),
  ]).then(([terms, size]) => ({
    rows: Math.max(0, Number(size.rows[0]?.rows ?? 0)),
    shares: new Map(terms.rows.map((row) => [row.term, Number(row.share)])),
  }));
  shares.catch(() => termShares.delete(db));
  termShares.set(db, { at: Date.now(), shares });
  return shares;
}

/**
 * Whether more than `count` listings (of any status) match an expression: counted up to one more, in no order, so
 * neither engine fetches every match (PostgreSQL reads the GIN index, then rows until it has enough).
 */
export async function matchesMoreThan(db: Kysely<Database>, expression: string, count: number): Promise<boolean> {
  const bounded =
    engineOf(db) === "sqlite"
      ? sql<{ n: number }>`select count(*) as n from (select rowid from listing_search where listing_search match ${expression} limit ${count + 1}) as m`
      : sql<{
          n: string;
        }>`select count(*) as n from (select 1 from listing_search_rows where search_vector @@ listing_search_query(${expression}) limit ${count + 1}) as m`;
  const { rows } = await bounded.execute(db);
  return Number(rows[0]?.n ?? 0) > count;
}

/** The columns of listing_search_rows a search filters and sorts on (PostgreSQL's copy also holds the vector). */
const SEARCH_ROW_COLUMNS = sql.raw("id, status, category_id, brand_key, condition, test_level, calibration_date, reference_amount, created_at");

/**
 * PostgreSQL: the newest matches of an expression, up to `limit` (how many, and the oldest of them: the search's
 * window), and `passing`, an aggregate over those matches aliased `l` with the columns of SEARCH_ROW_COLUMNS, read
 * from the same rows (null: none).
 * The GIN index yields matches in no order, so finding the newest fetches every match's row. When every term is in so
 * large a share of the listings (pg_stats) that walking the newest rows reads fewer rows than there are matches, those
 * rows are walked, at most 1.5 × what the rarest term's share predicts; when the words are rarer together, once more
 * as far as their share among the walked rows predicts, then the index. The planner is not left to choose: it
 * multiplies the shares of the words, and walked every listing for such a pair. Through the index, a share that
 * predicts enough matches among the newest listings reads only their age buckets first (docs/decisions/0059).
 */
async function newestMatchesOnPostgres(
  db: Kysely<Database>,
  expression: string,
  limit: number,
  passing: RawBuilder<string | null> | null,
): Promise<NewestMatches & { passing: string | null }> {
  const summarise = (newest: RawBuilder<unknown>) =>
    sql<{ matches: string; oldest: string | null; passing: string | null }>`
      select count(*) as matches, min(l.id) as oldest, ${passing ?? sql`null`} as passing from (${newest}) as l`
      .execute(db)
      .then(({ rows: [row] }) => ({ matches: Number(row?.matches ?? 0), oldest: Number(row?.oldest ?? 0), passing: row?.passing ?? null }));
  const [{ rows: listings, shares }, terms] = await Promise.all([
    commonTermShares(db),
    sql<{ term: string }>`select (regexp_matches(querytree(listing_search_query(${expression})), '''((?:[^'']|'''')+)''', 'g'))[1] as term`.execute(db),
  ]);
  const termShare = terms.rows.map((row) => shares.get(row.term.replaceAll("''", "'")) ?? 0);
  const rarest = termShare.length === 0 ? 0 : Math.min(...termShare);
  // The share of the listings holding every term, as if the terms were independent, until a walk measures it.
  let together = termShare.length === 0 ? 0 : termShare.reduce((product, one) => product * one, 1);
  // Walking reads ~limit/share rows, the index one row per match (share × rows): walk when that is fewer.
  let share = rarest;
  for (let attempt = 0; attempt < 2 && share > 0 && limit / share < share * listings; attempt += 1) {
    // The rows the share predicts, with a margin, at most (the inner limit keeps the walk from going further),
    // stopping at `limit` matches.
    const walked = Math.ceil((limit / share) * WALK_MARGIN);
    const found = await summarise(sql`
      select ${SEARCH_ROW_COLUMNS} from (select ${SEARCH_ROW_COLUMNS}, search_vector from listing_search_rows order by id desc limit ${walked}) as w
        where w.search_vector @@ listing_search_query(${expression})
        order by w.id desc limit ${limit}`);
    if (found.matches >= limit) return found;
    // Too few: the words are rarer together than the rarest alone. Their share among the rows walked predicts a
    // second walk, if walking still beats the index (words with nothing in common go to the index at once).
    share = found.matches / walked;
    together = share;
  }
  // Through the GIN index, then the newest of its matches (`id + 0`: never the primary key's order, which would walk).
  const newestOfMatches = (within: RawBuilder<unknown>) =>
    summarise(sql`
      select ${SEARCH_ROW_COLUMNS} from listing_search_rows where search_vector @@ listing_search_query(${expression}) ${within}
        order by id + 0 desc limit ${limit}`);
  // When the terms' share together predicts `limit` matches among the newest part of the listings, only the matches
  // in the age buckets of that part (the index's second column) are fetched, with a margin; every match if they hold
  // too few. Words found together more often than chance (a brand's two words) are then read in full, as before.
  const span = together > 0 ? Math.ceil((limit / together) * WALK_MARGIN) : Infinity;
  if (span < listings) {
    const found = await newestOfMatches(sql`and ${AGE_BUCKET_OF_ROW} && ${newestAgeBuckets(span, listings)}`);
    if (found.matches >= limit) return found;
  }
  return newestOfMatches(sql``);
}

/** PostgreSQL: how many consecutive ids make one age bucket of the full-text index (migration 2026-12-09T0900). */
const AGE_BUCKET_IDS = sql.lit(4096);
/**
 * The second column of that index, the age bucket a listing falls in, as an array so that GIN's own operator class
 * for arrays indexes it. Written as the index is, so the planner matches it.
 */
const AGE_BUCKET_OF_ROW = sql`array[(id / ${AGE_BUCKET_IDS})::int]`;

/**
 * The age buckets holding the newest `span` of `rows` listings (the newest bucket last), from the primary key as the
 * query starts; ids left unused (deleted listings) widen the span in proportion.
 */
function newestAgeBuckets(span: number, rows: number): RawBuilder<number[]> {
  return sql<number[]>`array(
    select generate_series(
        greatest(n.newest - ceil(${span}::float8 * greatest(n.newest / ${rows}::float8, 1))::bigint, 0) / ${AGE_BUCKET_IDS},
        n.newest / ${AGE_BUCKET_IDS}
      )::int
      from (select coalesce(max(id), 0) as newest from listing_search_rows) as n)`;
}

/** The column a window's listings are read with, for a sort other than Best match. */
export type WindowSortKey = "reference_amount" | "created_at";

/** A listing of a search's window, with its value of the sort key the window was read with (0 without one). */
export interface WindowListing {
  id: number;
  key: number | string;
}

/** The newest matches of an expression, up to a limit (how many, the oldest), with those of them that pass the filters. */
export interface NewestMatchesPassing extends NewestMatches {
  /** Every match counted that passes the filters, newest (highest id) first. */
  passing: WindowListing[];
}

/** The filters a window's listings must pass, over `listingSearchRows` (aliased `l`). */
export type WindowFilters = (eb: ExpressionBuilder<{ l: Database["equipment_listings"] }, "l">) => Expression<SqlBool>;

/** A listing of a window as one short text: its id, then a space and its sort key (no key holds a comma). */
function windowEntry(sortKey: WindowSortKey | null): RawBuilder<string> {
  return sortKey ? sql<string>`cast(l.id as text) || ' ' || ${sql.ref(`l.${sortKey}`)}` : sql<string>`cast(l.id as text)`;
}

function parseWindow(text: string | null, sortKey: WindowSortKey | null): WindowListing[] {
  if (!text) return [];
  const listings = text.split(",").map((entry): WindowListing => {
    if (!sortKey) return { id: Number(entry), key: 0 };
    const space = entry.indexOf(" ");
    const key = entry.slice(space + 1);
    return { id: Number(entry.slice(0, space)), key: sortKey === "reference_amount" ? Number(key) : key };
  });
  // Newest first, whatever order the aggregate kept.
  for (let at = 1; at < listings.length; at += 1) {
    if (listings[at - 1]!.id < listings[at]!.id) return listings.sort((a, b) => b.id - a.id);
  }
  return listings;
}

/**
 * The newest matches of an expression, up to `limit`, and those of them that pass `filters`, with their values of `sortKey`:
 * everything a search with many matches needs (its total, its page in that order, Best match's candidates) from one
 * read of the full-text index, so it is not read again for each (docs/decisions/0057). At most `limit` listings.
 * SQLite: one statement, the matches looked up by id in listing_search_rows, aggregated into one text.
 * PostgreSQL: aggregated the same way from the rows that find the newest matches (walked or from the GIN index).
 */
export async function newestListingMatchesPassing(
  db: Kysely<Database>,
  expression: string,
  limit: number,
  filters: WindowFilters,
  sortKey: WindowSortKey | null,
): Promise<NewestMatchesPassing> {
  const passes = (eb: unknown) => filters(eb as ExpressionBuilder<{ l: Database["equipment_listings"] }, "l">);
  const entry = windowEntry(sortKey);
  if (engineOf(db) === "sqlite") {
    const row = await db
      .selectFrom(
        sql<{ rowid: number }>`(select rowid from listing_search where listing_search match ${expression} order by rowid desc limit ${limit})`.as("n"),
      )
      .crossJoin(listingSearchRows())
      .whereRef("l.id", "=", "n.rowid")
      .select((eb) => [
        eb.fn.countAll<number>().as("matches"),
        eb.fn.min<number>("n.rowid").as("oldest"),
        sql<string | null>`group_concat(case when ${passes(eb)} then ${entry} end, ',')`.as("passing"),
      ])
      .executeTakeFirst();
    return { matches: Number(row?.matches ?? 0), oldest: Number(row?.oldest ?? 0), passing: parseWindow(row?.passing ?? null, sortKey) };
  }
  const aggregate = sql<string | null>`string_agg(case when ${passes(expressionBuilder<{ l: Database["equipment_listings"] }, "l">())} then ${entry} end, ',')`;
  const found = await newestMatchesOnPostgres(db, expression, limit, aggregate);
  return { matches: found.matches, oldest: found.oldest, passing: parseWindow(found.passing, sortKey) };
}

// ── Full-text terms, as the index stores them (saved-search alerts compare them with match keys) ──

/** A term of a text as the listing search index holds it (folded, diacritics removed, stemmed), in text order. */
export interface FullTextToken {
  /** The index of the text it came from. */
  text: number;
  term: string;
  /** Its position among the text's tokens. */
  position: number;
}

const termTables = new WeakMap<Kysely<Database>, Promise<void>>();
/** Rows of the scratch table are numbered apart per call, so concurrent calls never read each other's text. */
let nextScratchRow = 1;

function ensureTermTables(db: Kysely<Database>): Promise<void> {
  let ready = termTables.get(db);
  if (!ready) {
    // A per-connection TEMP table with the listing index's own tokenizer, and its vocabulary by token instance:
    // SQLite itself stems, so the terms are exactly those the index stores and a search query looks up.
    ready = (async () => {
      await sql
        .raw(
          `create virtual table if not exists temp.full_text_scratch using fts5(body, content='', contentless_delete=1, tokenize='${LISTING_SEARCH_TOKENIZER}')`,
        )
        .execute(db);
      await sql`create virtual table if not exists temp.full_text_scratch_terms using fts5vocab(temp, 'full_text_scratch', 'instance')`.execute(db);
    })();
    ready.catch(() => termTables.delete(db));
    termTables.set(db, ready);
  }
  return ready;
}

/** The full-text terms of each text, as the listing search index (and its queries) would tokenize it. */
export async function fullTextTokens(db: Kysely<Database>, texts: readonly string[]): Promise<FullTextToken[]> {
  if (texts.length === 0) return [];
  if (engineOf(db) === "postgres") {
    // The very function the search_vector column is generated with: the terms are those the index holds.
    const { rows } = await sql<{ text: number; term: string; position: number }>`
      select (t.i - 1)::int as text, v.lexeme as term, p::int as position
        from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as t(body, i)
        cross join lateral unnest(listing_search_vector(t.body)) as v
        cross join lateral unnest(v.positions) as p
        order by t.i, p`.execute(db);
    return rows;
  }
  await ensureTermTables(db);
  const first = nextScratchRow;
  const last = first + texts.length - 1;
  nextScratchRow = last + 1 >= Number.MAX_SAFE_INTEGER ? 1 : last + 1;
  await sql`insert into temp.full_text_scratch(rowid, body) select cast(${first} as integer) + key, value from json_each(${JSON.stringify(texts)})`.execute(db);
  try {
    const { rows } = await sql<{
      doc: number;
      term: string;
      offset: number;
    }>`select doc, term, "offset" from temp.full_text_scratch_terms where doc between ${first} and ${last}`.execute(db);
    return rows.map((row) => ({ text: row.doc - first, term: row.term, position: row.offset })).sort((a, b) => a.text - b.text || a.position - b.position);
  } finally {
    await sql`delete from temp.full_text_scratch where rowid between ${first} and ${last}`.execute(db);
  }
}

/**
 * Which of the search expressions (from `listingSearchExpression`) match one listing: the search's own match
 * condition restricted to that row, so the answer is the search's answer.
 * SQLite: the cast matters: better-sqlite3 binds JavaScript numbers as REAL, and FTS5 silently ignores a `rowid = ?`
 * constraint whose value is REAL (SQLite 3.53), answering for every matching row instead.
 */
export async function listingMatchesExpressions(db: Kysely<Database>, listingId: number, expressions: readonly string[]): Promise<boolean[]> {
  if (expressions.length === 0) return [];
  const json = JSON.stringify(expressions);
  const { rows } =
    engineOf(db) === "sqlite"
      ? await sql<{ i: number }>`select e.key as i from json_each(${json}) as e
          where exists (select 1 from listing_search where listing_search match e.value and rowid = cast(${listingId} as integer))`.execute(db)
      : await sql<{ i: number }>`select (e.i - 1)::int as i from jsonb_array_elements_text(${json}::jsonb) with ordinality as e(value, i)
          where exists (select 1 from equipment_listings where id = ${listingId} and search_vector @@ listing_search_query(e.value))`.execute(db);
  const matched = new Set(rows.map((row) => Number(row.i)));
  return expressions.map((_, index) => matched.has(index));
}
