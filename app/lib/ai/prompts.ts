// What the server asks the language model (docs/product/listings.md#ai-assistant, in Tradebench's words): one request that reads the photos
// (labels, objects, nameplate text) and one that writes the listing. Pure: the service sends these messages.
//
// Both user messages state the equipment as "Brand: …", "Model: …" and "Condition: …" lines; tests/support/fake-openai.ts
// reads them back to answer like a model would.
import { CONDITION_LABELS, type Condition } from "~/lib/conditions.ts";
import type { ImageAnalysis } from "./draft.ts";

/** docs/product/listings.md#ai-assistant: the title prompt limit. */
export const TITLE_MAX_CHARS = 80;
export const DESCRIPTION_WORDS = { min: 200, max: 400 } as const;
export const FEATURE_COUNT = { min: 5, max: 8 } as const;
export const SPECIFICATION_COUNT = { min: 3, max: 16 } as const;
/** docs/product/listings.md#ai-assistant: at most 10 results of each kind from the photo reading. */
export const ANALYSIS_MAX_RESULTS = 10;

/** docs/product/listings.md#ai-assistant: generation settings. */
export const GENERATION_TEMPERATURE = 0.3;
export const GENERATION_MAX_TOKENS = 1500;
export const ANALYSIS_MAX_TOKENS = 600;

export interface EquipmentFacts {
  brand: string;
  model: string;
  condition: Condition;
  /** The category the classifier or the seller chose, when there is one. */
  category?: { name: string; subcategoryName: string } | null;
}

function equipmentLines(facts: EquipmentFacts): string[] {
  const lines = [`Brand: ${oneLine(facts.brand)}`, `Model: ${oneLine(facts.model)}`, `Condition: ${CONDITION_LABELS[facts.condition]}`];
  if (facts.category) lines.push(`Category: ${facts.category.name} (${facts.category.subcategoryName})`);
  return lines;
}

/** The seller's text inside a prompt line: no line breaks, bounded. */
function oneLine(text: string, max = 200): string {
  return text.replace(/\s+/g, " ").trim().slice(0, max);
}

export type PromptMessage = { role: "system" | "user"; content: string };

// ——— Photo reading ———

export const ANALYSIS_SYSTEM_PROMPT =
  "You inspect photos of industrial equipment for a marketplace of used and new test and measurement instruments, " +
  "automation parts, electronic components, laboratory gear, power equipment and heavy machinery. You report only " +
  "what can be seen. You transcribe nameplates, rating plates, labels and screens exactly as printed. Reply with JSON only.";

export function analysisUserPrompt(facts: EquipmentFacts, photoCount: number): string {
  return [
    `The seller says the ${photoCount === 1 ? "photo shows" : `${photoCount} photos show`} this equipment:`,
    ...equipmentLines(facts),
    "",
    "Report:",
    `- labels: up to ${ANALYSIS_MAX_RESULTS} short descriptions of what the photos show (e.g. "oscilloscope", "front panel"), each with a score from 0 to 1 for how sure you are;`,
    `- objects: up to ${ANALYSIS_MAX_RESULTS} distinct items visible (the unit, probes, cables, manuals…), each with a score from 0 to 1;`,
    `- text: up to ${ANALYSIS_MAX_RESULTS} lines of readable text from nameplates, labels and screens, exactly as printed;`,
    "- nameplate: the brand, model, serial number and installed options printed on the equipment (empty strings and an empty list when not readable).",
    "Do not guess text you cannot read.",
  ].join("\n");
}

/** The JSON schema of the photo reading (OpenAI structured outputs, strict). */
export const ANALYSIS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["labels", "objects", "text", "nameplate"],
  properties: {
    labels: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["description", "score"],
        properties: { description: { type: "string" }, score: { type: "number" } },
      },
    },
    objects: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["name", "score"],
        properties: { name: { type: "string" }, score: { type: "number" } },
      },
    },
    text: { type: "array", items: { type: "string" } },
    nameplate: {
      type: "object",
      additionalProperties: false,
      required: ["brand", "model", "serial", "options"],
      properties: {
        brand: { type: "string" },
        model: { type: "string" },
        serial: { type: "string" },
        options: { type: "array", items: { type: "string" } },
      },
    },
  },
} as const;

// ——— Listing writing ———

export const LISTING_SYSTEM_PROMPT =
  "You are a senior sales engineer who has spent twenty years buying and selling used and new industrial electronics, " +
  "test and measurement instruments, automation parts and heavy equipment. You know the trade's makes, models and " +
  "their published specifications, and you write marketplace listings that professional buyers trust: accurate, " +
  "specific and plain. Never invent facts about the seller's unit (accessories, calibration, hours, test results, " +
  "installed options) beyond what you are told; describe the model from its published specifications and the unit " +
  "from the stated condition and what the photos show. Reply with JSON only.";

function analysisLines(analysis: ImageAnalysis | null): string[] {
  if (!analysis) return [];
  const lines: string[] = [];
  if (analysis.text.length > 0) lines.push(`Text read from the photos: ${analysis.text.map((t) => oneLine(t, 120)).join(" | ")}`);
  const seen = [...analysis.labels.map((l) => l.description), ...analysis.objects.map((o) => o.name)];
  if (seen.length > 0) lines.push(`Seen in the photos: ${[...new Set(seen.map((s) => oneLine(s, 60)))].join(", ")}`);
  return lines;
}

export function listingUserPrompt(facts: EquipmentFacts, analysis: ImageAnalysis | null): string {
  return [
    "Write the marketplace listing for this equipment.",
    "",
    ...equipmentLines(facts),
    ...analysisLines(analysis),
    "",
    "The JSON has these keys:",
    `- title: at most ${TITLE_MAX_CHARS} characters, with the brand, the model and what the equipment is;`,
    `- description: ${DESCRIPTION_WORDS.min} to ${DESCRIPTION_WORDS.max} words of plain text in paragraphs separated by blank lines (no markdown, no headings): what the equipment is and what it is used for, its key capabilities, the stated condition, and what a buyer should check;`,
    `- specifications: ${SPECIFICATION_COUNT.min} to 12 published specifications of this model as {"key", "value"} pairs (e.g. {"key": "Bandwidth", "value": "350 MHz"});`,
    `- features: ${FEATURE_COUNT.min} to ${FEATURE_COUNT.max} short feature phrases;`,
    '- equipmentType: what the equipment is, in two to four words (e.g. "digital oscilloscope", "wheel loader").',
  ].join("\n");
}

/** The second request after a reply that could not be used: what was wrong with it. */
export function listingRetryPrompt(problems: readonly string[]): string {
  return `Your previous answer could not be used: ${problems.join("; ")}. Answer again with the JSON object only, following every rule.`;
}

/** The JSON schema of the listing (OpenAI structured outputs, strict). */
export const LISTING_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["title", "description", "specifications", "features", "equipmentType"],
  properties: {
    title: { type: "string" },
    description: { type: "string" },
    specifications: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["key", "value"],
        properties: { key: { type: "string" }, value: { type: "string" } },
      },
    },
    features: { type: "array", items: { type: "string" } },
    equipmentType: { type: "string" },
  },
} as const;

/** Reads "Brand: …", "Model: …" and "Condition: …" back out of a prompt (the fake server does; so can logs). */
export function factsInPrompt(prompt: string): { brand: string | null; model: string | null; condition: string | null; category: string | null } {
  const read = (label: string) => new RegExp(`^${label}: (.+)$`, "m").exec(prompt)?.[1]?.trim() ?? null;
  return { brand: read("Brand"), model: read("Model"), condition: read("Condition"), category: read("Category") };
}
