// The AI wizard's steps and rules, without a browser (docs/product/listings.md#ai-assistant AI wizard, wizard transitions, prefill).
import { describe, expect, it } from "vitest";
import {
  acceptPhotos,
  fieldsFromDraft,
  INITIAL_WIZARD_STATE,
  isEmptyWizard,
  missingForGeneration,
  NEW_FEATURE_TEXT,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from "~/components/ai-wizard/wizard-state.ts";
import type { AiListingDraft } from "~/lib/ai/draft.ts";
import { auctionPrefill, checkListingType, checkReview } from "~/schemas/ai-listing-create.ts";

const MB = 1024 * 1024;

const DRAFT: AiListingDraft = {
  generationId: 7,
  fallbackMode: false,
  notice: null,
  title: "Fluke 87V True RMS multimeter",
  description: "Industrial true-RMS multimeter.",
  brand: "Fluke",
  model: "87V",
  condition: "used_good",
  category: { id: "industrial_electronics_test_measurement_multimeters", name: "Multimeters", slug: "multimeters", confidence: 0.4, certain: false },
  specifications: [{ key: "Display", value: "6000 counts" }],
  features: ["True RMS"],
  priceCents: 32_550,
  analysis: { labels: [], text: [], objects: [] },
  guidance: {
    suggestion: null,
    insufficientMessage: "Insufficient data to provide accurate pricing.",
    comparables: [],
    trend: { direction: "stable", changePercent: null, message: "" },
    history: [],
  },
};

function run(...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, INITIAL_WIZARD_STATE);
}

describe("photos", () => {
  it("takes image files up to 10 MB and 10 in all, ignores repeats silently, and says why others were refused", () => {
    const existing = [{ name: "front.jpg", size: 1000 }];
    const picked = [
      { name: "front.jpg", size: 1000, type: "image/jpeg" }, // repeat: ignored
      { name: "plate.png", size: 2 * MB, type: "image/png" },
      { name: "plate.png", size: 2 * MB, type: "image/png" }, // repeat within the pick
      { name: "manual.pdf", size: 1000, type: "application/pdf" },
      { name: "huge.gif", size: 10 * MB + 1, type: "image/gif" },
      { name: "edge.gif", size: 10 * MB, type: "image/gif" },
    ];
    expect(acceptPhotos(existing, picked)).toEqual({
      accepted: [1, 5],
      messages: ["manual.pdf: Only image files are accepted", "huge.gif is larger than 10 MB"],
    });
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.jpg`, size: i + 1 }));
    const more = [0, 1, 2].map((i) => ({ name: `n${i}.jpg`, size: 50 + i, type: "image/jpeg" }));
    expect(acceptPhotos(nine, more)).toEqual({ accepted: [0], messages: ["Add at most 10 photos"] });
  });

  it("generation needs brand, model and a photo", () => {
    expect(missingForGeneration(INITIAL_WIZARD_STATE)).toEqual(["brand", "model", "at least one photo"]);
    const ready = run(
      { type: "input", field: "brand", value: "Fluke" },
      { type: "input", field: "model", value: " 87V " },
      { type: "add-photos", photos: [{ id: "a", name: "a.jpg", size: 1, type: "image/jpeg", blob: new Blob(["a"]) }] },
    );
    expect(missingForGeneration(ready)).toEqual([]);
    expect(isEmptyWizard(INITIAL_WIZARD_STATE)).toBe(true);
    expect(isEmptyWizard(ready)).toBe(false);
    expect(wizardReducer(ready, { type: "remove-photo", id: "a" }).photos).toEqual([]);
  });
});

describe("steps", () => {
  it("goes 1 → 2 on a draft, 2 → 3 on approve, back 3 → 2 → 1, and 3 → 4 once created", () => {
    const reviewed = run({ type: "input", field: "brand", value: "Fluke" }, { type: "generated", draft: DRAFT });
    expect(reviewed.step).toBe(2);
    // An uncertain category is left for the seller to choose; the price is shown as decimal text.
    expect(reviewed.fields).toMatchObject({ title: DRAFT.title, categoryId: "", price: "325.50", condition: "used_good", listingType: "", duration: "7" });
    expect(fieldsFromDraft({ ...DRAFT, category: { ...DRAFT.category!, certain: true } }, INITIAL_WIZARD_STATE.input).categoryId).toBe(DRAFT.category!.id);

    const typed = wizardReducer(reviewed, { type: "approve" });
    expect(typed.step).toBe(3);
    expect(wizardReducer(typed, { type: "back" }).step).toBe(2);
    expect(wizardReducer(wizardReducer(typed, { type: "back" }), { type: "back" }).step).toBe(1);
    expect(wizardReducer(INITIAL_WIZARD_STATE, { type: "approve" }).step).toBe(1);
    const done = wizardReducer(typed, { type: "created", listingId: 12, auctionId: null });
    expect([done.step, done.created]).toEqual([4, { listingId: 12, auctionId: null }]);
    expect(wizardReducer(done, { type: "start-over" })).toBe(INITIAL_WIZARD_STATE);
  });

  it("edits rows: features start as 'New feature', specifications and features can be removed", () => {
    const state = run(
      { type: "generated", draft: DRAFT },
      { type: "add-feature" },
      { type: "feature", index: 0, value: "CAT IV 600 V" },
      { type: "add-spec" },
      { type: "spec", index: 1, part: "key", value: "Weight" },
      { type: "remove-spec", index: 0 },
      { type: "remove-feature", index: 0 },
    );
    expect(state.fields.features).toEqual([NEW_FEATURE_TEXT]);
    expect(state.fields.specifications).toEqual([{ key: "Weight", value: "" }]);
  });

  it("prefills auction prices at 80 % and 90 % of the price until the seller types their own", () => {
    expect(auctionPrefill(32_550)).toEqual({ startingPriceCents: 26_040, reservePriceCents: 29_295 });
    const reviewed = run({ type: "generated", draft: DRAFT }, { type: "approve" });
    expect(wizardReducer(reviewed, { type: "choose-type", listingType: "buy_now" }).fields).toMatchObject({ startingPrice: "", reservePrice: "" });
    const auction = wizardReducer(reviewed, { type: "choose-type", listingType: "auction" });
    expect(auction.fields).toMatchObject({ listingType: "auction", startingPrice: "260.40", reservePrice: "292.95" });

    // A new price on the review step moves prices the seller never typed…
    const repriced = [{ type: "back" }, { type: "field", field: "price", value: "1000" }, { type: "approve" }] as WizardAction[];
    expect(repriced.reduce(wizardReducer, auction).fields).toMatchObject({ startingPrice: "800", reservePrice: "900" });
    // …and keeps those they did.
    const typed = wizardReducer(auction, { type: "field", field: "startingPrice", value: "250" });
    const again = [...repriced, { type: "choose-type", listingType: "hybrid" }] as WizardAction[];
    expect(again.reduce(wizardReducer, typed).fields).toMatchObject({ listingType: "hybrid", startingPrice: "250", reservePrice: "292.95" });
  });
});

describe("checks shared by the browser and the server", () => {
  const fields = { ...run({ type: "generated", draft: DRAFT }).fields, categoryId: "industrial_electronics_test_measurement_multimeters" };

  it("review: the spec's messages, blank rows dropped", () => {
    expect(checkReview({ ...fields, brand: " ", categoryId: "", condition: "mint", price: "0" })).toEqual({
      ok: false,
      errors: {
        brand: ["Brand is required"],
        condition: ["Invalid condition"],
        categoryId: ["Could not determine category for this equipment"],
        price: ["Please enter a valid price"],
      },
    });
    const ok = checkReview({ ...fields, specifications: [...fields.specifications, { key: "Colour", value: " " }], features: ["", "True RMS"] });
    expect(ok).toMatchObject({ ok: true, value: { priceCents: 32_550, specifications: [["Display", "6000 counts"]], features: ["True RMS"] } });
    expect(
      checkReview({
        ...fields,
        specifications: [
          { key: "A", value: "1" },
          { key: "a", value: "2" },
        ],
      }),
    ).toEqual({
      ok: false,
      errors: { "specifications.1.key": ["Each specification name can be used only once"] },
    });
  });

  it("listing type: a type is needed; auction prices, reserve and durations of 3, 5, 7, 10 or 14 days", () => {
    expect(checkListingType({ listingType: "" }, 100_000)).toEqual({ ok: false, errors: { listingType: ["Please choose a listing type"] } });
    expect(checkListingType({ listingType: "buy_now" }, 100_000)).toEqual({ ok: true, value: { listingType: "buy_now", auction: null } });
    expect(checkListingType({ listingType: "auction", startingPrice: "800", reservePrice: "", duration: "7" }, 100_000)).toEqual({
      ok: true,
      value: { listingType: "auction", auction: { startingPriceCents: 80_000, reservePriceCents: null, durationDays: 7 } },
    });
    for (const days of [3, 5, 10, 14]) expect(checkListingType({ listingType: "auction", startingPrice: "1", duration: String(days) }, null).ok).toBe(true);
    expect(checkListingType({ listingType: "hybrid", startingPrice: "1000", reservePrice: "1200", duration: "1" }, 100_000)).toEqual({
      ok: false,
      errors: {
        startingPrice: ["Buy now price must be higher than starting price"],
        reservePrice: ["Reserve price cannot be higher than the buy now price"],
        duration: ["Please choose a duration of 3, 5, 7, 10 or 14 days"],
      },
    });
  });
});
