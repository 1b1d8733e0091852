// Inserts an auction listing and its auction directly: for tests that need an auction to bid on.
import { sql, type Kysely } from "kysely";
import { engineOf } from "#db/dialect.ts";
import type { Database, NewAuction } from "#db/schema.ts";
import { insertListingRow } from "./listings.ts";

const HOUR = 60 * 60 * 1000;

/**
 * An active auction starting at $1,000 with a fixed $10 increment, no reserve and auto-extend on, running from an hour
 * before `now` to a day after it, its soft-close cap an hour after its end, unless `values` says otherwise (pass
 * `bid_increment_fixed: 0` for the tiered table). Returns the auction's and listing's ids.
 */
export async function insertAuctionRow(
  db: Kysely<Database>,
  sellerId: string,
  values: Partial<NewAuction> = {},
  now = new Date(),
): Promise<{ auctionId: number; listingId: number }> {
  const startingPrice = values.starting_price_cents ?? 100_000;
  const listingId = await insertListingRow(db, sellerId, {
    listing_type: values.buy_now_price_cents ? "hybrid" : "auction",
    price_cents: startingPrice,
    buy_now_price_cents: values.buy_now_price_cents ?? null,
  });
  const endDate = values.end_date ?? new Date(now.getTime() + 24 * HOUR).toISOString();
  const { id } = await db
    .insertInto("auctions")
    .values({
      listing_id: listingId,
      start_date: new Date(now.getTime() - HOUR).toISOString(),
      end_date: endDate,
      extensions_end_at: new Date(new Date(endDate).getTime() + HOUR).toISOString(),
      starting_price_cents: startingPrice,
      reserve_price_cents: null,
      current_price_cents: startingPrice,
      bid_increment_cents: 1000,
      bid_increment_fixed: 1,
      status: "active",
      auto_extend: 1,
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { auctionId: id, listingId };
}

/**
 * Makes the database refuse every new auction row with `message` (a trigger, in each engine's syntax), for tests of
 * what a failed write leaves behind. Returns the function that lifts the refusal again.
 */
export async function refuseNewAuctions(db: Kysely<Database>, message: string): Promise<() => Promise<void>> {
  const text = sql.lit(message);
  if (engineOf(db) === "sqlite") {
    await sql`create trigger refuse_auctions before insert on auctions begin select raise(abort, ${text}); end`.execute(db);
    return async () => void (await sql`drop trigger refuse_auctions`.execute(db));
  }
  await sql`create function refuse_auctions() returns trigger language plpgsql as $$ begin raise exception ${text}; end $$`.execute(db);
  await sql`create trigger refuse_auctions before insert on auctions for each row execute function refuse_auctions()`.execute(db);
  return async () => {
    await sql`drop trigger refuse_auctions on auctions`.execute(db);
    await sql`drop function refuse_auctions()`.execute(db);
  };
}
