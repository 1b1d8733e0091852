// The home page's headline numbers and the category tiles' counts: aggregates over the whole marketplace,
// computed in a few queries and kept in memory for a minute so the home page stays cheap under load.
// Definitions: docs/decisions/0007-home-statistics.md.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { LISTING_STATUSES } from "~/schemas/listing.ts";

/** How far back a sign of activity makes a user "active". */
export const ACTIVE_USER_WINDOW_DAYS = 90;
/** How long computed statistics are served before they are recomputed. */
export const MARKETPLACE_STATS_TTL_MS = 60_000;

export interface MarketplaceStats {
  /** Listings with status active. */
  activeListings: number;
  /** Accounts that registered, signed in, listed equipment, watched a listing or saved a search in the last 90 days. */
  activeUsers: number;
  /** Sum of the prices of sold listings priced in USD, in cents (orders replace this with real order totals). */
  totalSalesUsdCents: number;
  /** Listings created with the AI assistant, whatever their status. */
  aiListings: number;
  /** Active listings per category id, each category counting the listings of everything under it. */
  activeByCategory: Record<string, number>;
}

/** Computes the statistics now, straight from the database. */
export async function computeMarketplaceStats(db: Kysely<Database>, now: Date = new Date()): Promise<MarketplaceStats> {
  const cutoff = new Date(now.getTime() - ACTIVE_USER_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();

  // One grouped pass over the (status, category_id, created_at) index gives both the total and the tiles.
  const grouped = await db
    .selectFrom("equipment_listings")
    .select(["category_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("status", "=", "active")
    .groupBy("category_id")
    .execute();
  const parents = await db.selectFrom("categories").select(["id", "parent_id"]).execute();
  const parentOf = new Map(parents.map((row) => [row.id, row.parent_id]));

  const activeByCategory: Record<string, number> = {};
  let activeListings = 0;
  for (const row of grouped) {
    const count = Number(row.count);
    activeListings += count;
    // Roll the count up to the item's subcategory and main category (at most three levels; guard against loops).
    let id: string | null | undefined = row.category_id;
    for (let depth = 0; id && depth < 3; depth += 1) {
      activeByCategory[id] = (activeByCategory[id] ?? 0) + count;
      id = parentOf.get(id);
    }
  }

  const sales = await db
    .selectFrom("equipment_listings")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("price_cents"), eb.lit(0)).as("cents"))
    .where("status", "=", "sold")
    .where("currency", "=", "USD")
    .executeTakeFirstOrThrow();

  const ai = await db
    .selectFrom("equipment_listings")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("ai_generated", "=", 1)
    .executeTakeFirstOrThrow();

  const users = await db
    .selectFrom("users as u")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where((eb) =>
      eb.or([
        eb("u.created_at", ">=", cutoff),
        eb.exists(eb.selectFrom("sessions as s").select("s.user_id").whereRef("s.user_id", "=", "u.id").where("s.created_at", ">=", cutoff)),
        // Naming every status lets the (user_id, status, created_at) index answer with a few probes per user.
        eb.exists(
          eb
            .selectFrom("equipment_listings as l")
            .select("l.id")
            .whereRef("l.user_id", "=", "u.id")
            .where("l.status", "in", LISTING_STATUSES)
            .where("l.created_at", ">=", cutoff),
        ),
        eb.exists(eb.selectFrom("watchlist as w").select("w.id").whereRef("w.user_id", "=", "u.id").where("w.created_at", ">=", cutoff)),
        eb.exists(eb.selectFrom("saved_searches as ss").select("ss.id").whereRef("ss.user_id", "=", "u.id").where("ss.created_at", ">=", cutoff)),
      ]),
    )
    .executeTakeFirstOrThrow();

  return {
    activeListings,
    activeUsers: Number(users.count),
    totalSalesUsdCents: Number(sales.cents),
    aiListings: Number(ai.count),
    activeByCategory,
  };
}

export interface MarketplaceStatsCache {
  /** The statistics, computed at most once per `ttlMs` per database; concurrent callers share one computation. */
  get(db: Kysely<Database>): Promise<MarketplaceStats>;
  /** Forgets everything, so the next `get` recomputes. */
  clear(): void;
}

interface Entry {
  computedAt: number;
  value: Promise<MarketplaceStats>;
}

/** A cache with its own clock (milliseconds), so tests can move time on. */
export function createMarketplaceStatsCache({
  ttlMs = MARKETPLACE_STATS_TTL_MS,
  now = Date.now,
}: { ttlMs?: number; now?: () => number } = {}): MarketplaceStatsCache {
  let entries = new WeakMap<Kysely<Database>, Entry>();
  return {
    get(db) {
      const at = now();
      const cached = entries.get(db);
      if (cached && at - cached.computedAt < ttlMs) return cached.value;
      const value = computeMarketplaceStats(db, new Date(at));
      const entry = { computedAt: at, value };
      entries.set(db, entry);
      // A failed computation is not remembered: the next request tries again.
      value.catch(() => {
        if (entries.get(db) === entry) entries.delete(db);
      });
      return value;
    },
    clear() {
      entries = new WeakMap();
    },
  };
}

const sharedCache = createMarketplaceStatsCache();

/** The statistics as the home page shows them: at most a minute old. */
export function getMarketplaceStats(db: Kysely<Database>): Promise<MarketplaceStats> {
  return sharedCache.get(db);
}

/**
 * ai_stats (docs/product/listings.md#ai-assistant): every AI listing generation is a listing processed; one the seller saved as a listing is a
 * successful listing; fallback counts those the built-in generator wrote (no model configured, or the model failed).
 * The home page's "AI Listings Created" is `aiListings` above (listings marked ai_generated, seeded ones included).
 */
export interface AiStats {
  listingsProcessed: number;
  successfulListings: number;
  fallbackGenerations: number;
}

export async function computeAiStats(db: Kysely<Database>): Promise<AiStats> {
  const row = await db
    .selectFrom("ai_generations")
    .select((eb) => [
      eb.fn.countAll<number>().as("processed"),
      eb.fn.count<number>("listing_id").as("successful"),
      eb.fn.sum<number>(eb.case().when("outcome", "=", "fallback").then(1).else(0).end()).as("fallback"),
    ])
    .executeTakeFirstOrThrow();
  return {
    listingsProcessed: Number(row.processed),
    successfulListings: Number(row.successful),
    fallbackGenerations: Number(row.fallback ?? 0),
  };
}
