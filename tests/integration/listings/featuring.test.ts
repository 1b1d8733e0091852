// Paid featuring and the home page's rotation, on both engines:
// a seller features their active listing for one of the durations on sale; the charge is a platform fee owed (their
// dashboard, the admin's report); buying again extends from the end; it ends by itself; refusals for another's
// listing, a draft, a moderated listing, one staff feature, and a duration not on sale. The home page shows every
// featured listing in turn, not only the newest six.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { FEATURED_ROTATION, featuredWindowStart } from "~/lib/featuring.ts";
import { FEE_SCHEDULE } from "~/lib/fees.ts";
import { LISTING_UNDER_REVIEW, MODERATION_HOLD_MESSAGES } from "~/lib/moderation.ts";
import { getSellerTasks } from "~/services/dashboards/seller-dashboard.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import {
  endExpiredFeaturings,
  FEATURING_MESSAGES,
  featureListing,
  featuredListings,
  featuringState,
  listPlatformFees,
  platformFeesOwed,
} from "~/services/listings/index.server.ts";
import { runScheduledWork } from "~/flows/scheduled-work.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-12-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let opened: OpenedDatabase;
let seller = "";
let other = "";

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const listingRow = (id: number) =>
  opened.db.selectFrom("equipment_listings").select(["is_featured", "featured_until"]).where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(() => {
  opened = createTestDatabase();
});
afterAll(async () => {
  await opened.close();
});
beforeEach(async () => {
  for (const table of ["platform_fees", "equipment_listings", "sessions", "profiles", "users"] as const) await opened.db.deleteFrom(table).execute();
  seller = await insertUserRow(opened.db, undefined, "seller");
  other = await insertUserRow(opened.db, undefined, "seller");
  await opened.db.updateTable("profiles").set({ company_name: "Scope Traders Ltd" }).where("id", "=", seller).execute();
});

describe("buying a featuring", () => {
  it("charges a platform fee, features the listing until its end, extends from the end, and ends by itself", async () => {
    const listingId = await insertListingRow(opened.db, seller, { title: "Tektronix MSO54 oscilloscope" });
    const price = FEE_SCHEDULE.featuredListing;
    const bought = await featureListing(opened.db, { sellerId: seller, listingId, days: 7, now: T0 });
    expect(bought).toMatchObject({
      amountCents: 7 * price.dayPriceCents,
      currency: price.currency,
      startsAt: T0.toISOString(),
      endsAt: at(7 * DAY).toISOString(),
    });
    expect(await listingRow(listingId)).toEqual({ is_featured: 1, featured_until: at(7 * DAY).toISOString() });
    expect((await featuredListings(opened.db, 6, at(DAY))).map((card) => card.id)).toEqual([listingId]);

    // Bought again while it runs: the new days start at the end of the current ones.
    const again = await featureListing(opened.db, { sellerId: seller, listingId, days: 14, now: at(2 * DAY) });
    expect(again).toMatchObject({ startsAt: at(7 * DAY).toISOString(), endsAt: at(21 * DAY).toISOString(), amountCents: 14 * price.dayPriceCents });
    expect((await featuringState(opened.db, seller, listingId, at(3 * DAY))).featured).toEqual({ bySeller: true, until: at(21 * DAY).toISOString() });

    // The ledger: two fees owed by the seller, on their dashboard and in the admin's report.
    expect(await platformFeesOwed(opened.db, seller)).toEqual([{ currency: "USD", cents: 21 * price.dayPriceCents }]);
    expect(await platformFeesOwed(opened.db, other)).toEqual([]);
    expect((await getSellerTasks(opened.db, seller, at(3 * DAY))).platformFeesOwed).toEqual([{ currency: "USD", cents: 21 * price.dayPriceCents }]);
    const fees = await listPlatformFees(opened.db);
    expect(fees.map((fee) => [fee.days, fee.amountCents, fee.status, fee.sellerName, fee.listingId])).toEqual([
      [14, 14 * price.dayPriceCents, "owed", "Scope Traders Ltd", listingId],
      [7, 7 * price.dayPriceCents, "owed", "Scope Traders Ltd", listingId],
    ]);
    expect(fees[0]!.description).toBe("Featured listing, 14 days: Tektronix MSO54 oscilloscope");

    // It ends by itself: the home page reads the end, and the scheduler's pass clears the flag.
    expect(await featuredListings(opened.db, 6, at(21 * DAY))).toEqual([]);
    expect(await endExpiredFeaturings(opened.db, at(21 * DAY - 1))).toBe(0);
    await runScheduledWork(opened.db, at(21 * DAY));
    expect(await listingRow(listingId)).toEqual({ is_featured: 0, featured_until: null });
    // The fees stay owed.
    expect(await platformFeesOwed(opened.db, seller)).toEqual([{ currency: "USD", cents: 21 * price.dayPriceCents }]);
  });

  it("refuses another's listing, a draft, a moderated listing, one staff feature, and a duration not on sale; nothing is charged", async () => {
    const active = await insertListingRow(opened.db, seller);
    const draft = await insertListingRow(opened.db, seller, { status: "draft" });
    const hidden = await insertListingRow(opened.db, seller, { status: LISTING_UNDER_REVIEW });
    const byStaff = await insertListingRow(opened.db, seller, { is_featured: 1 });
    expect(await refusal(featureListing(opened.db, { sellerId: other, listingId: active, days: 7 }))).toMatchObject({ kind: "not_found" });
    expect(await refusal(featuringState(opened.db, other, active))).toMatchObject({ kind: "not_found" });
    expect(await refusal(featureListing(opened.db, { sellerId: seller, listingId: draft, days: 7 }))).toMatchObject({
      kind: "conflict",
      message: FEATURING_MESSAGES.notActive,
    });
    expect(await refusal(featureListing(opened.db, { sellerId: seller, listingId: hidden, days: 7 }))).toMatchObject({
      kind: "forbidden",
      message: MODERATION_HOLD_MESSAGES[LISTING_UNDER_REVIEW],
    });
    expect(await refusal(featureListing(opened.db, { sellerId: seller, listingId: byStaff, days: 7 }))).toMatchObject({
      kind: "conflict",
      message: FEATURING_MESSAGES.byStaff,
    });
    for (const days of [0, 1, 8, 365, -7, 7.5, Number.NaN]) {
      expect(await refusal(featureListing(opened.db, { sellerId: seller, listingId: active, days }))).toMatchObject({ kind: "invalid", field: "days" });
    }
    expect(await refusal(featureListing(opened.db, { sellerId: seller, listingId: 999_999, days: 7 }))).toMatchObject({ kind: "not_found" });
    expect((await featuringState(opened.db, seller, draft)).problem).toBe(FEATURING_MESSAGES.notActive);
    expect(await listPlatformFees(opened.db)).toEqual([]);
    expect(await listingRow(active)).toEqual({ is_featured: 0, featured_until: null });
  });
});

describe("the home page's featured rotation", () => {
  it("shows every featured listing in turn, six at a time, not only the newest six", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 14; i += 1)
      ids.push(await insertListingRow(opened.db, seller, { is_featured: 1, title: `Featured ${i}`, created_at: at(i * DAY).toISOString() }));
    await insertListingRow(opened.db, seller, { is_featured: 1, status: "draft" });
    await insertListingRow(opened.db, seller, { is_featured: 1, featured_until: at(-DAY).toISOString() });
    const turn = FEATURED_ROTATION.minutes * 60_000;
    const turns = Math.ceil(ids.length / FEATURED_ROTATION.shown);
    const seen = new Set<number>();
    for (let n = 0; n < turns; n += 1) {
      const shown = (await featuredListings(opened.db, FEATURED_ROTATION.shown, new Date(T0.getTime() + n * turn))).map((card) => card.id);
      expect(shown).toHaveLength(FEATURED_ROTATION.shown);
      expect(new Set(shown).size).toBe(FEATURED_ROTATION.shown);
      for (const id of shown) seen.add(id);
    }
    // Every featured listing was on the home page within ceil(14 / 6) = 3 turns; the oldest one included.
    expect([...seen].sort((a, b) => a - b)).toEqual(ids);
  });

  it("shows all of them when there are no more than six, and the window arithmetic covers every listing", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await insertListingRow(opened.db, seller, { is_featured: 1 }));
    expect((await featuredListings(opened.db)).map((card) => card.id)).toEqual(ids);
    for (const count of [7, 12, 13, 100]) {
      const covered = new Set<number>();
      const turns = Math.ceil(count / 6);
      for (let n = 0; n < turns; n += 1) {
        const start = featuredWindowStart(count, new Date(n * 15 * 60_000), { shown: 6, minutes: 15 });
        for (let k = 0; k < 6; k += 1) covered.add((start + k) % count);
      }
      expect(covered.size).toBe(count);
    }
  });
});
