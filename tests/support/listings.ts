// Inserts a listing row directly (no images, no form): for tests that need listings to exist.
import type { Kysely } from "kysely";
import type { Database, NewListing } from "#db/schema.ts";
import type { ListingInput } from "~/schemas/listing.ts";

export const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";

/** An active used oscilloscope at $1,000 unless `values` says otherwise; returns its id. */
export async function insertListingRow(db: Kysely<Database>, sellerId: string, values: Partial<NewListing> = {}): Promise<number> {
  const row = await db
    .insertInto("equipment_listings")
    .values({
      user_id: sellerId,
      title: "Tektronix MDO3104 mixed domain oscilloscope",
      category_id: OSCILLOSCOPES,
      condition: "used_good",
      price_cents: 100_000,
      status: "active",
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What the listing form sends for a buy-now used oscilloscope at $2,500, with `values` instead where given. */
export function listingInput(values: Partial<ListingInput> = {}): ListingInput {
  return {
    title: "Keysight E5071C network analyzer",
    description: "",
    categoryId: OSCILLOSCOPES,
    listingType: "buy_now",
    priceCents: 250_000,
    currency: "USD",
    condition: "used_excellent",
    brand: "Keysight",
    model: "E5071C",
    location: "",
    year: null,
    serialNumber: "",
    features: [],
    specifications: [],
    testLevel: null,
    calibrationDate: null,
    calibrationDue: null,
    calibrationAccredited: false,
    installedOptions: "",
    ...values,
  };
}
