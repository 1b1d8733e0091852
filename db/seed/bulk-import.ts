// The bulk import demo: the demo seller's past import in the history of /bulk-upload, made through the
// import services — four rows of a supplier's spreadsheet, one removed in review, three imported as active Buy Now
// listings. Its photo addresses point inside the network, so the server refused them and each row reports why (the
// demo has no photo host to fetch from); the fee was invoiced for one block of 25.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import type { UploadStore } from "../../app/services/storage/upload-store.server.ts";
import { chunksOf, parseBulkCsv } from "../../app/services/listings/bulk-csv.server.ts";
import { applyBulkMapping, continueToPayment, createBulkImport, getBulkImport, setBulkRowRemoved, startBulkImport } from "../../app/services/listings/bulk-import.server.ts";
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
