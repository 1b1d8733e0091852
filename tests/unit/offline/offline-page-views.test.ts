// The offline page's views: what the stored copies read as on /watchlist (both tabs), /listings/{id} and the offline
// index, and what waits in the outbox. Pure functions of the copies and a fixed clock.
import { describe, expect, it } from "vitest";
import { offlineIndexView } from "~/offline/index-view.ts";
import { listingOfflineView } from "~/offline/listing-view.ts";
import { headlinePrice, priceLines, savedAgo, statusText, timeLeftText } from "~/offline/offline-format.ts";
import { bannerText, noticeViews, offlineDocumentTitle, pendingListView } from "~/offline/shell-view.ts";
import { toSavedSearchView, toWatchedItemView, watchlistOfflineView } from "~/offline/watchlist-view.ts";
import { auctionListing, card, hoursAgo, hoursAhead, listing, NOW, pending, savedSearch, watched } from "./offline-page-fixtures.ts";

describe("wording shared by the offline views", () => {
  it("says when a copy was taken, as notifications word relative times", () => {
    expect(savedAgo(hoursAgo(2), NOW)).toBe("Saved 2 hours ago");
    expect(savedAgo(hoursAgo(0.001), NOW)).toBe("Saved just now");
    expect(savedAgo(hoursAgo(0.5), NOW)).toBe("Saved 30 minutes ago");
    expect(savedAgo(hoursAgo(24 * 10), NOW)).toBe("Saved Nov 11, 2026");
    expect(savedAgo("not a date", NOW)).toBe("Saved on this device");
  });

  it("shows a live auction's current bid, else the price (Sold for once sold), else nothing", () => {
    expect(headlinePrice(auctionListing())).toEqual({ label: "Current bid", text: "$215" });
    expect(headlinePrice(listing())).toEqual({ label: "Price", text: "$1,250" });
    expect(headlinePrice(listing({ status: "sold" }), "sold")).toEqual({ label: "Sold for", text: "$1,250" });
    expect(headlinePrice(card({ currency: "EUR", priceCents: 99_900 }))).toEqual({ label: "Price", text: "€999" });
    expect(headlinePrice(auctionListing({ currentBidCents: null }))).toBeNull();
  });

  it("lists a hybrid auction's current bid and its Buy Now price", () => {
    expect(priceLines(auctionListing({ listingType: "hybrid", priceCents: 90_000 }))).toEqual([
      { label: "Current bid", text: "$215" },
      { label: "Buy Now", text: "$900" },
    ]);
  });

  it("gives a live auction its time left and says when it has ended or the listing is gone", () => {
    expect(timeLeftText(auctionListing(), NOW)).toBe("2d 5h left");
    expect(timeLeftText(auctionListing({ auctionEndsAt: hoursAhead(0.5) }), NOW)).toBe("30m left");
    expect(timeLeftText(auctionListing({ auctionEndsAt: hoursAgo(1) }), NOW)).toBeNull();
    expect(timeLeftText(listing(), NOW)).toBeNull();
    expect(statusText(auctionListing(), NOW)).toBeNull();
    expect(statusText(auctionListing({ auctionEndsAt: hoursAgo(1) }), NOW)).toBe("Auction ended");
    expect(statusText(auctionListing({ currentBidCents: null }), NOW)).toBe("Auction ended");
    expect(statusText(listing({ status: "sold" }), NOW)).toBe("Sold");
    expect(statusText(listing({ status: "removed" }), NOW)).toBe("No longer available");
    expect(statusText(listing(), NOW)).toBeNull();
  });
});

describe("the offline Watched Items tab", () => {
  it("has the online page's heading and tabs, Watched Items current", () => {
    const view = watchlistOfflineView("watched", { watchlist: [], savedSearches: [] }, NOW);
    expect(view.heading).toBe("Watchlist & Saved Searches");
    expect(view.tabs).toEqual([
      { label: "Watched Items", href: "/watchlist", current: true },
      { label: "Saved Searches", href: "/watchlist?tab=saved-searches", current: false },
    ]);
    expect(view.searches).toBeNull();
    expect(view.watched?.empty?.title).toBe("No watched items");
    expect(view.watched?.countText).toBe("0 watched items");
  });

  it("shows each watched copy with its photo, price or bid, time left, condition, notes and age", () => {
    const view = watchlistOfflineView(
      "watched",
      { watchlist: [watched(auctionListing(), { notes: "Ask about the leads" }), watched(listing(), { savedAt: hoursAgo(26) })], savedSearches: [] },
      NOW,
    );
    expect(view.watched?.countText).toBe("2 watched items");
    expect(view.watched?.empty).toBeNull();
    expect(view.watched?.items).toEqual([
      {
        listingId: 77,
        title: "Fluke 87V multimeter",
        href: "/listings/77",
        imageUrl: "/uploads/listings/77/a.webp",
        price: { label: "Current bid", text: "$215" },
        timeLeft: "2d 5h left",
        condition: "Used - Good",
        status: null,
        notes: "Ask about the leads",
        savedAt: hoursAgo(2),
        savedAgo: "Saved 2 hours ago",
        removeLabel: "Remove Fluke 87V multimeter from watchlist",
      },
      expect.objectContaining({ listingId: 41, href: "/listings/41", price: { label: "Price", text: "$1,250" }, timeLeft: null, savedAgo: "Saved 1 day ago" }),
    ]);
  });

  it("has no photo for a listing without one, and the status of a sold one", () => {
    const item = toWatchedItemView(watched(listing({ imageUrls: [], status: "sold" })), NOW);
    expect(item.imageUrl).toBeNull();
    expect(item.status).toBe("Sold");
    expect(item.price).toEqual({ label: "Sold for", text: "$1,250" });
  });
});

describe("the offline Saved Searches tab", () => {
  it("shows each search with its filters, last run, age and last results as cards", () => {
    const view = watchlistOfflineView("saved-searches", { watchlist: [], savedSearches: [savedSearch()] }, NOW);
    expect(view.watched).toBeNull();
    expect(view.tabs.find((tab) => tab.current)?.label).toBe("Saved Searches");
    expect(view.searches?.countText).toBe("1 saved search");
    const [search] = view.searches!.items;
    expect(search).toMatchObject({
      key: "s12",
      title: "Cheap scopes",
      criteria: [
        { label: "Keywords", value: "“scope”" },
        { label: "Price", value: "up to $500" },
      ],
      waitingToSync: false,
      lastExecuted: "5 hours ago",
      savedAgo: "Saved 1 hour ago",
      resultsNote: null,
    });
    expect(search!.results).toEqual([
      {
        id: 301,
        title: "Rigol DS1054Z",
        href: "/listings/301",
        imageUrl: "/uploads/listings/301/card.webp",
        price: { label: "Price", text: "$399" },
        condition: "Used - Good",
      },
      { id: 302, title: "Siglent SDS1104X-E", href: "/listings/302", imageUrl: null, price: { label: "Current bid", text: "$300" }, condition: "Used - Good" },
    ]);
  });

  it("marks a search made offline as waiting to sync, with no results yet", () => {
    const view = toSavedSearchView(savedSearch({ serverId: null, key: "0f2a-offline", name: "", results: [], lastExecuted: null }), NOW);
    expect(view.title).toBe("scope");
    expect(view.waitingToSync).toBe(true);
    expect(view.lastExecuted).toBe("Never");
    expect(view.resultsNote).toBe("Results will appear once this search has synced.");
  });

  it("says when a synced search found nothing, and when there are no searches", () => {
    expect(toSavedSearchView(savedSearch({ results: [] }), NOW).resultsNote).toBe("No matching listings found.");
    expect(watchlistOfflineView("saved-searches", { watchlist: [], savedSearches: [] }, NOW).searches?.empty?.title).toBe("No saved searches");
  });
});

describe("an offline listing copy", () => {
  it("reads like the listing page: photos, price, facts, description, specifications, features, seller, age", () => {
    const view = listingOfflineView({ listing: listing(), savedAt: hoursAgo(2), watched: null }, NOW, { timeZone: "UTC" });
    expect(view).toMatchObject({
      listingId: 41,
      title: "Keysight DSOX1204G oscilloscope",
      onlineUrl: "/listings/41",
      savedAgo: "Saved 2 hours ago",
      prices: [{ label: "Price", text: "$1,250" }],
      auction: null,
      status: null,
      description: "Four channels, 70 MHz.\nProbes included.",
      specifications: [
        { key: "Bandwidth", value: "70 MHz" },
        { key: "Channels", value: "4" },
      ],
      features: ["Serial decode", "WaveGen"],
      sellerName: "Lone Star Test Gear",
      connectionNote: "You're offline. Bids and purchases need a connection.",
    });
    expect(view.photos).toEqual([
      { src: "/uploads/listings/41/a.webp", alt: "Keysight DSOX1204G oscilloscope — photo 1 of 2" },
      { src: "/uploads/listings/41/b.webp", alt: "Keysight DSOX1204G oscilloscope — photo 2 of 2" },
    ]);
    expect(view.facts).toEqual([
      { label: "Condition", value: "Used - Excellent" },
      { label: "Brand", value: "Keysight" },
      { label: "Model", value: "DSOX1204G" },
      { label: "Category", value: "Oscilloscopes" },
      { label: "Location", value: "Austin, TX" },
    ]);
  });

  it("offers Watch, or Watching with removal, as the online toggle words it", () => {
    const copy = listing();
    expect(listingOfflineView({ listing: copy, savedAt: hoursAgo(1), watched: null }, NOW).watch).toEqual({
      watching: false,
      text: "Watch",
      label: "Add Keysight DSOX1204G oscilloscope to watchlist",
    });
    expect(listingOfflineView({ listing: copy, savedAt: hoursAgo(1), watched: watched(copy) }, NOW).watch).toEqual({
      watching: true,
      text: "Watching",
      label: "Remove Keysight DSOX1204G oscilloscope from watchlist",
    });
  });

  it("gives an auction its end and time left, or says it ended", () => {
    const live = listingOfflineView({ listing: auctionListing({ auctionEndsAt: "2026-11-23T17:00:00.000Z" }), savedAt: hoursAgo(1), watched: null }, NOW, {
      timeZone: "UTC",
    });
    expect(live.prices).toEqual([{ label: "Current bid", text: "$215" }]);
    expect(live.auction).toEqual({ endsAt: "2026-11-23T17:00:00.000Z", endsText: "Nov 23, 2026, 5:00 PM UTC", label: "Auction ends", timeLeft: "2d 5h left" });
    const ended = listingOfflineView({ listing: auctionListing({ auctionEndsAt: hoursAgo(3) }), savedAt: hoursAgo(4), watched: null }, NOW, {
      timeZone: "UTC",
    });
    expect(ended.auction).toMatchObject({ label: "Auction ended", timeLeft: null });
    expect(ended.status).toBe("Auction ended");
  });

  it("leaves out empty facts and rows, and names a single photo by the title", () => {
    const view = listingOfflineView(
      {
        listing: listing({
          brand: null,
          model: null,
          categoryName: null,
          location: null,
          description: "  ",
          specifications: [{ key: " ", value: "" }],
          features: [""],
          imageUrls: ["/uploads/listings/41/a.webp"],
        }),
        savedAt: hoursAgo(1),
        watched: null,
      },
      NOW,
    );
    expect(view.facts).toEqual([{ label: "Condition", value: "Used - Excellent" }]);
    expect(view.description).toBe("");
    expect(view.specifications).toEqual([]);
    expect(view.features).toEqual([]);
    expect(view.photos).toEqual([{ src: "/uploads/listings/41/a.webp", alt: "Keysight DSOX1204G oscilloscope" }]);
  });
});

describe("the offline index", () => {
  it("lists what is kept, with counts and links to the stored copies", () => {
    const view = offlineIndexView({
      watchlist: [watched(auctionListing()), watched(listing())],
      savedSearches: [savedSearch()],
      browsed: [{ listing: listing({ id: 55, title: "Tektronix TBS1052B", priceCents: 45_000, condition: "Used - Fair" }), viewedAt: hoursAgo(1) }],
    });
    expect(view.heading).toBe("You're offline");
    expect(view.missingListing).toBeNull();
    expect(view.nothingSaved).toBeNull();
    expect(view.sections.map((section) => [section.title, section.count, section.countText])).toEqual([
      ["Watched items", 2, "2 watched items"],
      ["Saved searches", 1, "1 saved search"],
      ["Recently browsed", 1, "1 listing"],
    ]);
    expect(view.sections[0]!.links).toEqual([
      { title: "Fluke 87V multimeter", href: "/listings/77", detail: "Current bid: $215 · Used - Good" },
      { title: "Keysight DSOX1204G oscilloscope", href: "/listings/41", detail: "Price: $1,250 · Used - Excellent" },
    ]);
    expect(view.sections[0]!.more).toEqual({ href: "/watchlist", label: "Open your watchlist" });
    expect(view.sections[1]!.links).toEqual([{ title: "Cheap scopes", href: "/watchlist?tab=saved-searches", detail: "“scope” · up to $500" }]);
    expect(view.sections[2]!.links).toEqual([{ title: "Tektronix TBS1052B", href: "/listings/55", detail: "Price: $450 · Used - Fair" }]);
  });

  it("lists at most eight watched items (the watchlist has the rest) but every browsed listing", () => {
    const many = Array.from({ length: 12 }, (_, i) => listing({ id: 100 + i, title: `Scope ${i}` }));
    const view = offlineIndexView({
      watchlist: many.map((copy) => watched(copy)),
      savedSearches: [],
      browsed: many.map((copy) => ({ listing: copy, viewedAt: hoursAgo(1) })),
    });
    expect(view.sections[0]!.links).toHaveLength(8);
    expect(view.sections[0]!.countText).toBe("12 watched items");
    expect(view.sections[2]!.links).toHaveLength(12);
  });

  it("says a listing was not saved, and what to do when nothing is kept", () => {
    const view = offlineIndexView({ watchlist: [], savedSearches: [], browsed: [] }, { missingListing: true });
    expect(view.missingListing).toBe("This listing wasn't saved for offline use.");
    expect(view.nothingSaved).toMatch(/^Nothing is saved on this device yet/);
  });
});

describe("around every offline page", () => {
  it("words the banner for members and visitors", () => {
    expect(bannerText(true)).toBe("You're offline. Saved copies stay available, and your changes will sync when you reconnect.");
    expect(bannerText(false)).toBe("You're offline. Pages will load again when the connection returns.");
  });

  it("lists the changes waiting to sync with a count, oldest first, with the last problem", () => {
    expect(pendingListView([], NOW)).toBeNull();
    const view = pendingListView(
      [
        pending(),
        pending({
          action: { id: "a1b2c3d4-0000-4000-8000-000000000002", kind: "saved_search", name: "Scopes", params: savedSearch().params, notifyOnNew: true },
          createdAt: hoursAgo(0),
          description: "Save search: Scopes",
          lastError: "Waiting for a connection.",
        }),
      ],
      NOW,
    );
    expect(view).toEqual({
      count: 2,
      heading: "Waiting to sync",
      countText: "2 changes waiting to sync",
      items: [
        { id: "a1b2c3d4-0000-4000-8000-000000000001", text: "Unwatch: Keysight DSOX1204G oscilloscope", detail: "Queued 15 minutes ago" },
        { id: "a1b2c3d4-0000-4000-8000-000000000002", text: "Save search: Scopes", detail: "Queued just now · Waiting for a connection." },
      ],
    });
    expect(pendingListView([pending()], NOW)?.countText).toBe("1 change waiting to sync");
  });

  it("offers each notice of a change the server refused with its own dismiss label", () => {
    expect(noticeViews([{ id: "n1", text: "Watch: X — could not be applied: gone", at: hoursAgo(1) }])).toEqual([
      { id: "n1", text: "Watch: X — could not be applied: gone", dismissLabel: "Dismiss: Watch: X — could not be applied: gone" },
    ]);
  });

  it("titles the document after the page's heading", () => {
    expect(offlineDocumentTitle("Watchlist & Saved Searches")).toBe("Watchlist & Saved Searches (offline) — Tradebench");
  });
});
