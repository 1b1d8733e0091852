// Reinstating a suspended seller offers back what the suspension cancelled, on both engines: the offer lists
// each cancelled auction with where it stands (one still to end and without bids can be restored; one whose end passed
// cannot: "ended"; one with bids cannot), restoring brings the restorable one back (auction open, listing active), as
// it was or with a new end 1–30 days out, refuses the others, is audited and tells the seller, and restoring twice
// changes nothing. Also through the member page's action.
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { MEMBER_AUDIT_ACTIONS, MEMBER_MESSAGES, RESTORE_STATES } from "~/lib/admin-members.ts";
import { listSuspensionCancellations, reinstateUser, restoreSuspensionCancellations, suspendUser } from "~/services/admin/index.server.ts";
import { placeBid } from "~/services/auctions/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: null as unknown as Kysely<Database> }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const memberPage = await import("~/routes/admin.users_.$id.tsx");

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let opened: OpenedDatabase;
const people = { admin: "", support: "", seller: "", bidder: "" };
const calls = routeCalls({ db: () => opened.db });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function stateOf(auctionId: number) {
  return opened.db
    .selectFrom("auctions")
    .innerJoin("equipment_listings", "equipment_listings.id", "auctions.listing_id")
    .select(["auctions.status", "auctions.end_date", "auctions.cancelled_at", "equipment_listings.status as listing_status"])
    .where("auctions.id", "=", auctionId)
    .executeTakeFirstOrThrow();
}

beforeAll(() => {
  opened = createTestDatabase();
  database.current = opened.db;
});
afterAll(async () => {
  await opened.close();
});

/** At `t0` the seller has three live auctions: one ending in 10 days, one in 1 hour, one with a bid; then suspended. */
let t0: Date;
let future: { auctionId: number; listingId: number };
let soon: { auctionId: number; listingId: number };
let bidOn: { auctionId: number; listingId: number };
beforeEach(async () => {
  const db = opened.db;
  for (const table of [
    "suspension_cancellations",
    "notifications",
    "bids",
    "auctions",
    "equipment_listings",
    "audit_events",
    "sessions",
    "profiles",
    "users",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  people.admin = await insertUserRow(db, "admin@example.test", "admin");
  people.support = await insertUserRow(db, "support@example.test", "support");
  people.seller = await insertUserRow(db, "seller@example.test", "seller");
  people.bidder = await insertUserRow(db, "bidder@example.test", "buyer");
  t0 = new Date(Date.now() - 2 * DAY);
  future = await insertAuctionRow(db, people.seller, { end_date: new Date(t0.getTime() + 10 * DAY).toISOString() }, t0);
  soon = await insertAuctionRow(db, people.seller, { end_date: new Date(t0.getTime() + HOUR).toISOString() }, t0);
  bidOn = await insertAuctionRow(db, people.seller, { end_date: new Date(t0.getTime() + 10 * DAY).toISOString() }, t0);
  await placeBid(db, { auctionId: bidOn.auctionId, bidderId: people.bidder, amountCents: 100_000, now: t0 });
  const outcome = await suspendUser(db, people.admin, people.seller, { reason: "Checks" }, t0);
  expect(outcome.auctionsCancelled).toBe(3);
});

describe("the restore offer", () => {
  it("lists nothing while the seller is suspended, then each cancelled auction with where it stands", async () => {
    expect(await listSuspensionCancellations(opened.db, people.seller)).toEqual([]);
    const back = await refusal(restoreSuspensionCancellations(opened.db, people.admin, people.seller, { auctionIds: [future.auctionId] }));
    expect([back.kind, back.message]).toEqual(["conflict", MEMBER_MESSAGES.restoreWhileSuspended]);

    await reinstateUser(opened.db, people.admin, people.seller);
    const offer = await listSuspensionCancellations(opened.db, people.seller);
    const byAuction = new Map(offer.map((entry) => [entry.auctionId, entry]));
    expect(offer).toHaveLength(3);
    expect(byAuction.get(future.auctionId)).toMatchObject({ state: "restorable", previousStatus: "active" });
    expect(byAuction.get(soon.auctionId)).toMatchObject({ state: "ended" });
    expect(byAuction.get(bidOn.auctionId)).toMatchObject({ state: "had_bids" });
    expect(RESTORE_STATES.ended).toBe("Cannot be restored: ended (the seller can relist it)");
  });

  it("restores the future auction as it was, skips the ended one and the one with bids, audits it and tells the seller; twice changes nothing", async () => {
    await reinstateUser(opened.db, people.admin, people.seller);
    const before = await stateOf(future.auctionId);
    expect([before.status, before.listing_status]).toEqual(["cancelled", "unsold"]);

    const outcome = await restoreSuspensionCancellations(opened.db, people.admin, people.seller, {
      auctionIds: [future.auctionId, soon.auctionId, bidOn.auctionId],
    });
    expect(outcome.restored).toEqual([future.auctionId]);
    expect(outcome.skipped.sort((a, b) => a.auctionId - b.auctionId)).toEqual([
      { auctionId: soon.auctionId, state: "ended" },
      { auctionId: bidOn.auctionId, state: "had_bids" },
    ]);
    const after = await stateOf(future.auctionId);
    expect(after).toMatchObject({ status: "active", listing_status: "active", cancelled_at: null, end_date: before.end_date });
    expect(await stateOf(soon.auctionId)).toMatchObject({ status: "cancelled", listing_status: "unsold" });
    expect(await stateOf(bidOn.auctionId)).toMatchObject({ status: "cancelled", listing_status: "unsold" });

    const audit = await opened.db.selectFrom("audit_events").selectAll().where("action", "=", MEMBER_AUDIT_ACTIONS.restoreAuctions).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: people.admin, subject_type: "user", subject_id: people.seller });
    const detail = JSON.parse(audit[0]!.detail);
    expect(detail.old).toEqual([{ auction: future.auctionId, status: "cancelled", endDate: before.end_date }]);
    expect(detail.new).toEqual([{ auction: future.auctionId, status: "active", endDate: before.end_date }]);
    const told = await opened.db.selectFrom("notifications").selectAll().where("user_id", "=", people.seller).execute();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: "Your auction is back", action_url: `/auctions/${future.auctionId}` });

    const byAuction = new Map((await listSuspensionCancellations(opened.db, people.seller)).map((entry) => [entry.auctionId, entry.state]));
    expect(byAuction.get(future.auctionId)).toBe("restored");

    const again = await restoreSuspensionCancellations(opened.db, people.admin, people.seller, { auctionIds: [future.auctionId] });
    expect(again.restored).toEqual([]);
    expect(await stateOf(future.auctionId)).toEqual(after);
    expect(await opened.db.selectFrom("audit_events").select("id").where("action", "=", MEMBER_AUDIT_ACTIONS.restoreAuctions).execute()).toHaveLength(1);
    expect(await opened.db.selectFrom("notifications").select("id").where("user_id", "=", people.seller).execute()).toHaveLength(1);
  });

  it("restores with a new end 1–30 days from now, and refuses a new end outside that", async () => {
    await reinstateUser(opened.db, people.admin, people.seller);
    for (const endInDays of [0, 31]) {
      const wrong = await refusal(restoreSuspensionCancellations(opened.db, people.admin, people.seller, { auctionIds: [future.auctionId], endInDays }));
      expect([wrong.kind, wrong.message]).toEqual(["invalid", MEMBER_MESSAGES.restoreEndDays]);
    }
    const now = new Date();
    const outcome = await restoreSuspensionCancellations(opened.db, people.admin, people.seller, { auctionIds: [future.auctionId], endInDays: 3 }, now);
    expect(outcome.restored).toEqual([future.auctionId]);
    expect((await stateOf(future.auctionId)).end_date).toBe(new Date(now.getTime() + 3 * DAY).toISOString());
    // An ended one does not come back even with a new end: the seller relists it.
    const ended = await restoreSuspensionCancellations(opened.db, people.admin, people.seller, { auctionIds: [soon.auctionId], endInDays: 3 }, now);
    expect(ended).toEqual({ restored: [], skipped: [{ auctionId: soon.auctionId, state: "ended" }] });
  });

  it("through the member page: staff without can_manage_users are refused; the action restores once and says so", async () => {
    const path = `/admin/users/${people.seller}`;
    const params = { id: people.seller };
    const reinstated = await calls.post(memberPage, path, people.admin, { intent: "reinstate" }, params);
    expect(reinstated.data).toMatchObject({ ok: true, message: `${MEMBER_MESSAGES.reinstated} ${MEMBER_MESSAGES.restoreOffer(1)}` });
    const page = await calls.get(memberPage, path, people.admin, params);
    expect((page.data as { cancellations: unknown[] }).cancellations).toHaveLength(3);

    const bySupport = await calls.post(memberPage, path, people.support, { intent: "restore", auctionId: [String(future.auctionId)] }, params);
    expect(bySupport.status).toBe(403);
    expect((await stateOf(future.auctionId)).status).toBe("cancelled");

    const restored = await calls.post(
      memberPage,
      path,
      people.admin,
      { intent: "restore", auctionId: [String(future.auctionId), String(soon.auctionId)], endInDays: "" },
      params,
    );
    expect(restored.data).toEqual({ ok: true, message: MEMBER_MESSAGES.restored(1) });
    const twice = await calls.post(memberPage, path, people.admin, { intent: "restore", auctionId: [String(future.auctionId)] }, params);
    expect([twice.status, twice.data]).toEqual([409, { ok: false, message: MEMBER_MESSAGES.nothingRestored }]);
    const badDays = await calls.post(memberPage, path, people.admin, { intent: "restore", auctionId: [String(future.auctionId)], endInDays: "45" }, params);
    expect([badDays.status, badDays.data]).toEqual([400, { ok: false, message: MEMBER_MESSAGES.restoreEndDays }]);
  });
});
