// Price guidance finds comparables under every spelling of the subject's brand, through the SQL side of the one
// brand key (app/lib/brands.ts): an "HP" subject sees "Hewlett-Packard" and "hewlett packard" listings, and
// "Rohde and Schwarz" sees "R&S".
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { priceGuidance } from "~/services/pricing/price-guidance.server.ts";
import { insertListingRow, OSCILLOSCOPES } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const NOW = new Date("2026-11-22T12:00:00.000Z");

let opened: OpenedDatabase;
let seller: string;

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
});
afterEach(() => opened.close());

async function listed(brand: string, model: string): Promise<number> {
  return insertListingRow(opened.db, seller, { title: `${brand} ${model}`, brand, model, created_at: "2026-11-17T12:00:00.000Z" });
}

describe("comparables by brand spelling", () => {
  it("matches HP with Hewlett-Packard, whichever the seller wrote", async () => {
    const ids = [await listed("Hewlett-Packard", "54622D"), await listed("hewlett packard", "54645A"), await listed("HP", "54810A")];
    await listed("Tektronix", "TDS2024");
    const found = await priceGuidance(opened.db, { brand: "HP", model: "54600B", categoryId: OSCILLOSCOPES, condition: "used_good" }, NOW);
    expect(found.comparables.map((comparable) => comparable.listingId).sort()).toEqual(ids.sort());
  });

  it("matches Rohde and Schwarz with R&S and Rohde & Schwarz", async () => {
    const ids = [await listed("R&S", "RTB2004"), await listed("Rohde & Schwarz", "RTM3004")];
    const found = await priceGuidance(opened.db, { brand: "Rohde and Schwarz", model: "RTA4004", categoryId: OSCILLOSCOPES, condition: "used_good" }, NOW);
    expect(found.comparables.map((comparable) => comparable.listingId).sort()).toEqual(ids.sort());
  });
});
