// How listings, search results and saved searches are copied for offline use, and which photos are kept: the
// price or current bid and the link by listing type and auction state, empty facts left out, the photo order.
import { describe, expect, it } from "vitest";
import type { OfflineListing, SavedSearchCopy, WatchedCopy } from "~/lib/offline/contracts.ts";
import { imagesToKeep } from "~/lib/offline/images.ts";
import { toOfflineListing, toOfflineListingCard, type OfflineAuctionSource, type OfflineListingSource } from "~/lib/offline/listing-copy.ts";
import { savedSearchListingsUrl, savedSearchSummary } from "~/lib/offline/saved-search-copy.ts";

const source = (values: Partial<OfflineListingSource> = {}): OfflineListingSource => ({
  id: 7,
  title: "Keysight N9020A signal analyzer",
  listingType: "buy_now",
  status: "active",
  currency: "USD",
  priceCents: 1_250_000,
  buyNowPriceCents: null,
  condition: "used_very_good",
  brand: "Keysight",
  model: "N9020A",
  categoryPath: [{ name: "Test & Measurement" }, { name: "Spectrum Analyzers" }],
  location: "Denver, CO",
  description: "MXA, 26.5 GHz.",
  specifications: [{ name: "Range", value: "10 Hz – 26.5 GHz" }],
  features: ["Option 526"],
  seller: { firstName: "Dana", lastName: "Reyes", companyName: "", avatarUrl: null, isVerified: true },
  images: [{ url: "/uploads/listings/7/a.webp" }, { url: "/uploads/listings/7/b.webp" }],
  ...values,
});

const auction = (status: string): OfflineAuctionSource => ({ auctionId: 70, status, currentPriceCents: 300_000, endsAt: "2026-12-01T18:00:00.000Z" });

describe("toOfflineListing", () => {
  it("copies a Buy It Now listing with its facts in the words the page uses", () => {
    expect(toOfflineListing(source(), null)).toEqual<OfflineListing>({
      id: 7,
      title: "Keysight N9020A signal analyzer",
      url: "/listings/7",
      listingType: "buy_now",
      status: "active",
      currency: "USD",
      priceCents: 1_250_000,
      currentBidCents: null,
      auctionId: null,
      auctionEndsAt: null,
      condition: "Used - Very Good",
      brand: "Keysight",
      model: "N9020A",
      categoryName: "Spectrum Analyzers",
      location: "Denver, CO",
      description: "MXA, 26.5 GHz.",
      specifications: [{ key: "Range", value: "10 Hz – 26.5 GHz" }],
      features: ["Option 526"],
      sellerName: "Dana Reyes",
      imageUrls: ["/uploads/listings/7/a.webp", "/uploads/listings/7/b.webp"],
    });
  });

  it("leaves out facts the seller did not give", () => {
    const copy = toOfflineListing(source({ brand: " ", model: "", location: "", categoryPath: [] }), null);
    expect(copy).toMatchObject({ brand: null, model: null, location: null, categoryName: null });
  });

  it.each([
    ["active", true],
    ["upcoming", true],
    ["ended", false],
    ["cancelled", false],
  ])("an auction %s: current bid and lot link only while it runs or is to come", (status, live) => {
    const copy = toOfflineListing(source({ listingType: "auction", priceCents: 100_000 }), auction(status));
    expect(copy).toMatchObject({
      listingType: "auction",
      priceCents: null,
      currentBidCents: live ? 300_000 : null,
      url: live ? "/auctions/70" : "/listings/7",
      // Kept either way, so the offline page can answer /auctions/70.
      auctionId: 70,
      auctionEndsAt: "2026-12-01T18:00:00.000Z",
    });
  });

  it("an auction with Buy It Now keeps the Buy Now price beside the bid; a sold one shows no bid", () => {
    expect(toOfflineListing(source({ listingType: "hybrid", buyNowPriceCents: 900_000 }), auction("active"))).toMatchObject({
      priceCents: 900_000,
      currentBidCents: 300_000,
    });
    expect(toOfflineListing(source({ listingType: "hybrid", buyNowPriceCents: 900_000, status: "sold" }), auction("active"))).toMatchObject({
      status: "sold",
      currentBidCents: null,
      url: "/listings/7",
    });
  });
});

describe("toOfflineListingCard", () => {
  it("shows the current bid of a live auction, else the price", () => {
    const card = {
      id: 9,
      title: "Fluke 87V",
      priceCents: 30_000,
      currency: "USD",
      condition: "new",
      listingType: "buy_now",
      location: "",
      isFeatured: false,
      sellerVerified: false,
      imageUrl: "/uploads/listings/9/t.webp",
      auction: null,
    };
    expect(toOfflineListingCard(card)).toEqual({
      id: 9,
      title: "Fluke 87V",
      url: "/listings/9",
      currency: "USD",
      priceCents: 30_000,
      currentBidCents: null,
      condition: "New",
      imageUrl: "/uploads/listings/9/t.webp",
    });
    expect(toOfflineListingCard({ ...card, listingType: "auction", auction: { currentPriceCents: 45_000, bidCount: 2 } })).toMatchObject({
      priceCents: null,
      currentBidCents: 45_000,
    });
  });
});

describe("saved search copies", () => {
  it("sum up the filters on one line and link to the same search", () => {
    const params = {
      keyword: "scope",
      category: "oscilloscopes",
      categoryName: "Oscilloscopes",
      minPrice: 100,
      maxPrice: 5000,
      condition: [],
      testLevel: null,
      calibrated: true,
      brand: "Rigol",
    };
    expect(savedSearchSummary(params)).toBe("“scope” · Oscilloscopes · Rigol · $100 – $5,000 · Calibrated in the last 12 months");
    expect(savedSearchListingsUrl(params)).toBe("/listings?search=scope&category=oscilloscopes&minPrice=100&maxPrice=5000&calibrated=1&brand=Rigol");
  });
});

describe("imagesToKeep", () => {
  const listing = (id: number, photos: number): OfflineListing =>
    toOfflineListing(source({ id, images: Array.from({ length: photos }, (_, n) => ({ url: `/uploads/listings/${id}/${n}.webp` })) }), null);
  const watched = (id: number, photos: number): WatchedCopy => ({ listing: listing(id, photos), notes: "", watchedAt: "", savedAt: "" });
  const search = (urls: Array<string | null>): SavedSearchCopy => ({
    serverId: 1,
    key: "s1",
    name: "",
    summary: "",
    params: {
      keyword: "x",
      category: null,
      categoryName: null,
      minPrice: null,
      maxPrice: null,
      condition: [],
      testLevel: null,
      calibrated: false,
      brand: null,
    },
    listingsUrl: "/listings?search=x",
    notifyOnNew: true,
    lastExecuted: null,
    savedAt: "",
    results: urls.map((imageUrl, n) => ({
      id: 100 + n,
      title: "",
      url: "",
      currency: "USD",
      priceCents: 1,
      currentBidCents: null,
      condition: "New",
      imageUrl,
    })),
  });

  it("keeps main photos first, then search results, then the other photos, each once", () => {
    const urls = imagesToKeep(
      [watched(1, 2), watched(2, 1)],
      [
        { listing: listing(1, 2), viewedAt: "" },
        { listing: listing(3, 2), viewedAt: "" },
      ],
      [search(["/uploads/listings/100/t.webp", null, "https://elsewhere.example/x.webp"])],
    );
    expect(urls).toEqual([
      "/uploads/listings/1/0.webp",
      "/uploads/listings/2/0.webp",
      "/uploads/listings/3/0.webp",
      "/uploads/listings/100/t.webp",
      "/uploads/listings/1/1.webp",
      "/uploads/listings/3/1.webp",
    ]);
  });

  it("stops at the limit, main photos first", () => {
    const urls = imagesToKeep([watched(1, 5), watched(2, 5)], [], [], 3);
    expect(urls).toEqual(["/uploads/listings/1/0.webp", "/uploads/listings/2/0.webp", "/uploads/listings/1/1.webp"]);
  });
});
