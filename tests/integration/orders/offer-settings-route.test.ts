// Saving a listing's offer settings through /edit-listing/{id}: an automatic price under half the listing's price
// is refused with its question ("… is N % of your price — is that right?") and nothing is saved, until the seller
// ticks "Yes, keep these prices".
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { OFFER_MESSAGES } from "~/lib/offers.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls, type RouteHandlers } from "../../support/route-calls.ts";
import { ROUTE_CONTEXT, sessionCookie } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const editRoute: RouteHandlers = await import("~/routes/edit-listing.$id.tsx");

let opened: OpenedDatabase;
let seller: string;
let listingId: number;
const { answer } = routeCalls({ db: () => opened.db });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
  listingId = await insertListingRow(opened.db, seller, {
    title: "Rohde & Schwarz FSV spectrum analyzer",
    price_cents: 100_000,
    description: "Calibrated, with all options.",
  });
});
afterAll(() => opened.close());

/** The edit form as the browser sends it (multipart), with the listing's fields unchanged and `offers` added. */
async function save(offers: Record<string, string>) {
  const form = new FormData();
  const fields: Record<string, string> = {
    title: "Rohde & Schwarz FSV spectrum analyzer",
    description: "Calibrated, with all options.",
    categoryId: "industrial_electronics_test_measurement_oscilloscopes",
    listingType: "buy_now",
    price: "1000",
    currency: "USD",
    condition: "used_good",
    status: "active",
    ...offers,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request(`http://localhost/edit-listing/${listingId}`, {
    method: "POST",
    headers: { Cookie: await sessionCookie(opened.db, seller) },
    body: form,
  });
  return answer(async () => editRoute.action!({ request, params: { id: String(listingId) }, context: ROUTE_CONTEXT }));
}

const stored = () =>
  opened.db
    .selectFrom("equipment_listings")
    .select(["accepts_offers", "auto_accept_cents", "auto_decline_cents"])
    .where("id", "=", listingId)
    .executeTakeFirstOrThrow();

describe("/edit-listing/{id} offer settings", () => {
  it("refuses a low auto-accept price without the tick, with the question beside it, and saves nothing", async () => {
    const before = await stored();
    const answered = await save({ acceptsOffers: "on", autoAcceptPrice: "300" });
    expect(answered.status).toBe(400);
    const errors = (answered.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.autoAcceptPrice).toEqual(["Your auto-accept price is 30 % of your price — is that right?"]);
    expect(errors.confirmLowPrices).toEqual([OFFER_MESSAGES.confirmLowPrices]);
    expect(await stored()).toEqual(before);
    expect(before.auto_accept_cents).toBeNull();
  });

  it("saves the low auto-accept price once the seller ticks Yes, keep these prices", async () => {
    const answered = await save({ acceptsOffers: "on", autoAcceptPrice: "300", confirmLowPrices: "on" });
    expect(answered.status).toBe(302);
    expect(answered.location).toMatch(new RegExp(`^/edit-listing/${listingId}\\?saved=`));
    expect(await stored()).toMatchObject({ auto_accept_cents: 30_000 });
    expect(Number((await stored()).accepts_offers)).toBe(1);
  });
});
