// The bulk import's review fixes and photo rules on a fresh database (SQLite, and PostgreSQL with TEST_DATABASE_URL):
// brand, model, title and photo addresses fixed in place reach the imported listing (a bad address is refused with its
// message); a row whose photos all fail is kept as a draft and counts only the photos that loaded; the AI step prices a
// row from comparables of the same model before the brand's other models.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { BULK_MESSAGES } from "~/lib/bulk-import.ts";
import { chunksOf, parseBulkCsv } from "~/services/bulk-import/bulk-csv.server.ts";
import {
  applyBulkMapping,
  continueToPayment,
  createBulkImport,
  editBulkRow,
  getBulkImport,
  startBulkImport,
} from "~/services/bulk-import/bulk-import.server.ts";
import { runBulkAiJob, runBulkImportJob, startBulkAi } from "~/flows/bulk-import-jobs.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { insertListingRow, OSCILLOSCOPES } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let uploadsDir: string;
let uploads: DiskStore;
let server: http.Server;
let origin: string;
let hostPort: string;

beforeAll(async () => {
  database = createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-bulk-fixes-"));
  uploads = new DiskStore(uploadsDir);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  // Photos under /photo load; anything else answers 404.
  server = http.createServer((request, response) => {
    if (request.url?.startsWith("/photo")) {
      response.writeHead(200, { "Content-Type": "image/png" });
      response.end(png);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  hostPort = `127.0.0.1:${port}`;
});

afterAll(async () => {
  server?.close();
  await database?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const HEADER = "brand,model,title,condition,price,photo_urls,description,category";

async function reviewedImport(seller: string, lines: string[]): Promise<number> {
  const parsed = await parseBulkCsv(chunksOf(new TextEncoder().encode(`${HEADER}\n${lines.join("\n")}\n`), 19));
  const id = await createBulkImport(database.db, seller, "stock.csv", parsed);
  await applyBulkMapping(database.db, seller, id, (await getBulkImport(database.db, seller, id)).mapping);
  return id;
}

async function importAll(seller: string, id: number): Promise<void> {
  await continueToPayment(database.db, seller, id);
  expect((await startBulkImport(database.db, seller, id, null)).held).toBe(false);
  expect(await runBulkImportJob(database.db, uploads, id, { photos: { allowHosts: [hostPort] } })).toBe(true);
}

describe("fixes in place on the review step", () => {
  it("fixes brand, model, title and a photo address, refuses a bad address with its message, and imports the fixed values", async () => {
    const db = database.db;
    const seller = await insertUserRow(db, undefined, "seller");
    const id = await reviewedImport(seller, [`Tektronics,TDS 2024,Old scope,good,1450,${origin}/missing-1.png,"Four channels, 200 MHz.",${OSCILLOSCOPES}`]);
    const before = (await getBulkImport(db, seller, id)).rows[0]!;
    expect(before).toMatchObject({ brand: "Tektronics", model: "TDS 2024", title: "Old scope" });

    const keep = { price: "1450", condition: "good", description: "Four channels, 200 MHz.", category: OSCILLOSCOPES };
    // A photo address that is not a web address is refused with the page's message; the row is not ready.
    const refused = await editBulkRow(db, seller, id, 1, { ...keep, photoUrls: "ftp://files.example/scope.png" });
    expect(refused.errors).toEqual([{ field: "photo_urls", message: BULK_MESSAGES.photoUrl }]);
    await expect(continueToPayment(db, seller, id)).rejects.toThrow(BULK_MESSAGES.fixRowsFirst);

    const fixed = await editBulkRow(db, seller, id, 1, {
      ...keep,
      brand: " Tektronix ",
      model: "TDS2024C",
      title: "Tektronix TDS2024C 200 MHz four-channel oscilloscope",
      photoUrls: `${origin}/photo-front.png\n${origin}/photo-back.png`,
    });
    expect(fixed.errors).toEqual([]);
    expect(fixed).toMatchObject({
      brand: "Tektronix",
      model: "TDS2024C",
      title: "Tektronix TDS2024C 200 MHz four-channel oscilloscope",
      photoUrls: [`${origin}/photo-front.png`, `${origin}/photo-back.png`],
    });

    await importAll(seller, id);
    const row = (await getBulkImport(db, seller, id)).rows[0]!;
    expect(row).toMatchObject({ photoErrors: [], photosLoaded: 2, heldAsDraft: false });
    const listing = await db
      .selectFrom("equipment_listings")
      .select(["brand", "model", "title", "status"])
      .where("id", "=", row.listingId!)
      .executeTakeFirstOrThrow();
    expect(listing).toEqual({ brand: "Tektronix", model: "TDS2024C", title: "Tektronix TDS2024C 200 MHz four-channel oscilloscope", status: "active" });
    const images = await db.selectFrom("equipment_images").select("id").where("listing_id", "=", row.listingId!).execute();
    expect(images).toHaveLength(2);
  });
});

describe("photos at import", () => {
  it("keeps a row whose photos all fail as a draft, and counts only the photos that loaded", async () => {
    const db = database.db;
    const seller = await insertUserRow(db, undefined, "seller");
    const id = await reviewedImport(seller, [
      // Both addresses fail: one answers 404, one is on a private network.
      `Fluke,87V,Fluke 87V multimeter,good,325,${origin}/missing-87v.png;http://10.0.0.9/87v.png,"True RMS.",`,
      // One of two loads.
      `Fluke,289,Fluke 289 logging multimeter,good,495,${origin}/photo-289.png;${origin}/missing-289.png,"Logging.",`,
    ]);
    await importAll(seller, id);
    const view = await getBulkImport(db, seller, id);
    const [none, half] = [...view.rows].sort((a, b) => a.rowNumber - b.rowNumber);
    expect(none).toMatchObject({ photosLoaded: 0, heldAsDraft: true });
    expect(none!.photoErrors.map((e) => e.url)).toEqual([`${origin}/missing-87v.png`, "http://10.0.0.9/87v.png"]);
    expect(half).toMatchObject({ photosLoaded: 1, heldAsDraft: false });
    expect(half!.photoErrors.map((e) => e.url)).toEqual([`${origin}/missing-289.png`]);

    const status = async (listingId: number | null) =>
      (await db.selectFrom("equipment_listings").select("status").where("id", "=", listingId!).executeTakeFirstOrThrow()).status;
    expect(await status(none!.listingId)).toBe("draft");
    expect(await status(half!.listingId)).toBe("active");
    const images = async (listingId: number | null) =>
      (await db.selectFrom("equipment_images").select("id").where("listing_id", "=", listingId!).execute()).length;
    expect(await images(none!.listingId)).toBe(0);
    expect(await images(half!.listingId)).toBe(1);
  });
});

describe("the AI step's price", () => {
  it("prices a TDS2024C from TDS2024C comparables, not from the brand's dearer MDO3104 and MSO54", async () => {
    const db = database.db;
    const dealer = await insertUserRow(db, undefined, "seller");
    const listed = (title: string, model: string, dollars: number) =>
      insertListingRow(db, dealer, { title, brand: "Tektronix", model, price_cents: dollars * 100, listing_type: "buy_now", currency: "USD" });
    await listed("Tektronix TDS2024C oscilloscope", "TDS2024C", 1_400);
    await listed("Tektronix TDS2024C 200 MHz scope", "TDS2024C", 1_500);
    await listed("Tektronix MDO3104 mixed domain oscilloscope", "MDO3104", 5_900);
    await listed("Tektronix MSO54 mixed signal oscilloscope", "MSO54", 12_000);

    const seller = await insertUserRow(db, undefined, "seller");
    const id = await reviewedImport(seller, [`Tektronix,TDS2024C,,good,1450,${origin}/photo-1.png,,${OSCILLOSCOPES}`]);
    await startBulkAi(db, seller, id);
    expect(await runBulkAiJob(db, id)).toBe(true);
    const row = (await getBulkImport(db, seller, id)).rows[0]!;
    // Only the same model (the first test's imported TDS2024C at $1,450 is one too); none of the brand's other models.
    const titles = row.comparables.map((c) => c.title);
    expect(titles).toEqual(expect.arrayContaining(["Tektronix TDS2024C 200 MHz scope", "Tektronix TDS2024C oscilloscope"]));
    expect(
      titles.every((title) => title.includes("TDS2024C")),
      titles.join(" | "),
    ).toBe(true);
    // Between the two same-model prices, far from an average with the other models (about $5,200).
    expect(row.suggestedPriceCents).not.toBeNull();
    expect(row.suggestedPriceCents!).toBeGreaterThanOrEqual(130_000);
    expect(row.suggestedPriceCents!).toBeLessThanOrEqual(160_000);
    // $1,450 is in line with the same model: not flagged for a price review.
    expect(row.needsPriceReview).toBe(false);
  });
});
