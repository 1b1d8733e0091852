// The pure rules of sale events: staggered closes, the bounds of the schedule and the catalogue, the buyer's premium,
// the deposit and the event's status.
import { describe, expect, it } from "vitest";
import {
  BIDDER_STATUSES,
  buyersPremiumCents,
  DEPOSIT_KINDS,
  EVENT_EXTENSION_CAP_MINUTES,
  EVENT_SOFT_CLOSE_SECONDS,
  SALE_EVENT_PHASES,
  SALE_EVENT_STATUSES,
  SALE_EVENT_STORED_STATUSES,
  depositCents,
  depositReferenceFor,
  isCloseIntervalAllowed,
  isExtensionCapAllowed,
  isLotCountAllowed,
  isSoftCloseAllowed,
  lotCloseAt,
  lotCloseTimes,
  lotExtensionsEndAt,
  MAX_EVENT_LOTS,
  premiumMessage,
  SALE_EVENT_MESSAGES,
  saleEventPhase,
  saleEventStatus,
} from "~/lib/sale-events.ts";

const T = new Date("2027-03-01T15:00:00.000Z");

describe("the staggered close schedule", () => {
  it("closes lot i at T + (i − 1)·Δ", () => {
    expect(lotCloseAt(T, 60, 1).toISOString()).toBe("2027-03-01T15:00:00.000Z");
    expect(lotCloseAt(T, 60, 17).toISOString()).toBe("2027-03-01T15:16:00.000Z");
    expect(lotCloseAt(T, 30, 3).toISOString()).toBe("2027-03-01T15:01:00.000Z");
    expect(lotCloseTimes(T, 600, 3).map((d) => d.toISOString())).toEqual(["2027-03-01T15:00:00.000Z", "2027-03-01T15:10:00.000Z", "2027-03-01T15:20:00.000Z"]);
  });

  it("caps extensions at the lot's scheduled close plus the cap", () => {
    expect(lotExtensionsEndAt(lotCloseAt(T, 60, 2), 60).toISOString()).toBe("2027-03-01T16:01:00.000Z");
  });

  it("bounds the close interval to 30 s .. 10 min", () => {
    expect(isCloseIntervalAllowed(29)).toBe(false);
    expect(isCloseIntervalAllowed(30)).toBe(true);
    expect(isCloseIntervalAllowed(600)).toBe(true);
    expect(isCloseIntervalAllowed(601)).toBe(false);
    expect(isCloseIntervalAllowed(60.5)).toBe(false);
    expect(SALE_EVENT_MESSAGES.closeInterval).toBe("The close interval must be between 30 seconds and 10 minutes");
  });

  it("bounds the soft-close window and the extension cap", () => {
    expect(isSoftCloseAllowed(29)).toBe(false);
    expect(isSoftCloseAllowed(120)).toBe(true);
    expect(isSoftCloseAllowed(901)).toBe(false);
    expect(isExtensionCapAllowed(0)).toBe(true);
    expect(isExtensionCapAllowed(-1)).toBe(false);
    expect(isExtensionCapAllowed(24 * 60 + 1)).toBe(false);
  });

  it("holds at most 2,000 lots", () => {
    expect(MAX_EVENT_LOTS).toBe(2000);
    expect(isLotCountAllowed(2000)).toBe(true);
    expect(isLotCountAllowed(2001)).toBe(false);
    expect(SALE_EVENT_MESSAGES.tooManyLots).toBe("A sale holds at most 2,000 lots");
  });
});

describe("the buyer's premium", () => {
  it("is the percentage of the bid, rounded", () => {
    expect(buyersPremiumCents(100_000, { percent: 1500 })).toBe(15_000);
    expect(buyersPremiumCents(333, { percent: 1500 })).toBe(50);
  });

  it("is at least the minimum and at most the maximum", () => {
    expect(buyersPremiumCents(10_000, { percent: 1000, minCents: 5_000 })).toBe(5_000);
    expect(buyersPremiumCents(10_000_000, { percent: 1000, maxCents: 250_000 })).toBe(250_000);
    expect(buyersPremiumCents(100_000, { percent: 1000, minCents: 5_000, maxCents: 250_000 })).toBe(10_000);
  });

  it("is nothing on no bid or no percentage", () => {
    expect(buyersPremiumCents(0, { percent: 1000, minCents: 5_000 })).toBe(0);
    expect(buyersPremiumCents(10_000, { percent: 0 })).toBe(0);
  });

  it("reads as the bid plus the premium", () => {
    expect(premiumMessage(100_000, 15_000, "USD")).toBe("You will pay $1,000 + premium $150");
    expect(premiumMessage(100_050, 15_008, "EUR")).toBe("You will pay €1,000.50 + premium €150.08");
  });
});

describe("the deposit", () => {
  it("is nothing, the fixed amount, or the percentage of the requested limit rounded up", () => {
    expect(depositCents({ kind: "none", fixedCents: 50_000, percentBps: null }, 1_000_000)).toBe(0);
    expect(depositCents({ kind: "fixed", fixedCents: 50_000, percentBps: null }, null)).toBe(50_000);
    expect(depositCents({ kind: "percent", fixedCents: null, percentBps: 1000 }, 1_000_000)).toBe(100_000);
    expect(depositCents({ kind: "percent", fixedCents: null, percentBps: 1000 }, 1_001)).toBe(101);
  });

  it("names the payment reference from the event and the registration", () => {
    expect(depositReferenceFor(12, 345)).toBe("TB-SE12-B345");
  });
});

describe("the event's status", () => {
  const base = {
    stored: "scheduled" as const,
    startsAt: new Date("2027-03-01T12:00:00.000Z"),
    firstLotEndsAt: new Date("2027-03-01T15:00:00.000Z"),
    lastLotEndsAt: new Date("2027-03-01T16:00:00.000Z"),
  };
  it("is scheduled before the start, live from it, closing once lot 1 closed, closed once every lot ended", () => {
    expect(saleEventStatus({ ...base, now: new Date("2027-03-01T11:59:59.000Z") })).toBe("scheduled");
    expect(saleEventStatus({ ...base, now: new Date("2027-03-01T12:00:00.000Z") })).toBe("live");
    expect(saleEventStatus({ ...base, now: new Date("2027-03-01T15:00:00.000Z") })).toBe("closing");
    expect(saleEventStatus({ ...base, now: new Date("2027-03-01T16:00:00.000Z") })).toBe("closed");
  });

  it("keeps draft and cancelled as stored", () => {
    const late = new Date("2027-03-02T00:00:00.000Z");
    expect(saleEventStatus({ ...base, stored: "draft", now: late })).toBe("draft");
    expect(saleEventStatus({ ...base, stored: "cancelled", now: late })).toBe("cancelled");
  });

  it("groups statuses into the listing's phases", () => {
    expect(saleEventPhase("scheduled")).toBe("upcoming");
    expect(saleEventPhase("live")).toBe("live");
    expect(saleEventPhase("closing")).toBe("live");
    expect(saleEventPhase("closed")).toBe("closed");
    expect(saleEventPhase("draft")).toBeNull();
  });
});

describe("the choices the forms offer", () => {
  it("lists the statuses, phases, bidder statuses, deposit kinds and the bounds of W and the cap", () => {
    expect(SALE_EVENT_STORED_STATUSES).toEqual(["draft", "scheduled", "cancelled"]);
    expect(SALE_EVENT_STATUSES).toEqual(["draft", "scheduled", "live", "closing", "closed", "cancelled"]);
    expect(SALE_EVENT_PHASES).toEqual(["upcoming", "live", "closed"]);
    expect(BIDDER_STATUSES).toEqual(["pending", "approved", "declined", "in_review"]);
    expect(DEPOSIT_KINDS).toEqual(["none", "fixed", "percent"]);
    expect(EVENT_SOFT_CLOSE_SECONDS).toEqual({ min: 30, max: 900 });
    expect(EVENT_EXTENSION_CAP_MINUTES).toEqual({ min: 0, max: 1440 });
  });
});
