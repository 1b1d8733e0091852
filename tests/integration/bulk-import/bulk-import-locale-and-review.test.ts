// The bulk import's locale, currency and review rules on a fresh database (SQLite, and PostgreSQL with TEST_DATABASE_URL): prices read in the
// file's number format, the currency column, the condition's message and value mapping, quantity refused, the BOM of
// the rejected-rows CSV, a new seller's first large import held for staff review, and staff taking down an import's
// listings in bulk (audited, the seller notified, other roles refused).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { parseBulkPrice } from "~/lib/bulk-import.ts";
import { decideHeldBulkImport, listHeldBulkImports, listListingsForAdmin, takeDownListings } from "~/services/admin/index.server.ts";
import { chunksOf, parseBulkCsv } from "~/services/bulk-import/bulk-csv.server.ts";
import {
  applyBulkMapping,
  continueToPayment,
  createBulkImport,
  getBulkImport,
  mapBulkConditionValues,
  rejectedRowsCsv,
  startBulkImport,
} from "~/services/bulk-import/bulk-import.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let seller: string;
let admin: string;
let buyer: string;

beforeAll(async () => {
  database = createTestDatabase();
  seller = await insertUserRow(database.db, undefined, "seller");
  admin = await insertUserRow(database.db, undefined, "admin");
  buyer = await insertUserRow(database.db, undefined, "buyer");
});

afterAll(async () => {
  await database?.close();
});

const csv = (text: string) => parseBulkCsv(chunksOf(new TextEncoder().encode(text), 17));
const photo = "https://example.com/p.jpg";

async function importOf(text: string, user = seller) {
  const parsed = await csv(text);
  const id = await createBulkImport(database.db, user, "file.csv", parsed);
  const view = await getBulkImport(database.db, user, id);
  await applyBulkMapping(database.db, user, id, view.mapping);
  return getBulkImport(database.db, user, id);
}

describe("price parsing by the file's number format", () => {
  it("reads decimal commas, thousands separators and refuses ambiguous values", () => {
    expect(parseBulkPrice("310,50", ",")).toEqual({ ok: true, value: "310.50" });
    expect(parseBulkPrice("1.234,56", ",")).toEqual({ ok: true, value: "1234.56" });
    expect(parseBulkPrice("1 234,56 €", ",")).toEqual({ ok: true, value: "1234.56" });
    expect(parseBulkPrice("$1,234.56", ".")).toEqual({ ok: true, value: "1234.56" });
    expect(parseBulkPrice("1,234", ".")).toEqual({ ok: true, value: "1234" });
    const ambiguous = parseBulkPrice("310,50", ".");
    expect(ambiguous.ok).toBe(false);
    expect(ambiguous.ok ? "" : ambiguous.message).toContain("Price '310,50' is unclear");
    expect(parseBulkPrice("1234.56", ",").ok).toBe(false);
    expect(parseBulkPrice("12.345", ".").ok).toBe(false);
    expect(parseBulkPrice("abc", ".").ok).toBe(false);
  });
});

describe("the review step", () => {
  it("reads '310,50' in a semicolon file as 310.50 and '1.234,56' as 1234.56", async () => {
    const view = await importOf(`brand;model;condition;price;photo_urls;currency\nFluke;87V;good;310,50;${photo};EUR\nFluke;88V;good;1.234,56;${photo};eur\n`);
    expect(view.decimalSeparator).toBe(",");
    expect(view.errorCount).toBe(0);
    const rows = view.rows.sort((a, b) => a.rowNumber - b.rowNumber);
    expect(rows.map((r) => r.currency)).toEqual(["EUR", "EUR"]);
    await continueToPayment(database.db, seller, view.id);
    const result = await startBulkImport(database.db, seller, view.id, null, new Date(), { reviewThreshold: 100 });
    expect(result.held).toBe(false);
  });

  it("names an unknown condition and currency, refuses quantity, maps a value for all rows and takes a Title column", async () => {
    const view = await importOf(
      `brand,model,title,condition,price,photo_urls,currency,qty\nA,1,My scope,mint,10,${photo},,\nB,2,,mint,10,${photo},XYZ,\nC,3,,Used,10,${photo},,5\n`,
    );
    const byRow = new Map(view.rows.map((r) => [r.rowNumber, r]));
    expect(byRow.get(1)!.title).toBe("My scope");
    expect(byRow.get(1)!.errors.map((e) => e.message)).toContain(
      "Condition 'mint' is not one of New, Open Box, Used - Excellent, Used - Very Good, Used - Good, Used - Fair, For Repair, Incomplete, Parts Only, As-Is",
    );
    expect(byRow.get(2)!.errors.map((e) => e.message)).toContain("Currency 'XYZ' is not one of USD, EUR, GBP, JPY, CAD, AUD");
    // eBay's "Used" is a condition; the quantity 5 is refused.
    expect(byRow.get(3)!.errors.map((e) => e.field)).toContain("quantity");
    expect(byRow.get(3)!.errors.map((e) => e.field)).not.toContain("condition");
    expect(view.unknownConditions).toEqual([{ value: "mint", rows: 2 }]);
    expect(await mapBulkConditionValues(database.db, seller, view.id, [{ from: "MINT", to: "used_excellent" }])).toBe(2);
    const after = await getBulkImport(database.db, seller, view.id);
    expect(after.rows.find((r) => r.rowNumber === 1)!.errors.map((e) => e.field)).not.toContain("condition");
    const text = await rejectedRowsCsv(database.db, seller, view.id);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain("Quantity '5' is not supported yet");
  });
});

describe("held imports and bulk take-down", () => {
  it("holds a new seller's first import above the threshold until staff approve; staff take its listings down", async () => {
    const newSeller = await insertUserRow(database.db, undefined, "seller");
    const lines = Array.from({ length: 4 }, (_, i) => `Fluke,87V,good,${100 + i},${photo}`).join("\n");
    const view = await importOf(`brand,model,condition,price,photo_urls\n${lines}\n`, newSeller);
    await continueToPayment(database.db, newSeller, view.id);
    const result = await startBulkImport(database.db, newSeller, view.id, null, new Date(), { reviewThreshold: 3 });
    expect(result.held).toBe(true);
    expect((await getBulkImport(database.db, newSeller, view.id)).status).toBe("payment");
    expect((await listHeldBulkImports(database.db)).map((h) => h.id)).toContain(view.id);
    await expect(decideHeldBulkImport(database.db, buyer, view.id, "approve", "")).rejects.toMatchObject({ kind: "forbidden" });
    await expect(decideHeldBulkImport(database.db, admin, view.id, "reject", "")).rejects.toMatchObject({ kind: "invalid" });
    const decided = await decideHeldBulkImport(database.db, admin, view.id, "approve", "Looks fine");
    expect(decided.status).toBe("importing");
    const audit = await database.db
      .selectFrom("audit_events")
      .select("action")
      .where("subject_type", "=", "bulk_import")
      .where("subject_id", "=", String(view.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["bulk_import.approve"]);

    // Listings of an import (made directly here: the import job needs photos from a server).
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const created = await database.db
        .insertInto("equipment_listings")
        .values({
          user_id: newSeller,
          title: `Flood ${i}`,
          description: "x",
          category_id: "industrial_electronics",
          listing_type: "buy_now",
          price_cents: 100,
          currency: "USD",
          condition: "used_good",
          status: "active",
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(Number(created.id));
      await database.db
        .updateTable("bulk_import_rows")
        .set({ listing_id: Number(created.id) })
        .where("import_id", "=", view.id)
        .where("row_number", "=", i + 1)
        .execute();
    }
    expect((await listListingsForAdmin(database.db, { importId: view.id })).listings.map((l) => l.id).sort()).toEqual(ids.sort());
    await expect(takeDownListings(database.db, buyer, "remove", { importId: view.id }, "Spam")).rejects.toMatchObject({ kind: "forbidden" });
    await expect(takeDownListings(database.db, admin, "remove", { importId: view.id }, "  ")).rejects.toMatchObject({ kind: "invalid" });
    await expect(takeDownListings(database.db, admin, "remove", { listingIds: Array.from({ length: 101 }, (_, i) => i + 1) }, "Spam")).rejects.toMatchObject({
      kind: "invalid",
    });
    const done = await takeDownListings(database.db, admin, "remove", { importId: view.id }, "Photo-less flood");
    expect(done).toEqual({ changed: 2, skipped: 0, sellersNotified: 1 });
    const statuses = await database.db.selectFrom("equipment_listings").select("status").where("id", "in", ids).execute();
    expect(statuses.every((s) => s.status === "removed")).toBe(true);
    const audited = await database.db.selectFrom("audit_events").select("detail").where("action", "=", "listing.bulk_remove").execute();
    expect(audited).toHaveLength(2);
    expect(audited[0]!.detail).toContain("Photo-less flood");
    const told = await database.db
      .selectFrom("notifications")
      .select("message")
      .where("user_id", "=", newSeller)
      .where("title", "=", "Your listings were removed")
      .execute();
    expect(told[0]!.message).toContain("2 of your listings: Photo-less flood");
  });
});
