// One buyer in its own OS process: opens the database file, says "ready", waits for "go" on stdin, tries to buy
// the listing and prints the outcome as one JSON line. Used by the buy-now race test.
import { DomainError } from "~/services/domain-error.ts";
import readline from "node:readline";
import { openDatabase } from "#db/dialect.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";

const [file, listingId, buyerId] = process.argv.slice(2);
const opened = openDatabase({ url: file, synchronous: "OFF", busyTimeoutMs: 20_000 });
const shipping = {
  shippingName: "Race Buyer",
  shippingCompany: "",
  shippingAddress: "1 Test Street",
  shippingCity: "Dayton",
  shippingState: "OH",
  shippingZip: "45402",
  shippingCountry: "United States",
  shippingPhone: "",
};

const input = readline.createInterface({ input: process.stdin });
process.stdout.write("ready\n");
input.once("line", async () => {
  input.close();
  let outcome: { ok: true; orderId: number } | { ok: false; message: string };
  try {
    const { orderId } = await buyNow(opened.db, { listingId: Number(listingId), buyerId, shipping });
    outcome = { ok: true, orderId };
  } catch (error) {
    outcome = { ok: false, message: error instanceof DomainError ? error.message : String(error) };
  }
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
  await opened.close();
});
