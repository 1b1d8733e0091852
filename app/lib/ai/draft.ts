// The AI listing draft: what POST /resources/ai-listing answers (app/routes/resources.ai-listing.ts) and what the
// wizard's review step edits. Shared by the server and the browser, so nothing here may import server code.
import type { Condition } from "~/lib/conditions.ts";
import type { PriceGuidance } from "~/lib/pricing/types.ts";

/** The photo analysis result shape (docs/product/listings.md#ai-assistant "Image analysis"), read from the vision model's reply. */
export interface ImageAnalysis {
  labels: Array<{ description: string; score: number }>;
  /** Text read from the photos: nameplate lines (brand, model, serial, options). */
  text: string[];
  objects: Array<{ name: string; score: number }>;
}

export interface DraftCategory {
  /** The taxonomy item id (e.g. industrial_electronics_test_measurement_oscilloscopes). */
  id: string;
  name: string;
  slug: string;
  /** 0–1: how sure the classifier is. */
  confidence: number;
  /** False when the confidence is low: the wizard makes the user choose the category. */
  certain: boolean;
}

export interface AiListingDraft {
  /** The ai_generations row this draft came from; sent back when the listing is created. */
  generationId: number;
  /** True when the built-in generator wrote the draft instead of the language model. */
  fallbackMode: boolean;
  /** "Generated without AI: …" when fallbackMode, else null. */
  notice: string | null;
  title: string;
  description: string;
  brand: string;
  model: string;
  condition: Condition;
  category: DraftCategory | null;
  specifications: Array<{ key: string; value: string }>;
  features: string[];
  /** The suggested price in integer cents. */
  priceCents: number;
  analysis: ImageAnalysis;
  guidance: PriceGuidance;
}

/** The 400 answer of POST /resources/ai-listing. */
export interface AiListingErrors {
  errors: Partial<Record<"brand" | "model" | "condition" | "photos" | "categoryId", string[]>>;
  message: string;
}

export const EMPTY_ANALYSIS: ImageAnalysis = { labels: [], text: [], objects: [] };
