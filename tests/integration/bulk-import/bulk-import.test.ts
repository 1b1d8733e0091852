// The bulk import wizard end to end at the service level, on SQLite and PostgreSQL: upload → mapping (the
// required fields) → review (the listing form's own checks, fixes in place, removal, the rejected-rows CSV) → the AI job
// killed and resumed without doing a row twice → payment (exemption, promo code used once, the ledger entry) → the
// import job killed and resumed without duplicate listings, photos fetched from a local server (one refused), history.
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
  bulkImportPayment,
  continueToPayment,
  createBulkImport,
  editBulkRow,
  getBulkImport,
  listBulkImports,
  rejectedRowsCsv,
  setBulkRowRemoved,
  startBulkImport,
} from "~/services/bulk-import/bulk-import.server.ts";
import { resumeBulkImportJobs, runBulkAiJob, runBulkImportJob, startBulkAi } from "~/flows/bulk-import-jobs.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { startFakeOpenAi } from "../../support/fake-openai.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let uploadsDir: string;
let uploads: DiskStore;
let seller: string;
let server: http.Server;
let origin: string;
let hostPort: string;

beforeAll(async () => {
  database = createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-bulk-"));
  uploads = new DiskStore(uploadsDir);
  seller = await insertUserRow(database.db, undefined, "seller");
  await database.db.updateTable("profiles").set({ fee_exemption: 50 }).where("id", "=", seller).execute();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
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

const csv = (text: string) => parseBulkCsv(chunksOf(new TextEncoder().encode(text), 13));

describe("bulk import", () => {
  it("runs from upload to imported listings, surviving a kill of each job", async () => {
    const db = database.db;
    const photo = (n: number) => `${origin}/photo-${n}.png`;
    const rows = [
      `Keysight,DSOX3034T,excellent,8450.50,${photo(1)};${photo(2)},"350 MHz, 4 channels",industrial_electronics_test_measurement_oscilloscopes`,
      `Fluke,87V,good,325,${photo(3)},,`,
      `Tektronix,TDS2024C,good,not a price,${photo(4)},Scope,`,
      `Rohde & Schwarz,FSV7,mint,9000,${photo(5)},Analyzer,`,
      `Hioki,3554,fair,150,http://10.0.0.7/secret.png;${photo(6)},Battery tester,`,
      `Junk,X1,poor,10,${photo(7)},Remove me,`,
    ];
    const parsed = await csv(`Manufacturer,Part Number,Condition,Price,Images,Details,Category\r\n${rows.join("\r\n")}\r\n`);
    const id = await createBulkImport(db, seller, "stock.csv", parsed);

    // Mapping: automatic from the aliases; a mapping without photos is refused in the spec's words.
    let view = await getBulkImport(db, seller, id);
    expect(view.status).toBe("mapping");
    expect(view.mapping).toEqual(["brand", "model", "condition", "price", "photo_urls", "description", "category"]);
    expect(view.preview).toHaveLength(5);
    await expect(applyBulkMapping(db, seller, id, ["brand", "model", "condition", "price", null, "description", "category"])).rejects.toThrow(
      "Missing required fields: photo_urls",
    );
    await applyBulkMapping(db, seller, id, view.mapping);

    // Review: the form's own messages on the bad rows, which come first.
    view = await getBulkImport(db, seller, id);
    expect(view.status).toBe("review");
    expect(view.errorCount).toBe(3);
    expect(view.rows.slice(0, 3).map((r) => [r.rowNumber, r.errors])).toEqual([
      [3, [{ field: "price", message: "Price 'not a price' is not a number" }]],
      // The value given and the list, not "Condition is required".
      [
        4,
        [
          {
            field: "condition",
            message:
              "Condition 'mint' is not one of New, Open Box, Used - Excellent, Used - Very Good, Used - Good, Used - Fair, For Repair, Incomplete, Parts Only, As-Is",
          },
        ],
      ],
      // Neither the file nor the classifier knows what an "X1" by "Junk" is.
      [6, [{ field: "category", message: "Category is required" }]],
    ]);
    // The category was classified from brand and model where the file had none.
    expect(view.rows.find((r) => r.rowNumber === 2)).toMatchObject({ categorySource: "classifier" });
    expect(await rejectedRowsCsv(db, seller, id)).toContain(",error\r\n");
    await expect(continueToPayment(db, seller, id)).rejects.toThrow(BULK_MESSAGES.fixRowsFirst);

    // Fixes in place; one row removed.
    const fixed = await editBulkRow(db, seller, id, 3, { price: "410", condition: "good", description: "Scope", category: "" });
    expect(fixed.errors).toEqual([]);
    await editBulkRow(db, seller, id, 4, { price: "9000", condition: "like_new", description: "Analyzer", category: "" });
    await setBulkRowRemoved(db, seller, id, 6, true);
    view = await getBulkImport(db, seller, id);
    expect([view.errorCount, view.readyCount, view.removedCount]).toEqual([0, 5, 1]);

    // The AI job, killed after two rows, then resumed once the lease ran out: every row done once.
    await startBulkAi(db, seller, id);
    let calls = 0;
    await expect(
      runBulkAiJob(db, id, {
        afterRow: () => {
          calls += 1;
          if (calls === 2) throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    const later = new Date(Date.now() + 120_000);
    expect(await runBulkAiJob(db, id, { now: () => later })).toBe(true);
    view = await getBulkImport(db, seller, id);
    expect(view.ai).toMatchObject({ state: "done", done: 5, total: 5 });
    const generations = await db
      .selectFrom("ai_generations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", seller)
      .executeTakeFirstOrThrow();
    expect(Number(generations.n)).toBe(5);
    const fluke = view.rows.find((r) => r.rowNumber === 2)!;
    // No language model is configured here: the built-in generator wrote every row, and no row claims the model did.
    expect(fluke.aiProcessed).toBe(false);
    expect(view.rows.filter((r) => !r.removed).every((r) => r.aiDone && !r.aiProcessed)).toBe(true);
    expect(fluke.description.length).toBeGreaterThan(20);

    // Payment: 5 listings → one block of $5, 50 % exemption → $2.50; a 20 % promo → $2.00.
    await continueToPayment(db, seller, id);
    await db.insertInto("promo_codes").values({ code: "BULK20", discount_type: "percentage", discount_value: 2_000, max_uses: 10 }).execute();
    const preview = await bulkImportPayment(db, seller, id, "bulk20");
    expect(preview).toMatchObject({ count: 5, feeCents: 500, exemptionCents: 250, discountCents: 50, totalCents: 200 });
    await expect(bulkImportPayment(db, seller, id, "NOPE")).rejects.toThrow(BULK_MESSAGES.invalidPromo);
    const unused = await db.selectFrom("promo_codes").select("current_uses").where("code", "=", "BULK20").executeTakeFirstOrThrow();
    expect(Number(unused.current_uses)).toBe(0);
    await startBulkImport(db, seller, id, "BULK20");
    await expect(startBulkImport(db, seller, id, "BULK20")).rejects.toThrow(BULK_MESSAGES.wrongStep);
    const charge = await db.selectFrom("bulk_import_charges").selectAll().where("import_id", "=", id).executeTakeFirstOrThrow();
    expect(charge).toMatchObject({
      listing_count: 5,
      fee_cents: 500,
      exemption_cents: 250,
      discount_cents: 50,
      total_cents: 200,
      promo_code: "BULK20",
      status: "invoiced",
    });
    const used = await db.selectFrom("promo_codes").select("current_uses").where("code", "=", "BULK20").executeTakeFirstOrThrow();
    expect(Number(used.current_uses)).toBe(1);

    // The import job, killed after its first batch's rows, then resumed (by the scheduled pass's query): no duplicates.
    const photos = { allowHosts: [hostPort] };
    await expect(
      runBulkImportJob(db, uploads, id, {
        photos,
        afterRow: () => {
          throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect(await resumeBulkImportJobs(db, uploads, new Date(Date.now() - 1))).toBe(0);
    expect(await runBulkImportJob(db, uploads, id, { photos, now: () => new Date(Date.now() + 120_000) })).toBe(true);
    view = await getBulkImport(db, seller, id);
    expect(view).toMatchObject({ status: "imported", createdCount: 5, failedCount: 0 });
    const listings = await db.selectFrom("equipment_listings").select(["id", "status", "listing_type"]).where("user_id", "=", seller).execute();
    expect(listings).toHaveLength(5);
    expect(listings.every((l) => l.status === "active" && l.listing_type === "buy_now")).toBe(true);
    const keysight = view.rows.find((r) => r.rowNumber === 1)!;
    const images = await db.selectFrom("equipment_images").select("id").where("listing_id", "=", keysight.listingId!).execute();
    expect(images).toHaveLength(2);
    // The private address was refused and reported on its row; the row's other photo came through.
    const hioki = view.rows.find((r) => r.rowNumber === 5)!;
    expect(hioki.photoErrors).toEqual([{ url: "http://10.0.0.7/secret.png", message: expect.stringContaining("private or local network") }]);
    expect(hioki.listingId).not.toBeNull();

    // History.
    expect((await listBulkImports(db, seller))[0]).toMatchObject({ id, status: "imported", rowCount: 6, createdCount: 5, totalCents: 200 });
  });

  it("counts a row as AI processed only when the language model wrote it", async () => {
    const db = database.db;
    const fake = await startFakeOpenAi();
    try {
      const parsed = await csv(
        `brand,model,condition,price,photo_urls\r\nFluke,87V,good,325,${origin}/photo-1.png\r\nFluke,FAKE-500,good,300,${origin}/photo-2.png\r\n`,
      );
      const id = await createBulkImport(db, seller, "model.csv", parsed);
      await applyBulkMapping(db, seller, id, (await getBulkImport(db, seller, id)).mapping);
      await startBulkAi(db, seller, id);
      const config = { apiKey: "bulk-key", baseURL: fake.url, model: "fake-writer", visionModel: "fake-vision", timeoutMs: 5000 };
      expect(await runBulkAiJob(db, id, { ai: { config, sleep: async () => {} } })).toBe(true);
      const rows = (await getBulkImport(db, seller, id)).rows;
      // The model wrote the first; it failed on the second, which the built-in generator wrote instead.
      expect(rows.map((r) => [r.model, r.aiDone, r.aiProcessed])).toEqual([
        ["87V", true, true],
        ["FAKE-500", true, false],
      ]);
    } finally {
      await fake.close();
    }
  });

  it("keeps imports to their owner", async () => {
    const other = await insertUserRow(database.db, undefined, "seller");
    const id = await createBulkImport(
      database.db,
      seller,
      "mine.csv",
      await csv("brand,model,condition,price,photo_urls\nA,B,good,1,https://x.example/a.jpg\n"),
    );
    await expect(getBulkImport(database.db, other, id)).rejects.toThrow(BULK_MESSAGES.importNotFound);
    await expect(applyBulkMapping(database.db, other, id, ["brand", "model", "condition", "price", "photo_urls"])).rejects.toThrow(
      BULK_MESSAGES.importNotFound,
    );
  });

  it("lets the server answer between the AI step's rows (a job of thousands of rows held it for 20 s)", async () => {
    const db = database.db;
    const lines = Array.from({ length: 6 }, (_, n) => `Fluke,87V-${n},good,${300 + n},https://x.example/${n}.jpg`);
    const id = await createBulkImport(db, seller, "many.csv", await csv(`brand,model,condition,price,photo_urls\n${lines.join("\n")}\n`));
    await applyBulkMapping(db, seller, id, ["brand", "model", "condition", "price", "photo_urls"]);
    await startBulkAi(db, seller, id);
    // A request's work, waiting on the event loop as the job starts.
    let answered = false;
    setImmediate(() => (answered = true));
    const answeredBeforeRow: boolean[] = [];
    expect(await runBulkAiJob(db, id, { afterRow: () => answeredBeforeRow.push(answered) })).toBe(true);
    expect(answeredBeforeRow).toHaveLength(6);
    expect(answeredBeforeRow.slice(1)).toEqual([true, true, true, true, true]);
  });
});
