// The two requests to the language model: reading the photos (vision model) and writing the listing. Neither ever
// hands on the model's raw text: replies go through app/lib/ai/reply.ts (zod, repair) first.
import type OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { EMPTY_ANALYSIS, type ImageAnalysis } from "~/lib/ai/draft.ts";
import { AiFailure } from "~/lib/ai/failures.ts";
import {
  ANALYSIS_JSON_SCHEMA,
  ANALYSIS_MAX_TOKENS,
  ANALYSIS_SYSTEM_PROMPT,
  GENERATION_MAX_TOKENS,
  GENERATION_TEMPERATURE,
  LISTING_JSON_SCHEMA,
  LISTING_SYSTEM_PROMPT,
  analysisUserPrompt,
  listingRetryPrompt,
  listingUserPrompt,
  type EquipmentFacts,
} from "~/lib/ai/prompts.ts";
import { readAnalysisReply, readListingReply, type ListingText } from "~/lib/ai/reply.ts";
import type { AnalysisPhoto } from "./photos.server.ts";
import { ProviderCallError, chatCompletion, type AiConfig, type CallOptions } from "./provider.server.ts";

export interface PhotoReading {
  analysis: ImageAnalysis;
  /** Why the reading is empty, when it failed (generation goes on without it). */
  failure: AiFailure | null;
  modelMs: number;
}

/** The photos' labels, objects and nameplate text; empty (with the reason) when the reading fails. */
export async function readPhotos(
  client: OpenAI,
  config: AiConfig,
  facts: EquipmentFacts,
  photos: readonly AnalysisPhoto[],
  options: CallOptions,
): Promise<PhotoReading> {
  if (photos.length === 0) return { analysis: EMPTY_ANALYSIS, failure: null, modelMs: 0 };
  try {
    const { completion, modelMs } = await chatCompletion(
      client,
      {
        model: config.visionModel,
        temperature: 0,
        max_tokens: ANALYSIS_MAX_TOKENS,
        response_format: { type: "json_schema", json_schema: { name: "photo_reading", strict: true, schema: ANALYSIS_JSON_SCHEMA } },
        messages: [
          { role: "system", content: ANALYSIS_SYSTEM_PROMPT },
          {
            role: "user",
            content: [
              { type: "text", text: analysisUserPrompt(facts, photos.length) },
              ...photos.map((photo) => ({ type: "image_url" as const, image_url: { url: photo.dataUrl, detail: "auto" as const } })),
            ],
          },
        ],
      },
      options,
    );
    const analysis = readAnalysisReply(completion.choices[0]?.message.content);
    return analysis ? { analysis, failure: null, modelMs } : { analysis: EMPTY_ANALYSIS, failure: new AiFailure("invalid_reply", "photo reading"), modelMs };
  } catch (error) {
    if (error instanceof ProviderCallError) return { analysis: EMPTY_ANALYSIS, failure: error.failure, modelMs: error.modelMs };
    throw error;
  }
}

export interface WrittenListing {
  listing: ListingText;
  /** What was repaired in the reply (json_extracted, title_trimmed, features_clamped…). */
  repairs: string[];
  /** Requests sent, retries included. */
  attempts: number;
  modelMs: number;
}

export interface ListingExtras {
  /** Features the catalogue knows, to top up a reply with fewer than five. */
  topUpFeatures: readonly string[];
  /** Rows for a reply without specifications. */
  fallbackSpecifications: ReadonlyArray<{ key: string; value: string }>;
  /** Paragraphs to lengthen a description under 200 words. */
  extendWith: readonly string[];
}

/**
 * The listing written by the model: temperature 0.3, 1500 tokens, a JSON-schema answer. A reply that cannot be
 * repaired is sent back once with what was wrong; a second unusable reply fails as invalid_reply.
 * Throws ProviderCallError.
 */
export async function writeListing(
  client: OpenAI,
  config: AiConfig,
  facts: EquipmentFacts,
  analysis: ImageAnalysis | null,
  extras: ListingExtras,
  options: CallOptions,
): Promise<WrittenListing> {
  const messages: ChatCompletionMessageParam[] = [
    { role: "system", content: LISTING_SYSTEM_PROMPT },
    { role: "user", content: listingUserPrompt(facts, analysis) },
  ];
  let attempts = 0;
  let modelMs = 0;
  for (let round = 0; round < 2; round += 1) {
    let content: string | null | undefined;
    try {
      const call = await chatCompletion(
        client,
        {
          model: config.model,
          temperature: GENERATION_TEMPERATURE,
          max_tokens: GENERATION_MAX_TOKENS,
          response_format: { type: "json_schema", json_schema: { name: "equipment_listing", strict: true, schema: LISTING_JSON_SCHEMA } },
          messages,
        },
        options,
      );
      attempts += call.attempts;
      modelMs += call.modelMs;
      content = call.completion.choices[0]?.message.content;
    } catch (error) {
      if (error instanceof ProviderCallError) throw new ProviderCallError(error.failure, attempts + error.attempts, modelMs + error.modelMs);
      throw error;
    }
    const reading = readListingReply(content, extras);
    if (reading.ok) return { listing: reading.listing, repairs: reading.repairs, attempts, modelMs };
    if (round === 1) throw new ProviderCallError(new AiFailure("invalid_reply", reading.problems.join("; ")), attempts, modelMs);
    messages.push({ role: "assistant", content: (content ?? "").slice(0, 4000) }, { role: "user", content: listingRetryPrompt(reading.problems) });
  }
  throw new ProviderCallError(new AiFailure("invalid_reply"), attempts, modelMs);
}
