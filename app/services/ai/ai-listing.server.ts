// One AI listing draft (docs/product/listings.md#ai-assistant wizard step 1 → 2): the category from the brand and model, the photos
// read by the vision model, the listing written by the language model (or, without a key or after a failure, by the
// built-in generator, with a notice), the price guidance from Tradebench's own market, and a row in ai_generations
// with the outcome and the server's own time (total minus the time spent waiting on the model).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { classifyCategory, type CategoryGuess } from "~/lib/ai/category-classifier.ts";
import { EMPTY_ANALYSIS, type AiListingDraft, type DraftCategory, type ImageAnalysis } from "~/lib/ai/draft.ts";
import { categoryById, type CatalogueCategory } from "~/lib/ai/equipment-catalogue.ts";
import { catalogueFeatures, catalogueSpecifications, fallbackListing, fallbackPriceCents } from "~/lib/ai/fallback.ts";
import { AiFailure, fallbackNotice, type AiFailureClass } from "~/lib/ai/failures.ts";
import type { EquipmentFacts } from "~/lib/ai/prompts.ts";
import type { ListingText } from "~/lib/ai/reply.ts";
import type { Condition } from "~/lib/conditions.ts";
import { trendFromChange } from "~/lib/pricing/market-trend.ts";
import { INSUFFICIENT_DATA_MESSAGE } from "~/lib/pricing/suggest-price.ts";
import type { PriceGuidance } from "~/lib/pricing/types.ts";
import { priceGuidance } from "~/services/pricing/index.server.ts";
import { sharedRateLimiter, type RateLimitRule, type RateLimitVerdict } from "~/services/platform/index.server.ts";
import { readPhotos, writeListing } from "./model-calls.server.ts";
import { analysisPhotos } from "./photos.server.ts";
import { ProviderCallError, aiClient, aiConfigFromEnv, failureOf, type AiConfig } from "./provider.server.ts";

/** Generations per hour: visitors per client address, members per account (each call may cost a model request). */
export const AI_RATE_LIMITS = {
  visitorPerIp: { limit: 20, windowMs: 60 * 60_000 },
  memberPerUser: { limit: 100, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/** Counts one generation for the caller (in the database: every server shares the count); the seconds to wait when the hour's allowance is used up. */
export function allowGeneration(db: Kysely<Database>, caller: { userId: string | null; ip: string }, now = new Date()): Promise<RateLimitVerdict> {
  return caller.userId
    ? sharedRateLimiter.hit(db, `ai:user:${caller.userId}`, AI_RATE_LIMITS.memberPerUser, now)
    : sharedRateLimiter.hit(db, `ai:ip:${caller.ip}`, AI_RATE_LIMITS.visitorPerIp, now);
}

/** The share of the seller's wait the photo reading may use, so the writing still has time. */
const PHOTO_READING_SHARE = 0.5;

export interface AiListingRequest {
  userId: string | null;
  brand: string;
  model: string;
  condition: Condition;
  /** The category the seller chose (known to exist), or null to classify it from the brand and model. */
  chosenCategory: { id: string; name: string; slug: string } | null;
  /** The photos' bytes, primary first (already checked to be pictures). */
  photos: readonly Uint8Array[];
}

export interface AiListingOptions {
  /** The model configuration; from the environment unless given. */
  config?: AiConfig;
  /** Aborts the model calls (the seller left). */
  signal?: AbortSignal;
  /** The wait between retries (tests record it). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** For the price guidance's trend windows. */
  now?: Date;
  /** Where failures are reported; console.warn unless given. */
  log?: (message: string) => void;
}

/** What ai_generations records about a draft, beside the draft itself. */
export interface GenerationRecord {
  outcome: "ai" | "fallback";
  failureClass: AiFailureClass | null;
  modelName: string | null;
  serverMs: number;
  modelMs: number;
}

function draftCategory(guess: CategoryGuess): DraftCategory | null {
  if (guess.source === "default") return null;
  const { id, name, slug } = guess.category;
  return { id, name, slug, confidence: Math.round(guess.confidence * 100) / 100, certain: guess.certain };
}

function analysisHints(analysis: ImageAnalysis): string[] {
  return [...analysis.labels.map((l) => l.description), ...analysis.objects.map((o) => o.name), ...analysis.text];
}

/** Guidance with nothing found, when the market could not be read. */
function emptyGuidance(): PriceGuidance {
  return { suggestion: null, insufficientMessage: INSUFFICIENT_DATA_MESSAGE, comparables: [], trend: trendFromChange(null), history: [] };
}

/** The draft for the wizard's review step, and its ai_generations row. Never throws for a model failure. */
export async function generateAiListing(db: Kysely<Database>, request: AiListingRequest, options: AiListingOptions = {}): Promise<AiListingDraft> {
  const started = performance.now();
  const config = options.config ?? aiConfigFromEnv();
  const log = options.log ?? ((message: string) => console.warn(message));
  const brand = request.brand.trim().replace(/\s+/g, " ");
  const model = request.model.trim().replace(/\s+/g, " ");

  let guess = classifyCategory({ brand, model });
  const chosen = request.chosenCategory;
  /** The taxonomy item whose words the texts use: the chosen one when it is an item, else the classifier's. */
  const wordsCategory = (): CatalogueCategory => (chosen ? categoryById(chosen.id) : undefined) ?? guess.category;
  const facts = (): EquipmentFacts => {
    const known = chosen ? categoryById(chosen.id) : guess.certain ? guess.category : undefined;
    return { brand, model, condition: request.condition, category: known ? { name: known.name, subcategoryName: known.subcategoryName } : null };
  };

  // The price guidance reads the database while the photos are shrunk and the model thinks, when the category is
  // already settled (it is looked for in every category while the category is uncertain).
  const guidanceFor = (categoryId: string | null): Promise<PriceGuidance> =>
    priceGuidance(db, { brand, model, categoryId, condition: request.condition }, options.now).catch((error: unknown) => {
      log(`AI listing: price guidance could not be read (${error instanceof Error ? error.message : String(error)}).`);
      return emptyGuidance();
    });
  const earlyCategoryId = chosen ? chosen.id : guess.certain ? guess.category.id : null;
  const earlyGuidance = earlyCategoryId !== null ? guidanceFor(earlyCategoryId) : null;

  let analysis: ImageAnalysis = EMPTY_ANALYSIS;
  let written: ListingText | null = null;
  let failure: AiFailure | null = null;
  let modelMs = 0;
  const client = await aiClient(config);
  if (!client) {
    failure = new AiFailure("not_configured");
  } else {
    const deadline = Date.now() + config.timeoutMs;
    const call = { signal: options.signal, sleep: options.sleep };
    try {
      const photos = await analysisPhotos(request.photos);
      const reading = await readPhotos(client, config, facts(), photos, {
        ...call,
        deadline: Math.min(deadline, Date.now() + config.timeoutMs * PHOTO_READING_SHARE),
      });
      modelMs += reading.modelMs;
      analysis = reading.analysis;
      if (reading.failure) log(`AI listing: the photo reading failed (${reading.failure.failureClass}); writing without it.`);
      if (reading.failure?.failureClass === "aborted") throw reading.failure;
      if (!guess.certain && !chosen) guess = classifyCategory({ brand, model, hints: analysisHints(analysis) });
      const extras = {
        topUpFeatures: catalogueFeatures(brand, model, wordsCategory()),
        fallbackSpecifications: catalogueSpecifications(brand, model),
        // The built-in generator's paragraphs after its introduction: condition, what buyers check, shipping.
        extendWith: fallbackListing({ brand, model, condition: request.condition, category: wordsCategory() }).description.split("\n\n").slice(2),
      };
      const result = await writeListing(client, config, facts(), analysis, extras, { ...call, deadline });
      modelMs += result.modelMs;
      written = result.listing;
      if (result.repairs.length > 0) log(`AI listing: repaired the model's reply (${result.repairs.join(", ")}).`);
      if (!guess.certain && !chosen) guess = classifyCategory({ brand, model, hints: [written.equipmentType, ...analysisHints(analysis)] });
    } catch (error) {
      if (error instanceof ProviderCallError) modelMs += error.modelMs;
      failure = error instanceof ProviderCallError ? error.failure : failureOf(error);
      log(`AI listing: the language model failed (${failure.failureClass}: ${failure.message}); the built-in generator writes the draft.`);
    }
  }

  const fallback = written ? null : fallbackListing({ brand, model, condition: request.condition, category: wordsCategory(), analysis });
  const listing: ListingText = written ?? fallback!;
  const category = chosen ? { ...chosen, confidence: 1, certain: true } : draftCategory(guess);

  const guidanceCategoryId = category?.certain ? category.id : null;
  const guidance = earlyGuidance && guidanceCategoryId === earlyCategoryId ? await earlyGuidance : await guidanceFor(guidanceCategoryId);
  const priceCents = guidance.suggestion?.recommendedCents ?? fallback?.priceCents ?? fallbackPriceCents(brand, request.condition, null);

  const totalMs = performance.now() - started;
  const record: GenerationRecord = {
    outcome: written ? "ai" : "fallback",
    failureClass: failure?.failureClass ?? null,
    modelName: client ? config.model : null,
    serverMs: Math.max(0, Math.round(totalMs - modelMs)),
    modelMs: Math.round(modelMs),
  };
  const generationId = await recordGeneration(db, request, brand, model, record);

  return {
    generationId,
    fallbackMode: !written,
    notice: failure && !written ? fallbackNotice(failure.failureClass) : null,
    title: listing.title,
    description: listing.description,
    brand,
    model,
    condition: request.condition,
    category,
    specifications: listing.specifications,
    features: listing.features,
    priceCents,
    analysis,
    guidance,
  };
}

async function recordGeneration(db: Kysely<Database>, request: AiListingRequest, brand: string, model: string, record: GenerationRecord): Promise<number> {
  const inserted = await db
    .insertInto("ai_generations")
    .values({
      user_id: request.userId,
      brand: brand.slice(0, 200),
      model: model.slice(0, 200),
      photo_count: request.photos.length,
      outcome: record.outcome,
      failure_class: record.failureClass,
      model_name: record.modelName,
      server_ms: record.serverMs,
      model_ms: record.modelMs,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}
