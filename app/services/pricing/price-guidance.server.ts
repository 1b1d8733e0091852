// Price guidance from Tradebench's own market (docs/product/pricing.md#price-guidance): comparables from sales (orders) and active Buy Now
// listings, the market trend of their sold prices, the points of a price-history chart, and the price-suggestion
// helper's recommendation. Nothing is made up: with no comparable data the suggestion is null and says so.
import { sql, type Expression, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { brandKey, brandSpellings } from "~/lib/brands.ts";
import { modelKey } from "~/lib/pricing/brands.ts";
import { comparableRelevance, keepBest, sameModelFirst } from "~/lib/pricing/comparables.ts";
import { marketTrend } from "~/lib/pricing/market-trend.ts";
import { suggestPrice, type PricedComparable } from "~/lib/pricing/suggest-price.ts";
import type { Comparable, PriceGuidance, PriceHistoryPoint } from "~/lib/pricing/types.ts";
import { convertMinorUnits } from "~/lib/money.ts";
import { categoryScope, primaryThumbnail } from "../listings/index.server.ts";
import { currentReferenceFactors } from "./exchange-rates.server.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface PriceGuidanceInput {
  brand: string;
  model: string;
  /** The category (an item, or a subcategory or main category with everything under it); null searches every category. */
  categoryId: string | null;
  condition: string;
  year?: number | null;
  /** The equipment's retail (new) price when the caller knows it from a real source; never a guess. */
  basePriceCents?: number;
  /** The currency of the guidance; USD unless given. Comparables in other currencies are converted through the rates. */
  currency?: string;
  /** A listing to leave out (the one being edited). */
  excludeListingId?: number;
}

/** How many of the most recent sales and of the most recent listings are read. */
const CANDIDATES_READ = 200;
/** Points in the price-history chart: the most recent ones. */
const HISTORY_POINTS = 60;

/** Orders in these states are not sales. */
const NOT_SOLD = ["cancelled", "refunded"] as const;

/** The punctuation brand and model texts use, dropped by brandSpellingKey and modelKey (their SQL side below). */
const PUNCTUATION = ["-", ".", "/", "+", "_", ",", "'", "(", ")"];

/**
 * The SQL side of brandSpellingKey (app/lib/brands.ts): lower case, "&" and the word "and" dropped, punctuation and
 * spaces dropped. ASCII only: SQLite's lower() leaves accented letters as they are.
 */
function brandTextKey(ref: Expression<string>): RawBuilder<string> {
  let expression: RawBuilder<string> = sql<string>`(' ' || lower(${ref}) || ' ')`;
  for (const mark of ["&", ...PUNCTUATION]) expression = sql<string>`replace(${expression}, ${mark}, ' ')`;
  // Twice, for "and" words one after another (" and and ": the first replace consumes the space between them).
  expression = sql<string>`replace(replace(${expression}, ' and ', ' '), ' and ', ' ')`;
  return sql<string>`replace(${expression}, ' ', '')`;
}

/** Lower case without the punctuation and spaces model texts use: the SQL side of modelKey. */
function modelTextKey(ref: Expression<string>): RawBuilder<string> {
  let expression: RawBuilder<string> = sql<string>`lower(${ref})`;
  for (const mark of [" ", "&", ...PUNCTUATION]) expression = sql<string>`replace(${expression}, ${mark}, '')`;
  return expression;
}

interface Candidate extends PricedComparable {
  comparable: Comparable;
}

interface CandidateRow {
  id: number;
  title: string;
  condition: string;
  brand: string;
  model: string;
  year: number | null;
  location: string;
  seller_verified: number;
  image_url: string | null;
  price_cents: number;
  currency: string;
  date: string;
}

export async function priceGuidance(db: Db, input: PriceGuidanceInput, now: Date = new Date()): Promise<PriceGuidance> {
  const candidates = await readCandidates(db, input);
  // The same model first: the trend, the count, the chart and the suggestion all read the same comparables.
  const relevant = sameModelFirst(candidates, (candidate) => candidate.comparable);
  const kept = keepBest(relevant, (candidate) => candidate.comparable);

  const trend = marketTrend(
    relevant.filter((candidate) => candidate.comparable.source === "sold").map((candidate) => candidate.comparable),
    now,
  );
  const { suggestion, insufficientMessage } = suggestPrice({
    item: { brand: input.brand, model: input.model, condition: input.condition, categoryId: input.categoryId, year: input.year ?? null },
    comparables: kept,
    comparablesFound: relevant.length,
    trend,
    basePriceCents: input.basePriceCents ?? null,
    now,
  });
  const history: PriceHistoryPoint[] = relevant
    .map(({ comparable }) => ({ date: comparable.date, priceCents: comparable.priceCents, source: comparable.source }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .slice(-HISTORY_POINTS);
  return { suggestion, insufficientMessage, comparables: kept.map((candidate) => candidate.comparable), trend, history };
}

/** Sales and Buy Now listings that share the brand or the model, within the category when one is given. */
async function readCandidates(db: Db, input: PriceGuidanceInput): Promise<Candidate[]> {
  const brand = brandKey(input.brand);
  const model = modelKey(input.model);
  if (brand === "" && model === "") return [];
  const scope = input.categoryId ? await categoryScope(db, input.categoryId) : null;
  if (scope !== null && scope.length === 0) return [];
  const currency = input.currency ?? "USD";
  const brandSpellingKeys = brandSpellings(brand);

  const base = () =>
    db
      .selectFrom("equipment_listings as l")
      .innerJoin("profiles as seller", "seller.id", "l.user_id")
      .select((eb) => [
        "l.id",
        "l.title",
        "l.condition",
        "l.brand",
        "l.model",
        "l.year",
        "l.location",
        "seller.is_verified as seller_verified",
        primaryThumbnail(eb.ref("l.id")).as("image_url"),
      ])
      .where((eb) => {
        const matches = [];
        if (brandSpellingKeys.length > 0) matches.push(eb(brandTextKey(eb.ref("l.brand")), "in", brandSpellingKeys));
        if (model !== "") matches.push(eb(modelTextKey(eb.ref("l.model")), "=", model));
        return eb.or(matches);
      })
      .$if(scope !== null, (qb) => qb.where("l.category_id", "in", scope ?? []))
      .$if(input.excludeListingId !== undefined, (qb) => qb.where("l.id", "!=", input.excludeListingId ?? 0));

  // Sales: every order that was not cancelled or refunded, at the price paid, on the day it was placed.
  const orders = await base()
    .innerJoin("orders as o", "o.listing_id", "l.id")
    .select(["o.amount_cents as price_cents", "o.currency as currency", "o.created_at as date"])
    .where("o.status", "not in", NOT_SOLD)
    .orderBy("o.created_at", "desc")
    .limit(CANDIDATES_READ)
    .execute();

  // Fixed-price listings marked sold with no order behind them (sales recorded before orders existed): their Buy Now
  // price on the day they were marked sold. A sold pure auction without an order has no known hammer price.
  const soldListings = await base()
    .select((eb) => [eb.fn.coalesce("l.buy_now_price_cents", "l.price_cents").as("price_cents"), "l.currency", "l.updated_at as date"])
    .where("l.status", "=", "sold")
    .where("l.listing_type", "!=", "auction")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("orders as o").select("o.id").whereRef("o.listing_id", "=", "l.id").where("o.status", "not in", NOT_SOLD))),
    )
    .orderBy("l.updated_at", "desc")
    .limit(CANDIDATES_READ)
    .execute();

  // Active Buy Now and hybrid listings at their Buy Now price. An auction's starting price is not an asking price.
  const listed = await base()
    .select((eb) => [eb.fn.coalesce("l.buy_now_price_cents", "l.price_cents").as("price_cents"), "l.currency", "l.created_at as date"])
    .where("l.status", "=", "active")
    .where("l.listing_type", "!=", "auction")
    .orderBy("l.created_at", "desc")
    .limit(CANDIDATES_READ)
    .execute();

  // Every comparable in the guidance's currency: converted through the reference currency's factors in one step
  // (one rounding), so a pound sale and a yen listing are weighed at what they are worth; one with no rate is left out.
  const { factors } = await currentReferenceFactors(db);
  const target = factors.get(currency);
  const inCurrency = (row: CandidateRow): number | null => {
    if (row.currency === currency) return row.price_cents;
    const from = factors.get(row.currency);
    return from === undefined || target === undefined ? null : convertMinorUnits(row.price_cents, from / target);
  };
  const subject = { brand: input.brand, model: input.model };
  const toCandidate = (row: CandidateRow, source: Comparable["source"]): Candidate[] => {
    const priceCents = inCurrency(row);
    if (priceCents === null) return [];
    const original = row.currency === currency ? {} : { original: { priceCents: row.price_cents, currency: row.currency } };
    return [
      {
        priceCents,
        source,
        condition: row.condition,
        brand: row.brand,
        year: row.year,
        comparable: {
          source,
          listingId: row.id,
          title: row.title,
          priceCents,
          condition: row.condition,
          date: row.date,
          url: `/listings/${row.id}`,
          location: row.location.trim() === "" ? null : row.location,
          imageUrl: row.image_url,
          verified: row.seller_verified === 1,
          relevance: comparableRelevance(subject, row),
          ...original,
        },
      },
    ];
  };
  return [
    ...orders.flatMap((row) => toCandidate(row, "sold")),
    ...soldListings.flatMap((row) => toCandidate(row as CandidateRow, "sold")),
    ...listed.flatMap((row) => toCandidate(row as CandidateRow, "listed")),
  ].filter((candidate) => candidate.priceCents > 0);
}
