// Inserts a listing row directly (no images, no form): for tests that need listings to exist.
import type { Kysely } from "kysely";
import type { Database, NewListing } from "#db/schema.ts";

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
