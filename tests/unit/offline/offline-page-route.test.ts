// The offline page reads the address it was served for (the service worker answers any failed navigation with it).
import { describe, expect, it } from "vitest";
import { inPageAddress, offlineRouteOf } from "~/offline/offline-route.ts";

describe("offlineRouteOf", () => {
  it("shows the watchlist's Watched Items tab unless Saved Searches is asked for", () => {
    expect(offlineRouteOf("/watchlist", "")).toEqual({ kind: "watchlist", tab: "watched" });
    expect(offlineRouteOf("/watchlist/", "?page=2")).toEqual({ kind: "watchlist", tab: "watched" });
    expect(offlineRouteOf("/watchlist", "?tab=saved-searches")).toEqual({ kind: "watchlist", tab: "saved-searches" });
    expect(offlineRouteOf("/watchlist", "?tab=nonsense")).toEqual({ kind: "watchlist", tab: "watched" });
  });

  it("shows a stored copy for /listings/{id} and /auctions/{id}", () => {
    expect(offlineRouteOf("/listings/41")).toEqual({ kind: "listing", listingId: 41 });
    expect(offlineRouteOf("/listings/41/")).toEqual({ kind: "listing", listingId: 41 });
    expect(offlineRouteOf("/auctions/9", "?from=home")).toEqual({ kind: "auction", auctionId: 9 });
  });

  it("shows the offline index for every other address, odd ids included", () => {
    for (const path of [
      "/",
      "/listings",
      "/listings/new",
      "/listings/0",
      "/listings/-3",
      "/listings/4x",
      "/listings/41/edit",
      "/dashboard",
      "/auctions/99999999999999999",
    ]) {
      expect(offlineRouteOf(path)).toEqual({ kind: "index" });
    }
  });
});

describe("inPageAddress", () => {
  const origin = "https://tradebench.test";

  it("keeps pages of this site in the offline page", () => {
    expect(inPageAddress("/listings/41", origin)).toBe("/listings/41");
    expect(inPageAddress("https://tradebench.test/watchlist?tab=saved-searches", origin)).toBe("/watchlist?tab=saved-searches");
    expect(inPageAddress("/", origin)).toBe("/");
  });

  it("leaves other sites, files and resources to the browser", () => {
    expect(inPageAddress("https://elsewhere.test/listings/41", origin)).toBeNull();
    expect(inPageAddress("/uploads/listings/41/a.webp", origin)).toBeNull();
    expect(inPageAddress("/manifest.webmanifest", origin)).toBeNull();
    expect(inPageAddress("/resources/offline-snapshot", origin)).toBeNull();
    expect(inPageAddress("http://[bad", origin)).toBeNull();
  });
});
