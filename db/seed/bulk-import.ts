// The bulk import demo: the demo seller's past import in the history of /bulk-upload, made through the
// import services — four rows of a supplier's spreadsheet, one removed in review, three imported as active Buy Now
// listings. Its photo addresses point inside the network, so the server refused them and each row reports why (the
// demo has no photo host to fetch from); the fee was invoiced for one block of 25.
// And a held import: a dealer's first import, larger than the review threshold, waiting for staff on /admin/bulk-imports.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import type { UploadStore } from "../../app/services/storage/upload-store.server.ts";
import { chunksOf, parseBulkCsv } from "../../app/services/bulk-import/bulk-csv.server.ts";
import { BULK_LIMITS } from "../../app/lib/bulk-import.ts";
import {
  applyBulkMapping,
  continueToPayment,
  createBulkImport,
  getBulkImport,
  setBulkRowRemoved,
  startBulkImport,
} from "../../app/services/bulk-import/bulk-import.server.ts";
import { runBulkImportJob } from "../../app/flows/bulk-import-jobs.server.ts";

const DEMO_FILE = [
  "Manufacturer,Part number,Condition,Price,Images,Description,Location",
  'Fluke,289,good,495,http://10.20.0.5/stock/fluke-289.jpg,"True-RMS logging multimeter with FlukeView cable, leads and case.","Columbus, OH"',
  'Keysight,E3631A,excellent,640,http://10.20.0.5/stock/e3631a.jpg,"Triple-output bench supply, 0-6 V / 0-25 V, GPIB. Fan replaced.","Columbus, OH"',
  'Omron,CP1L-EM40DR-D,like_new,310,http://10.20.0.5/stock/cp1l.jpg,"PLC with Ethernet, 24 inputs and 16 relay outputs. Pulled from a test rig.","Columbus, OH"',
  'Unknown,Box of cables,poor,15,http://10.20.0.5/stock/cables.jpg,"Assorted BNC leads.","Columbus, OH"',
].join("\r\n");

/** Seeds one finished import for the seller; does nothing if the seller has one already. */
export async function seedDemoBulkImport(db: Kysely<Database>, uploads: UploadStore, { sellerId, now }: { sellerId: string; now: Date }): Promise<void> {
  const existing = await db.selectFrom("bulk_imports").select("id").where("user_id", "=", sellerId).executeTakeFirst();
  if (existing) return;
  const at = new Date(now.getTime() - 5 * 24 * 3_600_000);
  const parsed = await parseBulkCsv(chunksOf(new TextEncoder().encode(DEMO_FILE)));
  const id = await createBulkImport(db, sellerId, "supplier-stock-october.csv", parsed, at);
  await applyBulkMapping(db, sellerId, id, (await getBulkImport(db, sellerId, id)).mapping, at);
  await setBulkRowRemoved(db, sellerId, id, 4, true);
  await continueToPayment(db, sellerId, id, at);
  await startBulkImport(db, sellerId, id, null, at);
  // No allowed hosts: the private addresses are refused at once, without a network call.
  await runBulkImportJob(db, uploads, id, { now: () => at, photos: { allowHosts: [] } });
}

/** The dealer whose first import waits for review: a dealer who lists by hand and has never imported. */
export const HELD_IMPORT_DEALER_EMAIL = "sales@highdesertmining.test";

const HELD_STOCK: ReadonlyArray<{ brand: string; model: string; item: string; price: number; what: string }> = [
  { brand: "Metso", model: "C106", item: "jaw_crushers", price: 148_000, what: "Jaw crusher, 1060 x 700 mm feed opening" },
  { brand: "Sandvik", model: "CH440", item: "cone_crushers", price: 96_500, what: "Cone crusher with ASRi control" },
  { brand: "Terex Finlay", model: "694+", item: "vibrating_screens", price: 61_200, what: "Inclined three-deck screen" },
  { brand: "Epiroc", model: "SB 452", item: "rock_breakers", price: 18_750, what: "Hydraulic rock breaker" },
  { brand: "FLSmidth", model: "AF-1500", item: "apron_feeders", price: 42_300, what: "Apron feeder, 1500 mm pans" },
];

/** One row per unit in the yard: more rows than the review threshold, each a ready listing. */
function heldImportFile(rows: number): string {
  const lines = ["Manufacturer,Part number,Condition,Price,Images,Description,Category,Location"];
  for (let n = 1; n <= rows; n += 1) {
    const stock = HELD_STOCK[(n - 1) % HELD_STOCK.length]!;
    const unit = String(n).padStart(3, "0");
    const price = stock.price + ((n * 37) % 20) * 50;
    lines.push(
      `${stock.brand},${stock.model},good,${price},http://10.20.0.5/yard/unit-${unit}.jpg,"${stock.what}. Yard unit ${unit}, inspected and ready to load.",heavy_equipment_mining_${stock.item},"Elko, NV"`,
    );
  }
  return lines.join("\r\n");
}

/**
 * Seeds the dealer's first import, over the review threshold, up to "Import": it is held (nothing charged, no
 * listing made) until staff decide on /admin/bulk-imports. Does nothing if the dealer has an import already.
 */
export async function seedDemoHeldBulkImport(db: Kysely<Database>, { dealerId, now }: { dealerId: string; now: Date }): Promise<void> {
  const existing = await db.selectFrom("bulk_imports").select("id").where("user_id", "=", dealerId).executeTakeFirst();
  if (existing) return;
  const at = new Date(now.getTime() - 20 * 3_600_000);
  const parsed = await parseBulkCsv(chunksOf(new TextEncoder().encode(heldImportFile(BULK_LIMITS.reviewThreshold + 40))));
  const id = await createBulkImport(db, dealerId, "high-desert-yard-list.csv", parsed, at);
  await applyBulkMapping(db, dealerId, id, (await getBulkImport(db, dealerId, id)).mapping, at);
  await continueToPayment(db, dealerId, id, at);
  const started = await startBulkImport(db, dealerId, id, null, at);
  if (!started.held) throw new Error("The demo's held import was not held");
}
