// The language model's replies, checked with zod and repaired where a repair is safe: the JSON dug out of prose or
// a code fence, a specifications map turned into rows, an over-long title cut at a word, an over-long description
// cut at a sentence, features clamped to 5–8 (topped up from facts the catalogue holds), blank and repeated rows
// dropped. A reply that cannot be repaired (no JSON, no title, no description, a description far too short) is
// refused with the reasons, which go back to the model once. Nothing here ever reaches the seller raw.
import { z } from "zod";
import type { ImageAnalysis } from "./draft.ts";
import { ANALYSIS_MAX_RESULTS, DESCRIPTION_WORDS, FEATURE_COUNT, SPECIFICATION_COUNT, TITLE_MAX_CHARS } from "./prompts.ts";

/** A listing's text as the model (or the fallback generator) writes it. */
export interface ListingText {
  title: string;
  description: string;
  specifications: Array<{ key: string; value: string }>;
  features: string[];
  /** What the equipment is, in the model's words ("digital oscilloscope"); helps the category classifier. */
  equipmentType: string;
}

const MAX_SPEC_KEY = 100;
const MAX_SPEC_VALUE = 300;
const MAX_FEATURE = 300;
/** Below this many words a description is not a listing: the model is asked again. */
const DESCRIPTION_REFUSE_BELOW_WORDS = 80;

// ——— Finding the JSON ———

/**
 * The first JSON object in a reply: the whole text, a ```json fence, or the outermost balanced braces inside prose.
 * Returns undefined when there is none.
 */
export function extractJsonObject(text: string): unknown {
  const trimmed = text.trim();
  const attempts: string[] = [trimmed];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  if (fence?.[1]) attempts.push(fence[1].trim());
  const balanced = firstBalancedObject(trimmed);
  if (balanced) attempts.push(balanced);
  for (const attempt of attempts) {
    try {
      const value: unknown = JSON.parse(attempt);
      if (value && typeof value === "object" && !Array.isArray(value)) return value;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

/** The text from the first "{" to its matching "}", skipping braces inside strings. */
function firstBalancedObject(text: string): string | null {
  const start = text.indexOf("{");
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{") depth += 1;
    else if (c === "}") {
      depth -= 1;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

// ——— Text helpers ———

export function wordCount(text: string): number {
  const words = text.trim().split(/\s+/);
  return words[0] === "" ? 0 : words.length;
}

/** Collapses spaces inside lines and keeps paragraphs apart by one blank line. */
function tidyParagraphs(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .replace(/^#+\s*/gm, "")
        .replace(/\*\*(.+?)\*\*/g, "$1")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((p) => p !== "")
    .join("\n\n");
}

/** At most `max` characters, cut at a word boundary, without a dangling separator. */
export function trimTitle(title: string, max: number = TITLE_MAX_CHARS): string {
  const clean = title
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["'“]+|["'”]+$/g, "");
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(" ");
  const shortened = lastSpace > max / 2 ? cut.slice(0, lastSpace) : clean.slice(0, max);
  return shortened.replace(/[\s,;:–—-]+$/, "").trim();
}

/** At most `maxWords` words: whole sentences kept while they fit (else whole words), paragraphs preserved. */
export function limitWords(text: string, maxWords: number = DESCRIPTION_WORDS.max): string {
  if (wordCount(text) <= maxWords) return text;
  const paragraphs = text.split("\n\n");
  const kept: string[] = [];
  let used = 0;
  for (const paragraph of paragraphs) {
    const sentences = paragraph.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [paragraph];
    const keptSentences: string[] = [];
    for (const sentence of sentences) {
      const words = wordCount(sentence);
      if (used + words > maxWords) break;
      keptSentences.push(sentence.trim());
      used += words;
    }
    if (keptSentences.length > 0) kept.push(keptSentences.join(" "));
    if (keptSentences.length < sentences.length) break;
  }
  if (used === 0) return text.trim().split(/\s+/).slice(0, maxWords).join(" ");
  return kept.join("\n\n");
}

function cleanRow(text: string, max: number): string {
  return text.replace(/\s+/g, " ").trim().slice(0, max);
}

/** Rows with a blank key or value dropped, keys unique (case-insensitively; the first wins), at most `max`. */
export function cleanSpecifications(
  rows: ReadonlyArray<{ key: string; value: string }>,
  max: number = SPECIFICATION_COUNT.max,
): Array<{ key: string; value: string }> {
  const seen = new Set<string>();
  const kept: Array<{ key: string; value: string }> = [];
  for (const row of rows) {
    const key = cleanRow(row.key, MAX_SPEC_KEY);
    const value = cleanRow(row.value, MAX_SPEC_VALUE);
    if (!key || !value || seen.has(key.toLowerCase())) continue;
    seen.add(key.toLowerCase());
    kept.push({ key, value });
    if (kept.length >= max) break;
  }
  return kept;
}

/** Features without blanks and repeats, each on one line without a list marker, at most `max`. */
export function cleanFeatures(features: readonly string[], max: number = FEATURE_COUNT.max): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const feature of features) {
    const text = cleanRow(feature.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, ""), MAX_FEATURE).replace(/\.$/, "");
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    kept.push(text);
    if (kept.length >= max) break;
  }
  return kept;
}

// ——— The listing reply ———

const textish = z.union([z.string(), z.number()]).transform((v) => String(v));

/** Specifications as rows, or as a { key: value } map (local models often write that). */
const SpecificationsSchema = z.union([
  z.array(
    z.union([
      z.object({ key: textish, value: textish }).passthrough(),
      z.object({ name: textish, value: textish }).transform((r) => ({ key: r.name, value: r.value })),
    ]),
  ),
  z.record(textish).transform((map) => Object.entries(map).map(([key, value]) => ({ key, value }))),
]);

/** What is read from the model's JSON before repair: lenient about shapes, strict about what must be there. */
const ListingReplySchema = z.object({
  title: z.string().trim().min(1, "the title is missing"),
  description: z.string().trim().min(1, "the description is missing"),
  specifications: SpecificationsSchema.catch([]).default([]),
  features: z.array(textish).catch([]).default([]),
  equipmentType: z.string().catch("").default(""),
});

/** The repaired listing, as the service hands it on (the spec's limits hold). */
export const ListingTextSchema = z.object({
  title: z.string().min(1).max(TITLE_MAX_CHARS),
  description: z.string().min(1),
  specifications: z.array(z.object({ key: z.string().min(1), value: z.string().min(1) })).max(SPECIFICATION_COUNT.max),
  features: z.array(z.string().min(1)).min(FEATURE_COUNT.min).max(FEATURE_COUNT.max),
  equipmentType: z.string(),
});

export type ReplyReading = { ok: true; listing: ListingText; repairs: string[] } | { ok: false; problems: string[] };

/**
 * Reads a listing reply. `topUpFeatures` supplies features (from facts the catalogue holds about the model and category)
 * when the model wrote fewer than five; `fallbackSpecifications` rows when it wrote none.
 */
export function readListingReply(
  content: string | null | undefined,
  extra: {
    topUpFeatures: readonly string[];
    fallbackSpecifications: ReadonlyArray<{ key: string; value: string }>;
    /** Paragraphs (condition, what buyers check, shipping) added, in order, to a description under 200 words. */
    extendWith?: readonly string[];
  },
): ReplyReading {
  if (!content || content.trim() === "") return { ok: false, problems: ["the answer was empty"] };
  const json = extractJsonObject(content);
  if (json === undefined) return { ok: false, problems: ["the answer was not a JSON object"] };
  const parsed = ListingReplySchema.safeParse(json);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)) };
  const reply = parsed.data;
  const repairs: string[] = [];
  if (!isPlainJson(content)) repairs.push("json_extracted");

  const description = tidyParagraphs(reply.description);
  const words = wordCount(description);
  if (words < DESCRIPTION_REFUSE_BELOW_WORDS) {
    return { ok: false, problems: [`the description had ${words} words, it needs ${DESCRIPTION_WORDS.min} to ${DESCRIPTION_WORDS.max}`] };
  }
  let limited = limitWords(description);
  if (limited !== description) repairs.push("description_trimmed");
  if (words < DESCRIPTION_WORDS.min && extra.extendWith && extra.extendWith.length > 0) {
    const paragraphs = [limited];
    for (const paragraph of extra.extendWith) {
      if (wordCount(paragraphs.join(" ")) >= DESCRIPTION_WORDS.min) break;
      paragraphs.push(tidyParagraphs(paragraph));
    }
    limited = limitWords(paragraphs.join("\n\n"));
    repairs.push("description_extended");
  }

  const title = trimTitle(reply.title);
  if (title !== reply.title.trim()) repairs.push("title_trimmed");
  if (title === "") return { ok: false, problems: ["the title is missing"] };

  let specifications = cleanSpecifications(reply.specifications);
  if (specifications.length === 0) {
    specifications = cleanSpecifications(extra.fallbackSpecifications);
    repairs.push("specifications_filled");
  }

  let features = cleanFeatures(reply.features);
  if (reply.features.length > FEATURE_COUNT.max) repairs.push("features_clamped");
  if (features.length < FEATURE_COUNT.min) {
    features = cleanFeatures([...features, ...extra.topUpFeatures]);
    repairs.push("features_topped_up");
  }

  const listing: ListingText = { title, description: limited, specifications, features, equipmentType: reply.equipmentType.trim().slice(0, 80) };
  const checked = ListingTextSchema.safeParse(listing);
  if (!checked.success) return { ok: false, problems: checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  return { ok: true, listing, repairs };
}

function isPlainJson(content: string): boolean {
  try {
    JSON.parse(content);
    return true;
  } catch {
    return false;
  }
}

// ——— The photo reading reply ———

const score = z.coerce
  .number()
  .catch(0)
  .transform((n) => Math.min(1, Math.max(0, Number.isFinite(n) ? n : 0)));

const AnalysisReplySchema = z.object({
  labels: z
    .array(z.union([z.object({ description: textish, score: score.optional() }), textish.transform((description) => ({ description, score: undefined }))]))
    .catch([])
    .default([]),
  objects: z
    .array(z.union([z.object({ name: textish, score: score.optional() }), textish.transform((name) => ({ name, score: undefined }))]))
    .catch([])
    .default([]),
  text: z
    .union([z.array(textish), textish.transform((t) => t.split(/\n+/))])
    .catch([])
    .default([]),
  nameplate: z
    .object({
      brand: textish.optional(),
      model: textish.optional(),
      serial: textish.optional(),
      options: z.array(textish).optional(),
    })
    .partial()
    .catch({})
    .default({}),
});

/**
 * The photo reading in the spec's shape (labels {description, score}, text, objects {name, score}); nameplate fields
 * become text lines "Brand: …", "Model: …", "Serial: …", "Options: …". Null when the reply holds no JSON object.
 */
export function readAnalysisReply(content: string | null | undefined): ImageAnalysis | null {
  if (!content) return null;
  const json = extractJsonObject(content);
  if (json === undefined) return null;
  const parsed = AnalysisReplySchema.safeParse(json);
  if (!parsed.success) return null;
  const reply = parsed.data;
  const uniqueBy = <T>(items: T[], key: (item: T) => string) => {
    const seen = new Set<string>();
    return items.filter((item) => {
      const k = key(item).toLowerCase();
      if (!k || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };
  const labels = uniqueBy(
    reply.labels.map((l) => ({ description: cleanRow(l.description, 80), score: l.score ?? 0.5 })),
    (l) => l.description,
  )
    .sort((a, b) => b.score - a.score)
    .slice(0, ANALYSIS_MAX_RESULTS);
  const objects = uniqueBy(
    reply.objects.map((o) => ({ name: cleanRow(o.name, 80), score: o.score ?? 0.5 })),
    (o) => o.name,
  )
    .sort((a, b) => b.score - a.score)
    .slice(0, ANALYSIS_MAX_RESULTS);
  const plate = reply.nameplate;
  const plateLines = [
    plate.brand?.trim() ? `Brand: ${cleanRow(plate.brand, 100)}` : null,
    plate.model?.trim() ? `Model: ${cleanRow(plate.model, 100)}` : null,
    plate.serial?.trim() ? `Serial: ${cleanRow(plate.serial, 100)}` : null,
    plate.options && plate.options.some((o) => o.trim())
      ? `Options: ${plate.options
          .map((o) => cleanRow(o, 60))
          .filter(Boolean)
          .join(", ")}`
      : null,
  ].filter((line): line is string => line !== null);
  const text = uniqueBy([...plateLines, ...reply.text.map((t) => cleanRow(t, 200))], (t) => t).slice(0, ANALYSIS_MAX_RESULTS + plateLines.length);
  return { labels, text, objects };
}
