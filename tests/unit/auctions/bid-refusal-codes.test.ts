// A refused bid carries a code callers branch on (the answer's status and field come from it), never its text: each
// rule of the engine names its own code, and the bid form's answer takes status and field from the DomainError.
import { describe, expect, it } from "vitest";
import { resolveBid, type AuctionBidState, type BidAttempt } from "~/services/auctions/bid-resolution.ts";

const now = new Date("2026-11-25T12:00:00Z");
const state: AuctionBidState = {
  status: "active",
  startsAt: new Date("2026-11-20T12:00:00Z"),
  endsAt: new Date("2026-11-30T12:00:00Z"),
  sellerId: "seller",
  currency: "USD",
  startingPriceCents: 10_000,
  reserveCents: null,
  fixedIncrementCents: 1_000,
  currentPriceCents: 20_000,
  bidCount: 3,
  autoExtend: false,
  extensionsEndAt: null,
  leader: { bidId: 1, userId: "leader", maxCents: 25_000 },
};
const attempt = (change: Partial<BidAttempt>): BidAttempt => ({ bidderId: "bidder", amountCents: 30_000, maxCents: null, now, ...change });

function codeOf(s: AuctionBidState, a: BidAttempt) {
  const resolution = resolveBid(s, a);
  return resolution.kind === "rejected" ? resolution.code : resolution.kind;
}

describe("bid refusal codes", () => {
  it("names each rule's refusal", () => {
    expect(codeOf({ ...state, status: "ended" }, attempt({}))).toBe("not_active");
    expect(codeOf(state, attempt({ bidderId: "seller" }))).toBe("own_auction");
    expect(codeOf(state, attempt({ amountCents: 0 }))).toBe("invalid_amount");
    expect(codeOf(state, attempt({ maxCents: 29_000 }))).toBe("maximum_below_bid");
    expect(codeOf(state, attempt({ bidderId: "leader", amountCents: 21_000, maxCents: 24_000 }))).toBe("already_leading");
    expect(codeOf(state, attempt({ amountCents: 20_000 }))).toBe("too_low");
    expect(codeOf(state, attempt({ amountCents: 20_500 }))).toBe("too_low");
    expect(codeOf(state, attempt({}))).toBe("accepted");
  });

  it("keeps the spec's words as the message whatever the code", () => {
    const refused = resolveBid(state, attempt({ bidderId: "seller" }));
    expect(refused).toEqual({ kind: "rejected", code: "own_auction", message: "You cannot bid on your own auction" });
  });
});
