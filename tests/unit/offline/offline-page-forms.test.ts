// The offline page's forms become outbox actions with the online forms' rules and words.
import { describe, expect, it } from "vitest";
import { readNotesForm, readSavedSearchForm, watchToggleAction } from "~/offline/offline-forms.ts";

const ID = "0c9e4c1e-5b7a-4f51-9d55-1f0e2d3c4b5a";

describe("notes", () => {
  it("queues notes with CRLF counted once, up to 1,000 characters", () => {
    expect(readNotesForm(ID, 41, "Ask about\r\nprobes")).toEqual({
      ok: true,
      action: { id: ID, kind: "notes", listingId: 41, notes: "Ask about\nprobes" },
      message: "Notes saved on this device. They will sync when you reconnect.",
    });
    expect(readNotesForm(ID, 41, `${"x".repeat(998)}\r\n`).ok).toBe(true);
    expect(readNotesForm(ID, 41, "")).toMatchObject({ ok: true, action: { notes: "" } });
  });

  it("refuses longer notes with the online form's message", () => {
    expect(readNotesForm(ID, 41, "x".repeat(1001))).toEqual({ ok: false, errors: { notes: "Notes can be at most 1,000 characters." } });
  });
});

describe("a new saved search", () => {
  it("queues a search by keywords, with alerts on as the Save Search form does", () => {
    expect(readSavedSearchForm(ID, { name: "  Scopes  ", keywords: " keysight   scope ", maxPrice: "" })).toEqual({
      ok: true,
      action: {
        id: ID,
        kind: "saved_search",
        name: "Scopes",
        params: {
          keyword: "keysight scope",
          category: null,
          categoryName: null,
          minPrice: null,
          maxPrice: null,
          condition: [],
          testLevel: null,
          calibrated: false,
          brand: null,
        },
        notifyOnNew: true,
      },
      message: 'Search "Scopes" saved on this device. It will sync when you reconnect.',
    });
  });

  it("reads a maximum price as /listings does ($ and thousands separators allowed)", () => {
    expect(readSavedSearchForm(ID, { name: "Under 5k", keywords: "", maxPrice: "$5,000" })).toMatchObject({
      ok: true,
      action: { params: { keyword: null, maxPrice: 5000 } },
    });
    expect(readSavedSearchForm(ID, { name: "Cheap", keywords: "probe", maxPrice: "49.99" })).toMatchObject({
      ok: true,
      action: { params: { keyword: "probe", maxPrice: 49.99 } },
    });
  });

  it("says what is missing or wrong, field by field", () => {
    expect(readSavedSearchForm(ID, { name: " ", keywords: "", maxPrice: "" })).toEqual({
      ok: false,
      errors: { name: "Please enter a name for your saved search", keywords: "Enter keywords or a maximum price to search for" },
    });
    expect(readSavedSearchForm(ID, { name: "n".repeat(101), keywords: "scope", maxPrice: "-5" })).toEqual({
      ok: false,
      errors: { name: "The name must be at most 100 characters", maxPrice: "Maximum price must be a number of 0 or more" },
    });
    expect(readSavedSearchForm(ID, { name: "Long", keywords: "k".repeat(201), maxPrice: "abc" })).toEqual({
      ok: false,
      errors: { keywords: "Keywords can be at most 200 characters", maxPrice: "Maximum price must be a number of 0 or more" },
    });
  });
});

describe("the watch toggle", () => {
  it("queues the opposite of what is shown, and says what will happen", () => {
    expect(watchToggleAction(ID, { id: 41, title: "Fluke 87V" }, false)).toEqual({
      action: { id: ID, kind: "watch", listingId: 41 },
      message: "“Fluke 87V” will be added to your watchlist when you reconnect.",
    });
    expect(watchToggleAction(ID, { id: 41, title: "Fluke 87V" }, true)).toEqual({
      action: { id: ID, kind: "unwatch", listingId: 41 },
      message: "“Fluke 87V” will be removed from your watchlist when you reconnect.",
    });
  });
});
