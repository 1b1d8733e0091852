// Full-text search and partial brand/model matches on PostgreSQL (issue 16 §1; docs/decisions/0032). SQLite has had
// these since the listings migration (FTS5 table listing_search, tokenizer `porter unicode61 remove_diacritics 2`;
// `instr(lower(col), ?)` scans the brand): this migration does nothing there.
// - Text search configuration `tradebench_search`: the english configuration with its word tokens mapped through
//   `unaccent` (diacritics off, as remove_diacritics) and a Snowball english stemmer WITHOUT a stop-word list (SQLite
//   keeps "the", "a", "for"). unaccent() the function is not immutable, but a text search configuration is referenced
//   by OID, so to_tsvector(regconfig, text) stays immutable and may feed a generated column.
// - listing_search_vector(text): every run of characters that are not letters or digits becomes a space first, so
//   PostgreSQL's parser sees what unicode61 sees (no e-mail, URL, float or hyphenated-word tokens: "2.5GHz" is 2, 5ghz).
//   Letters and digits are the database's ctype classes: the database must have a UTF-8 ctype (C.UTF-8, en_US.UTF-8).
// - listing_search_query(expression): the search expression the services build (`"word" "word"*`, FTS5's syntax,
//   every word letters and digits only) as a tsquery: each phrase a phrase of its terms (stemmed), the starred one's
//   last term a prefix, all of them required.
// - equipment_listings.search_vector: generated and stored, title weight A, brand and model B, description C; GIN.
// - pg_trgm: trigram GIN indexes on the ASCII-folded brand and model, the expression the partial-match filter uses.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

const ASCII_FOLD = "translate(%s, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect.name !== "postgres") return;
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create text search dictionary tradebench_english_stem (template = snowball, language = english)`.execute(db);
  await sql`create text search configuration tradebench_search (copy = pg_catalog.english)`.execute(db);
  await sql`alter text search configuration tradebench_search
    alter mapping for asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart
    with unaccent, tradebench_english_stem`.execute(db);
  // A SQL-standard body is parsed now: the configuration is bound by OID, whatever the search_path of a later caller.
  await sql`create function listing_search_vector(body text) returns tsvector
    language sql immutable strict parallel safe
    return to_tsvector('tradebench_search'::regconfig, regexp_replace(body, '[^[:alnum:]]+', ' ', 'g'))`.execute(db);
  await sql`create function listing_search_query(expression text) returns tsquery
    language plpgsql immutable strict parallel safe
    set search_path from current
    as $$
    declare
      phrase text[];
      words text;
      last_word text;
      query tsquery;
      result tsquery;
    begin
      for phrase in select regexp_matches(expression, '"([^"]*)"(\\*?)', 'g') loop
        words := btrim(regexp_replace(phrase[1], '[^[:alnum:]]+', ' ', 'g'));
        if words = '' then
          -- Nothing the index could hold: the phrase can match nothing.
          return ''::tsquery;
        end if;
        if phrase[2] = '*' then
          last_word := substring(words from '[^ ]+$');
          query := to_tsquery('tradebench_search'::regconfig, '''' || last_word || ''':*');
          if length(words) > length(last_word) then
            query := phraseto_tsquery('tradebench_search'::regconfig, left(words, length(words) - length(last_word))) <-> query;
          end if;
        else
          query := phraseto_tsquery('tradebench_search'::regconfig, words);
        end if;
        result := case when result is null then query else result && query end;
      end loop;
      return coalesce(result, ''::tsquery);
    end
    $$`.execute(db);
  await sql`alter table equipment_listings add column search_vector tsvector generated always as (
      setweight(listing_search_vector(title), 'A')
      || setweight(listing_search_vector(brand), 'B')
      || setweight(listing_search_vector(model), 'B')
      || setweight(listing_search_vector(description), 'C')
    ) stored`.execute(db);
  await sql`create index listings_search_vector on equipment_listings using gin (search_vector)`.execute(db);
  for (const column of ["brand", "model"]) {
    await sql.raw(`create index listings_${column}_trigram on equipment_listings using gin ((${ASCII_FOLD.replace("%s", column)}) gin_trgm_ops)`).execute(db);
  }
}
