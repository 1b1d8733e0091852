// The data behind the manual listing form's price hint (app/lib/pricing/price-hints.ts): sales and Buy Now listings
// in US dollars, grouped by category, brand and condition. The form picks the figure for what the seller has chosen,
// in the browser, so the hint follows the category, brand and condition fields as they change.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { buildPriceHintTable, PRICE_HINT_CURRENCY, type PriceHintSample, type PriceHintTable } from "~/lib/pricing/price-hints.ts";

type Db = Kysely<Database> | Transaction<Database>;

const NOT_SOLD = ["cancelled", "refunded"] as const;

/** The hint table; `excludeListingId` leaves out the listing being edited, so its own price does not echo back. */
export async function listingPriceHints(db: Db, { excludeListingId }: { excludeListingId?: number } = {}): Promise<PriceHintTable> {
  const exclude = excludeListingId ?? 0;

  // Sales at the price paid.
  const sold = await db
    .selectFrom("orders as o")
    .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
    .select((eb) => [
      "l.category_id as categoryId",
      "l.brand as brand",
      "l.condition as condition",
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>("o.amount_cents").as("sumCents"),
    ])
    .where("o.status", "not in", NOT_SOLD)
    .where("o.currency", "=", PRICE_HINT_CURRENCY)
    .where("l.id", "!=", exclude)
    .groupBy(["l.category_id", "l.brand", "l.condition"])
    .execute();

  // Active Buy Now and hybrid listings at their Buy Now price, and fixed-price listings sold without an order.
  const listed = await db
    .selectFrom("equipment_listings as l")
    .select((eb) => [
      "l.category_id as categoryId",
      "l.brand as brand",
      "l.condition as condition",
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>(eb.fn.coalesce("l.buy_now_price_cents", "l.price_cents")).as("sumCents"),
    ])
    .where("l.currency", "=", PRICE_HINT_CURRENCY)
    .where("l.listing_type", "!=", "auction")
    .where("l.id", "!=", exclude)
    .where((eb) =>
      eb.or([
        eb("l.status", "=", "active"),
        eb.and([
          eb("l.status", "=", "sold"),
          eb.not(eb.exists(eb.selectFrom("orders as o").select("o.id").whereRef("o.listing_id", "=", "l.id").where("o.status", "not in", NOT_SOLD))),
        ]),
      ]),
    )
    .groupBy(["l.category_id", "l.brand", "l.condition"])
    .execute();

  const samples: PriceHintSample[] = [...sold, ...listed].map((row) => ({
    categoryId: row.categoryId,
    brand: row.brand,
    condition: row.condition,
    count: Number(row.count),
    sumCents: Number(row.sumCents),
  }));
  return buildPriceHintTable(samples);
}
