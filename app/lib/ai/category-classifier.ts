// The category of a piece of equipment from its brand and model text (and, when there are, words from the photos or
// the language model), over the whole taxonomy. Pure and deterministic. The evidence, strongest first:
//   1. the model is in the equipment catalogue                           → its category           (0.97)
//   2. a model-number family of the brand (Tektronix MSO…, 6ES7 51…)     → that item               (0.90)
//   3. the brand or model text names the kind ("… oscilloscope", "VFD")  → that item               (0.85)
//   4. a part-number family any maker uses (STM32…, IRF…)                → that item               (0.75)
//   5. a catalogue model of the same brand shares a long prefix          → its category      (0.50–0.80)
//   6. the photos' labels or the model's "equipment type" name the kind  → that item               (0.70)
//   7. the brand's usual category                                       → that item, not certain  (0.40)
//   8. nothing: the spec's default, Oscilloscopes                        → not certain             (0.10)
// Below CERTAIN_CONFIDENCE the wizard asks the seller to choose.
import { brandFamily, brandSpellingKey } from "~/lib/brands.ts";
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_MODELS,
  DEFAULT_CATEGORY_NAME,
  canonicalBrand,
  categoryByName,
  compactModel,
  findCatalogueModel,
  singularItemName,
  type CatalogueCategory,
} from "./equipment-catalogue.ts";
import { BRAND_PRIORS, FAMILY_RULES, SYNONYMS } from "~/reference/category-keywords.ts";

export const CERTAIN_CONFIDENCE = 0.6;

const CLASSIFIER_CONFIDENCE = {
  catalogue: 0.97,
  family: 0.9,
  keyword: 0.85,
  part: 0.75,
  neighbour: 0.7,
  hint: 0.7,
  brand: 0.4,
  default: 0.1,
} as const;

export type ClassifierSource = keyof typeof CLASSIFIER_CONFIDENCE;

export interface CategoryGuess {
  category: CatalogueCategory;
  /** 0–1. */
  confidence: number;
  /** confidence ≥ CERTAIN_CONFIDENCE: the category may be used without asking the seller. */
  certain: boolean;
  /** Which evidence decided. */
  source: ClassifierSource;
}

export interface ClassifierInput {
  brand: string;
  model: string;
  /** Weaker text: the photo reading's labels, objects and text, the language model's equipment type. */
  hints?: readonly string[];
}

// ——— Words ———

/** Lower case, British spellings made American, everything but letters and digits a single space, padded. */
function normaliseWords(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/analys(er|ers)\b/g, "analyz$1")
    .replace(/leveller/g, "leveler")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return ` ${words} `;
}

// ——— The tables, read once ———

interface FamilyRule {
  category: CatalogueCategory;
  pattern: RegExp;
}

function parseFamilies(spec: string): FamilyRule[] {
  return spec.split(/;\s*/).map((part) => {
    const at = part.indexOf("=");
    return { category: categoryByName(part.slice(0, at).trim()), pattern: new RegExp(`^(?:${part.slice(at + 1).trim()})`) };
  });
}

const FAMILIES = new Map<string, FamilyRule[]>();
for (const [keys, spec] of Object.entries(FAMILY_RULES)) {
  const rules = parseFamilies(spec);
  for (const key of keys.split(" ")) FAMILIES.set(key, [...(FAMILIES.get(key) ?? []), ...rules]);
}
const GENERIC_FAMILIES = FAMILIES.get("*") ?? [];

interface Phrase {
  pattern: RegExp;
  words: number;
  category: CatalogueCategory;
}

function phraseOf(text: string, category: CatalogueCategory): Phrase | null {
  const words = normaliseWords(text).trim();
  if (words.length < 2) return null;
  // Normalised words are letters, digits and single spaces: nothing to escape.
  return { pattern: new RegExp(` ${words}(?:s|es)? `), words: words.split(" ").length, category };
}

/** Each item's own name (singular, plural, each half of "A & B", an acronym in brackets) and the synonyms. */
const PHRASES: readonly Phrase[] = [
  ...CATALOGUE_CATEGORIES.flatMap((category) =>
    category.name.split(" & ").flatMap((part) => {
      const inBrackets = /\(([^)]+)\)/.exec(part)?.[1] ?? null;
      const texts = [singularItemName(part), part.replace(/\s*\(.*\)\s*/, "")];
      if (inBrackets && inBrackets.length >= 3) texts.push(inBrackets);
      return texts.map((text) => phraseOf(text, category)).filter((p): p is Phrase => p !== null);
    }),
  ),
  ...SYNONYMS.flatMap((line) => {
    const [phrases, name] = line.split(" → ");
    const category = categoryByName(name!.trim());
    return phrases!
      .split("|")
      .map((text) => phraseOf(text, category))
      .filter((p): p is Phrase => p !== null);
  }),
];

const BRAND_PRIOR = new Map<string, CatalogueCategory>();
for (const line of BRAND_PRIORS) {
  const [keys, name] = line.split(": ");
  for (const key of keys!.split(" ")) BRAND_PRIOR.set(key, categoryByName(name!.trim()));
}
{
  // The catalogue's brands: the category most of their models are in (ties: the first listed).
  const counts = new Map<string, Map<string, number>>();
  for (const model of CATALOGUE_MODELS) {
    const key = brandSpellingKey(model.brand);
    const perBrand = counts.get(key) ?? new Map<string, number>();
    perBrand.set(model.categoryId, (perBrand.get(model.categoryId) ?? 0) + 1);
    counts.set(key, perBrand);
  }
  for (const [key, perBrand] of counts) {
    if (BRAND_PRIOR.has(key)) continue;
    const [best] = [...perBrand.entries()].sort((a, b) => b[1] - a[1]);
    const category = CATALOGUE_CATEGORIES.find((c) => c.id === best![0]);
    if (category) BRAND_PRIOR.set(key, category);
  }
}

// ——— Classifying ———

/** The brand's keys in the tables: as written and as the catalogue names it ("R&S" → rohdeschwarz). */
function brandKeys(brand: string): string[] {
  return [...new Set([brandSpellingKey(canonicalBrand(brand)), brandSpellingKey(brand)])].filter((key) => key !== "");
}

/**
 * The model's compact forms to match families against: the whole model (without a leading brand name), then from
 * each later word on ("Modicon M580 BMEP582040" → "MODICONM580BMEP582040", "M580BMEP582040", "BMEP582040").
 */
function modelReadings(brand: string, model: string): string[] {
  const words = model
    .trim()
    .split(/[\s/,]+/)
    .filter(Boolean);
  const brandCompact = compactModel(canonicalBrand(brand));
  const readings: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    let reading = compactModel(words.slice(i).join(""));
    if (i === 0 && brandCompact && reading.startsWith(brandCompact) && reading.length > brandCompact.length + 1) {
      reading = reading.slice(brandCompact.length);
    }
    if (reading) readings.push(reading);
  }
  return [...new Set(readings)];
}

function familyMatch(rules: readonly FamilyRule[], readings: readonly string[]): CatalogueCategory | null {
  for (const reading of readings) {
    const rule = rules.find((r) => r.pattern.test(reading));
    if (rule) return rule.category;
  }
  return null;
}

/** The item whose name (or synonym) appears in the text, the longest phrase winning. */
export function keywordCategory(text: string): CatalogueCategory | null {
  const words = normaliseWords(text);
  let best: Phrase | null = null;
  for (const phrase of PHRASES) {
    if ((best === null || phrase.words > best.words) && phrase.pattern.test(words)) best = phrase;
  }
  return best?.category ?? null;
}

/** The brand's family key, read through the catalogue's names (brandFamily in app/lib/brands.ts). */
function familyOf(brand: string): string {
  return brandFamily(canonicalBrand(brand));
}

/** Catalogue models of the same brand whose model numbers share the longest prefix (at least 3 characters). */
function neighbourCategory(brand: string, readings: readonly string[]): { category: CatalogueCategory; confidence: number } | null {
  const family = familyOf(brand);
  const first = readings[0];
  if (!family || !first) return null;
  let bestLength = 0;
  let votes = new Map<string, number>();
  for (const model of CATALOGUE_MODELS) {
    if (familyOf(model.brand) !== family) continue;
    const other = compactModel(model.model);
    let length = 0;
    while (length < first.length && length < other.length && first[length] === other[length]) length += 1;
    if (length < 3 || length < bestLength) continue;
    if (length > bestLength) {
      bestLength = length;
      votes = new Map();
    }
    votes.set(model.categoryId, (votes.get(model.categoryId) ?? 0) + 1);
  }
  if (votes.size === 0) return null;
  const [winner] = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  const category = CATALOGUE_CATEGORIES.find((c) => c.id === winner![0]);
  if (!category) return null;
  if (votes.size > 1) return { category, confidence: 0.5 };
  return { category, confidence: bestLength >= 4 ? 0.8 : CLASSIFIER_CONFIDENCE.neighbour };
}

function guess(category: CatalogueCategory, confidence: number, source: ClassifierSource): CategoryGuess {
  return { category, confidence, certain: confidence >= CERTAIN_CONFIDENCE, source };
}

/** The category of the equipment, how sure, and from what (see the top of this file). */
export function classifyCategory({ brand, model, hints = [] }: ClassifierInput): CategoryGuess {
  const known = findCatalogueModel(brand, model);
  if (known) {
    const category = CATALOGUE_CATEGORIES.find((c) => c.id === known.categoryId);
    if (category) return guess(category, CLASSIFIER_CONFIDENCE.catalogue, "catalogue");
  }
  const readings = modelReadings(brand, model);
  for (const key of brandKeys(brand)) {
    const rules = FAMILIES.get(key);
    const found = rules ? familyMatch(rules, readings) : null;
    if (found) return guess(found, CLASSIFIER_CONFIDENCE.family, "family");
  }
  const named = keywordCategory(`${brand} ${model}`);
  if (named) return guess(named, CLASSIFIER_CONFIDENCE.keyword, "keyword");
  const part = familyMatch(GENERIC_FAMILIES, readings);
  if (part) return guess(part, CLASSIFIER_CONFIDENCE.part, "part");
  const neighbour = neighbourCategory(brand, readings);
  if (neighbour) return guess(neighbour.category, neighbour.confidence, "neighbour");
  const hinted = hints.length > 0 ? keywordCategory(hints.join(" . ")) : null;
  if (hinted) return guess(hinted, CLASSIFIER_CONFIDENCE.hint, "hint");
  for (const key of brandKeys(brand)) {
    const prior = BRAND_PRIOR.get(key);
    if (prior) return guess(prior, CLASSIFIER_CONFIDENCE.brand, "brand");
  }
  return guess(categoryByName(DEFAULT_CATEGORY_NAME), CLASSIFIER_CONFIDENCE.default, "default");
}
