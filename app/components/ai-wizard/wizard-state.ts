// The AI wizard's state and its transitions (docs/product/listings.md#ai-assistant AI wizard, "Wizard: 1 to 2 after successful generation;
// 2 to 3 on Approve; 3 to 4 after successful creation; Back 2 to 1 and 3 to 2"). Pure: no browser APIs, so the
// rules are tested on their own (tests/unit/ai-wizard-state.test.ts).
import { acceptImages, type ImageRules } from "~/components/forms/image-rules.ts";
import type { AiListingDraft } from "~/lib/ai/draft.ts";
import { isCondition } from "~/lib/conditions.ts";
import {
  AI_LISTING_MESSAGES,
  auctionPrefill,
  centsToField,
  DEFAULT_WIZARD_DURATION_DAYS,
  WIZARD_MAX_PHOTO_BYTES,
  WIZARD_MAX_PHOTOS,
  type AiListingFields,
} from "~/schemas/ai-listing-create.ts";
import { isAuctionListingType, parseMoneyCents } from "~/schemas/listing.ts";

export type WizardStep = 1 | 2 | 3 | 4;

export const WIZARD_STEP_LABELS: Record<WizardStep, string> = {
  1: "Equipment and photos",
  2: "Review and Edit",
  3: "Listing type",
  4: "Done",
};

/** A photo the seller chose, kept as a Blob so the draft (photos included) survives a reload. */
export interface WizardPhoto {
  id: string;
  name: string;
  size: number;
  type: string;
  blob: Blob;
}

export interface WizardInput {
  brand: string;
  model: string;
  condition: string;
}

export interface WizardState {
  step: WizardStep;
  input: WizardInput;
  photos: WizardPhoto[];
  /** The server's draft (step 2 on). */
  draft: AiListingDraft | null;
  /** The review and listing-type fields as the seller edits them. */
  fields: AiListingFields;
  /** The seller typed auction prices: choosing a type again keeps them instead of prefilling. */
  auctionPricesEdited: boolean;
  /** The listing made in step 3. */
  created: { listingId: number; auctionId: number | null } | null;
}

const DEFAULT_WIZARD_CONDITION = "used_good";

const EMPTY_FIELDS: AiListingFields = {
  title: "",
  description: "",
  brand: "",
  model: "",
  categoryId: "",
  condition: DEFAULT_WIZARD_CONDITION,
  price: "",
  specifications: [],
  features: [],
  location: "",
  year: "",
  serialNumber: "",
  listingType: "",
  startingPrice: "",
  reservePrice: "",
  duration: String(DEFAULT_WIZARD_DURATION_DAYS),
};

export const INITIAL_WIZARD_STATE: WizardState = {
  step: 1,
  input: { brand: "", model: "", condition: DEFAULT_WIZARD_CONDITION },
  photos: [],
  draft: null,
  fields: EMPTY_FIELDS,
  auctionPricesEdited: false,
  created: null,
};

/** Default text of a feature row added by hand (docs/product/listings.md#ai-assistant step 2). */
export const NEW_FEATURE_TEXT = "New feature";

/** What is still missing before "Generate AI Listing" can be pressed (docs/product/listings.md#ai-assistant: brand, model and images). */
export function missingForGeneration(state: Pick<WizardState, "input" | "photos">): string[] {
  const missing: string[] = [];
  if (state.input.brand.trim() === "") missing.push("brand");
  if (state.input.model.trim() === "") missing.push("model");
  if (state.photos.length === 0) missing.push("at least one photo");
  return missing;
}

/** What the wizard's photo picker takes: image files only, at most 10 MB each and 10 in all (docs/product/listings.md#ai-assistant). */
export const WIZARD_PHOTO_RULES: ImageRules = {
  room: WIZARD_MAX_PHOTOS,
  maxFileBytes: WIZARD_MAX_PHOTO_BYTES,
  tooMany: AI_LISTING_MESSAGES.tooManyPhotos,
};

/**
 * Which picked files join the photos; a file with the same name and size as one already chosen (or earlier in the same
 * pick) is ignored without a word.
 */
export function acceptPhotos(
  existing: ReadonlyArray<{ name: string; size: number }>,
  picked: ReadonlyArray<{ name: string; size: number; type: string }>,
): { accepted: number[]; messages: string[] } {
  return acceptImages(existing, picked, WIZARD_PHOTO_RULES);
}

/** The review fields as the draft proposes them; an uncertain category is left for the seller to choose. */
export function fieldsFromDraft(draft: AiListingDraft, input: WizardInput): AiListingFields {
  return {
    ...EMPTY_FIELDS,
    title: draft.title,
    description: draft.description,
    brand: draft.brand || input.brand,
    model: draft.model || input.model,
    categoryId: draft.category?.certain ? draft.category.id : "",
    condition: isCondition(draft.condition) ? draft.condition : input.condition,
    price: draft.priceCents > 0 ? centsToField(draft.priceCents) : "",
    specifications: draft.specifications.map((row) => ({ key: row.key, value: row.value })),
    features: [...draft.features],
  };
}

/** The auction prices prefilled from the reviewed price (80 % and 90 %); blank when the price is not valid. */
function withPrefill(fields: AiListingFields): AiListingFields {
  const price = parseMoneyCents(fields.price);
  if (price === null) return { ...fields, startingPrice: "", reservePrice: "" };
  const prefill = auctionPrefill(price);
  return { ...fields, startingPrice: centsToField(prefill.startingPriceCents), reservePrice: centsToField(prefill.reservePriceCents) };
}

export type WizardAction =
  | { type: "restore"; state: WizardState }
  | { type: "input"; field: keyof WizardInput; value: string }
  | { type: "add-photos"; photos: WizardPhoto[] }
  | { type: "remove-photo"; id: string }
  | { type: "generated"; draft: AiListingDraft }
  | { type: "field"; field: Exclude<keyof AiListingFields, "specifications" | "features">; value: string }
  | { type: "spec"; index: number; part: "key" | "value"; value: string }
  | { type: "add-spec" }
  | { type: "remove-spec"; index: number }
  | { type: "feature"; index: number; value: string }
  | { type: "add-feature" }
  | { type: "remove-feature"; index: number }
  | { type: "approve" }
  | { type: "back" }
  | { type: "choose-type"; listingType: string }
  | { type: "created"; listingId: number; auctionId: number | null }
  | { type: "start-over" };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "restore":
      return action.state;
    case "input":
      return { ...state, input: { ...state.input, [action.field]: action.value } };
    case "add-photos":
      return { ...state, photos: [...state.photos, ...action.photos] };
    case "remove-photo":
      return { ...state, photos: state.photos.filter((photo) => photo.id !== action.id) };
    case "generated":
      return { ...state, step: 2, draft: action.draft, fields: fieldsFromDraft(action.draft, state.input), auctionPricesEdited: false };
    case "field": {
      const fields = { ...state.fields, [action.field]: action.value };
      const edited = action.field === "startingPrice" || action.field === "reservePrice";
      return { ...state, fields, auctionPricesEdited: state.auctionPricesEdited || edited };
    }
    case "spec":
      return {
        ...state,
        fields: {
          ...state.fields,
          specifications: state.fields.specifications.map((row, i) => (i === action.index ? { ...row, [action.part]: action.value } : row)),
        },
      };
    case "add-spec":
      return { ...state, fields: { ...state.fields, specifications: [...state.fields.specifications, { key: "", value: "" }] } };
    case "remove-spec":
      return { ...state, fields: { ...state.fields, specifications: state.fields.specifications.filter((_, i) => i !== action.index) } };
    case "feature":
      return { ...state, fields: { ...state.fields, features: state.fields.features.map((f, i) => (i === action.index ? action.value : f)) } };
    case "add-feature":
      return { ...state, fields: { ...state.fields, features: [...state.fields.features, NEW_FEATURE_TEXT] } };
    case "remove-feature":
      return { ...state, fields: { ...state.fields, features: state.fields.features.filter((_, i) => i !== action.index) } };
    case "approve": {
      if (state.step !== 2) return state;
      // A price changed after the type was chosen moves prices the seller never typed.
      const fields = isAuctionListingType(state.fields.listingType) && !state.auctionPricesEdited ? withPrefill(state.fields) : state.fields;
      return { ...state, step: 3, fields };
    }
    case "back":
      return state.step === 2 || state.step === 3 ? { ...state, step: (state.step - 1) as WizardStep } : state;
    case "choose-type": {
      const fields = { ...state.fields, listingType: action.listingType };
      const prefill = isAuctionListingType(action.listingType) && !state.auctionPricesEdited;
      return { ...state, fields: prefill ? withPrefill(fields) : fields };
    }
    case "created":
      return { ...state, step: 4, created: { listingId: action.listingId, auctionId: action.auctionId } };
    case "start-over":
      return INITIAL_WIZARD_STATE;
  }
}

/** Whether the wizard holds nothing worth keeping (nothing typed, no photo). */
export function isEmptyWizard(state: WizardState): boolean {
  return state.step === 1 && state.photos.length === 0 && state.input.brand.trim() === "" && state.input.model.trim() === "";
}
