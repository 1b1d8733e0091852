// Stored copies for the offline page's view tests: what the data layer hands the page.
import type { OfflineListing, OfflineListingCard, SavedSearchCopy, WatchedCopy } from "~/lib/offline/contracts.ts";
import type { PendingAction } from "~/lib/offline/outbox.ts";

export const NOW = new Date("2026-11-21T12:00:00.000Z");
const HOUR = 3_600_000;
export const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * HOUR).toISOString();
export const hoursAhead = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

export function listing(overrides: Partial<OfflineListing> = {}): OfflineListing {
  return {
    id: 41,
    title: "Keysight DSOX1204G oscilloscope",
    url: "/listings/41",
    listingType: "buy_now",
    status: "active",
    currency: "USD",
    priceCents: 125_000,
    currentBidCents: null,
    auctionId: null,
    auctionEndsAt: null,
    condition: "Used - Excellent",
    brand: "Keysight",
    model: "DSOX1204G",
    categoryName: "Oscilloscopes",
    location: "Austin, TX",
    description: "Four channels, 70 MHz.\nProbes included.",
    specifications: [
      { key: "Bandwidth", value: "70 MHz" },
      { key: "Channels", value: "4" },
    ],
    features: ["Serial decode", "WaveGen"],
    sellerName: "Lone Star Test Gear",
    imageUrls: ["/uploads/listings/41/a.webp", "/uploads/listings/41/b.webp"],
    ...overrides,
  };
}

/** A live auction copy: current bid, lot link, ends in 53 hours. */
export function auctionListing(overrides: Partial<OfflineListing> = {}): OfflineListing {
  return listing({
    id: 77,
    title: "Fluke 87V multimeter",
    url: "/auctions/9",
    listingType: "auction",
    priceCents: null,
    currentBidCents: 21_500,
    auctionId: 9,
    auctionEndsAt: hoursAhead(53),
    condition: "Used - Good",
    imageUrls: ["/uploads/listings/77/a.webp"],
    ...overrides,
  });
}

export function watched(copy: OfflineListing, overrides: Partial<WatchedCopy> = {}): WatchedCopy {
  return { listing: copy, notes: "", watchedAt: hoursAgo(30), savedAt: hoursAgo(2), ...overrides };
}

export function card(overrides: Partial<OfflineListingCard> = {}): OfflineListingCard {
  return {
    id: 301,
    title: "Rigol DS1054Z",
    url: "/listings/301",
    currency: "USD",
    priceCents: 39_900,
    currentBidCents: null,
    condition: "Used - Good",
    imageUrl: "/uploads/listings/301/card.webp",
    ...overrides,
  };
}

export function savedSearch(overrides: Partial<SavedSearchCopy> = {}): SavedSearchCopy {
  return {
    serverId: 12,
    key: "s12",
    name: "Cheap scopes",
    summary: "“scope” · up to $500",
    params: {
      keyword: "scope",
      category: null,
      categoryName: null,
      minPrice: null,
      maxPrice: 500,
      condition: [],
      testLevel: null,
      calibrated: false,
      brand: null,
    },
    listingsUrl: "/listings?search=scope&maxPrice=500",
    notifyOnNew: true,
    lastExecuted: hoursAgo(5),
    results: [card(), card({ id: 302, title: "Siglent SDS1104X-E", priceCents: null, currentBidCents: 30_000, imageUrl: null })],
    savedAt: hoursAgo(1),
    ...overrides,
  };
}

export function pending(overrides: Partial<PendingAction> = {}): PendingAction {
  return {
    action: { id: "a1b2c3d4-0000-4000-8000-000000000001", kind: "unwatch", listingId: 41 },
    createdAt: hoursAgo(0.25),
    attempts: 0,
    lastError: null,
    nextAttemptAt: null,
    title: "Keysight DSOX1204G oscilloscope",
    description: "Unwatch: Keysight DSOX1204G oscilloscope",
    ...overrides,
  };
}
