// Price guidance across currencies (decision 0062): comparables priced in $, €, £ and ¥ are weighed at
// their converted value, never their raw minor units. Hand computation with the migration's starting rates (units
// per US dollar: EUR 0.92, GBP 0.79, JPY 150): €828 = $900, £869 = $1,100, ¥150,000 = $1,000.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { NewListing } from "#db/schema.ts";
import { priceGuidance, type PriceGuidanceInput } from "~/services/pricing/price-guidance.server.ts";
import { insertListingRow, OSCILLOSCOPES } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const NOW = new Date("2026-11-22T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const SUBJECT: PriceGuidanceInput = { brand: "Keysight", model: "DSOX1204G", categoryId: OSCILLOSCOPES, condition: "used_good" };

let opened: OpenedDatabase;
let seller: string;

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
});
afterEach(() => opened.close());

const listing = (values: Partial<NewListing>) =>
  insertListingRow(opened.db, seller, { title: "Keysight DSOX1204G oscilloscope", brand: "Keysight", model: "DSOX1204G", ...values });

describe("comparables in other currencies", () => {
  it("are converted to the guidance's currency, keep their own price beside it, and suggest what the dollar market would", async () => {
    const usd = await listing({ price_cents: 100_000, currency: "USD", created_at: daysAgo(1) });
    const eur = await listing({ price_cents: 82_800, currency: "EUR", created_at: daysAgo(2) });
    const gbp = await listing({ price_cents: 86_900, currency: "GBP", created_at: daysAgo(3) });
    const jpy = await listing({ price_cents: 150_000, currency: "JPY", created_at: daysAgo(4) });
    const mixed = await priceGuidance(opened.db, SUBJECT, NOW);
    expect(mixed.comparables.map((c) => [c.listingId, c.priceCents, c.original ?? null])).toEqual([
      [usd, 100_000, null],
      [eur, 90_000, { priceCents: 82_800, currency: "EUR" }],
      [gbp, 110_000, { priceCents: 86_900, currency: "GBP" }],
      [jpy, 100_000, { priceCents: 150_000, currency: "JPY" }],
    ]);

    // The same market priced in dollars by hand gives the same suggestion.
    await opened.db.deleteFrom("equipment_listings").execute();
    for (const [cents, day] of [
      [100_000, 1],
      [90_000, 2],
      [110_000, 3],
      [100_000, 4],
    ] as const) {
      await listing({ price_cents: cents, currency: "USD", created_at: daysAgo(day) });
    }
    const dollars = await priceGuidance(opened.db, SUBJECT, NOW);
    expect(mixed.suggestion).not.toBeNull();
    expect(mixed.suggestion).toEqual(dollars.suggestion);
  });

  it("in euros: a $1,000 listing is €920 and a ¥150,000 one too", async () => {
    await listing({ price_cents: 100_000, currency: "USD", created_at: daysAgo(1) });
    await listing({ price_cents: 150_000, currency: "JPY", created_at: daysAgo(2) });
    const { comparables } = await priceGuidance(opened.db, { ...SUBJECT, currency: "EUR" }, NOW);
    expect(comparables.map((c) => c.priceCents)).toEqual([92_000, 92_000]);
  });

  it("leaves out a comparable whose currency has no rate", async () => {
    await opened.db.deleteFrom("reference_rates").where("currency", "=", "AUD").execute();
    await listing({ price_cents: 100_000, currency: "AUD" });
    expect((await priceGuidance(opened.db, SUBJECT, NOW)).comparables).toEqual([]);
  });
});
