// The Make Offer demo: after the demo seed, the demo buyer has an offer awaiting the seller, a counter
// awaiting the buyer and a declined offer, on listings of the demo seller that take offers.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { seedDemoMarketplace } from "#db/seed/demo.ts";
import { demoAccount } from "#db/seed/demo-accounts.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { listNegotiations } from "~/services/orders/offers.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";

let seeded: OpenedDatabase;
const uploadsDir = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp", `uploads-${crypto.randomUUID()}`);
const NOW = new Date("2026-12-02T12:00:00.000Z");

beforeAll(async () => {
  seeded = createTestDatabase();
  await seedDemoMarketplace(seeded.db, { uploads: new DiskStore(uploadsDir), now: NOW });
}, 300_000);
afterAll(async () => {
  await seeded.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

it("gives the demo buyer and seller a negotiation in each state", async () => {
  const idOf = async (role: "buyer" | "seller") =>
    (await seeded.db.selectFrom("profiles").select("id").where("email", "=", demoAccount(role).email).executeTakeFirstOrThrow()).id;
  const sent = await listNegotiations(seeded.db, await idOf("buyer"), "sent", NOW);
  expect(sent.map((n) => n.status).sort()).toEqual(["declined", "open", "open"]);
  expect(sent.find((n) => n.steps.length === 2)).toMatchObject({ status: "open", actions: ["accept", "decline", "counter"] });
  const received = await listNegotiations(seeded.db, await idOf("seller"), "received", NOW);
  expect(received.filter((n) => n.actions.includes("accept"))).toHaveLength(1);
});

it("prices every demo offer and automatic price in the listing's own scale (amounts in cents, not 100× off)", async () => {
  const offers = await seeded.db
    .selectFrom("offers")
    .innerJoin("equipment_listings", "equipment_listings.id", "offers.listing_id")
    .select(["offers.amount_cents", "equipment_listings.price_cents"])
    .execute();
  expect(offers.length).toBeGreaterThanOrEqual(4);
  for (const offer of offers) {
    expect(offer.amount_cents / offer.price_cents).toBeGreaterThanOrEqual(0.5);
    expect(offer.amount_cents).toBeLessThan(offer.price_cents);
  }
  const automatic = await seeded.db
    .selectFrom("equipment_listings")
    .select(["price_cents", "auto_accept_cents", "auto_decline_cents"])
    .where((eb) => eb.or([eb("auto_accept_cents", "is not", null), eb("auto_decline_cents", "is not", null)]))
    .execute();
  expect(automatic.length).toBeGreaterThanOrEqual(1);
  for (const listing of automatic) {
    for (const cents of [listing.auto_accept_cents, listing.auto_decline_cents]) {
      if (cents === null) continue;
      expect(cents / listing.price_cents).toBeGreaterThanOrEqual(0.5);
      expect(cents).toBeLessThan(listing.price_cents);
    }
  }
});
