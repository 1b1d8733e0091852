// One party in its own OS process: opens the database, says "ready", waits for "go" on stdin, then either accepts an
// offer ("accept <offerId> <userId>") or buys the listing with Buy Now ("buy <listingId> <buyerId>"), and prints the
// outcome as one JSON line. Used by the acceptance race tests (tests/integration/orders/offers.test.ts).
import readline from "node:readline";
import { openDatabase } from "#db/dialect.ts";
import { DomainError } from "~/services/domain-error.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { respondToOffer } from "~/services/orders/offers.server.ts";
import { SHIPPING_ADDRESS } from "./orders.ts";

const [url, mode, id, userId] = process.argv.slice(2);
const opened = openDatabase({ url, synchronous: "OFF", busyTimeoutMs: 20_000 });

const input = readline.createInterface({ input: process.stdin });
process.stdout.write("ready\n");
input.once("line", async () => {
  input.close();
  let outcome: { ok: true; orderId: number | null } | { ok: false; message: string };
  try {
    if (mode === "accept") {
      const { orderId } = await respondToOffer(opened.db, { offerId: Number(id), userId, action: "accept" });
      outcome = { ok: true, orderId };
    } else {
      const { orderId } = await buyNow(opened.db, { listingId: Number(id), buyerId: userId, shipping: SHIPPING_ADDRESS });
      outcome = { ok: true, orderId };
    }
  } catch (error) {
    outcome = { ok: false, message: error instanceof DomainError ? error.message : String(error) };
  }
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
  await opened.close();
});
