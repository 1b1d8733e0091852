// The built-in listing writer: what the seller gets when no language model is configured or the model failed. Pure
// and deterministic (no random numbers, no clock): the same brand, model, condition and category always give the same
// listing, and every listing meets the spec's limits (title ≤ 80 characters, a description of 200–400 words,
// specifications, 5–8 features). It knows the models of the equipment catalogue by their published specifications;
// for other models it writes from the category and says what the seller should add.
import { CONDITION_LABELS, type Condition } from "~/lib/conditions.ts";
import { FALLBACK_CONDITION_FACTORS } from "~/lib/pricing/condition-factors.ts";
import { roundSuggestedPrice } from "~/lib/pricing/suggest-price.ts";
import type { ImageAnalysis } from "./draft.ts";
import {
  SUBCATEGORY_WORDS,
  brandPriceMultiplier,
  canonicalBrand,
  findCatalogueModel,
  singularItemName,
  type CatalogueCategory,
  type CatalogueModel,
} from "./equipment-catalogue.ts";
import { DESCRIPTION_WORDS, FEATURE_COUNT } from "./prompts.ts";
import { cleanFeatures, cleanSpecifications, limitWords, trimTitle, wordCount, type ListingText } from "./reply.ts";

/** docs/product/pricing.md#price-guidance, mock generator: the base price in dollars. */
export const FALLBACK_BASE_PRICE = 5000;

export interface FallbackInput {
  brand: string;
  model: string;
  condition: Condition;
  category: CatalogueCategory;
  /** What the photos showed, when they were read: nameplate lines become specifications. */
  analysis?: ImageAnalysis | null;
}

export interface FallbackListing extends ListingText {
  /** The suggested price in cents (docs/product/pricing.md#price-guidance's mock generator, or the catalogue's price for a known model). */
  priceCents: number;
  /** The catalogue's model, when it knows this one. */
  catalogueModel: CatalogueModel | null;
}

/**
 * The price in cents: a known model's typical used-good price scaled by the condition factors (its price is already
 * the brand's), otherwise the spec's base 5000 × the brand multiplier × the condition factor; rounded by the
 * pricing helper's rule.
 */
export function fallbackPriceCents(brand: string, condition: Condition, model: CatalogueModel | null): number {
  const factor = FALLBACK_CONDITION_FACTORS[condition];
  const dollars = model
    ? ((model.usedGoodPrice[0] + model.usedGoodPrice[1]) / 2 / FALLBACK_CONDITION_FACTORS.used_good) * factor
    : FALLBACK_BASE_PRICE * brandPriceMultiplier(brand) * factor;
  return roundSuggestedPrice(Math.round(dollars * 100));
}

/** What the listing says about the unit's stated condition. */
const CONDITION_TEXT: Record<Condition, string> = {
  new: "The seller lists this unit as new: unused, as supplied by the maker, with the accessories and paperwork that came in the box. Buyers who need the original warranty to apply should ask the seller for the purchase date and whether the warranty can be transferred.",
  open_box:
    "The seller lists this unit as open box: unpacked and possibly powered up, but not put into service. The packaging may be opened or marked, and the seller can confirm which of the original accessories and documents are included.",
  used_excellent:
    "The seller lists this unit as used in excellent condition: fully working, with only light signs of use on the case and controls. It has been looked after and can go straight back into service.",
  used_very_good:
    "The seller lists this unit as used in very good condition: fully working, with minor marks from normal use that do not affect how it performs.",
  used_good:
    "The seller lists this unit as used in good condition: working, with the wear expected from regular professional use, such as scuffs, marks or faded labels that do not affect its function.",
  used_fair:
    "The seller lists this unit as used in fair condition: it works, but shows heavy wear, and some functions, controls or cosmetic parts may need attention. Buyers should ask about anything that matters for their application.",
  for_repair:
    "The seller lists this unit for repair: it has a fault and does not work as designed. It suits buyers with the skills and parts to repair it, or who need it as a source of spare parts.",
  incomplete:
    "The seller lists this unit as incomplete: parts, modules or accessories are missing. Buyers should check with the seller exactly what is included before buying.",
  parts_only: "The seller lists this unit for parts only: it is not expected to work and is sold for its usable components and assemblies.",
  as_is:
    "The seller lists this unit as is: it has not been tested and comes without any promise about its function. The photos and this description show everything the seller knows about it.",
};

/** Sentences added, in this order, when a description would be shorter than the spec's 200 words. */
const EXTRA_SENTENCES: readonly string[] = [
  "Questions about the unit's history, accessories, documentation and any test results can be sent to the seller through Tradebench messages before buying or bidding.",
  "The listing describes the equipment as the seller states it, so please read the condition notes and look closely at every photo before you decide.",
  "Payment runs through Tradebench, and the order page keeps the seller, the buyer and the payment details together from purchase to delivery.",
  "If you need more photos, a video of the unit powered up or the exact weight and dimensions for shipping, ask the seller and they will add them.",
  "Please check that the model, its ratings and its interfaces suit your application before you buy; the seller can confirm details that are not shown here.",
];

function sentenceList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "a" or "an" before a word, by its first sound (digits read aloud: "an 8-channel", "an 11 kW"). */
function withArticle(text: string): string {
  return `${/^(?:[aeiou]|8|11|18)/i.test(text) && !/^(?:uni|use|one)/i.test(text) ? "an" : "a"} ${text}`;
}

function titleCase(text: string): string {
  return text.replace(/(^|\s)([a-z])/g, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);
}

/** The nameplate lines the photo reading found ("Serial: …", "Options: …"). */
function nameplateValue(analysis: ImageAnalysis | null | undefined, label: string): string | null {
  const line = analysis?.text.find((t) => t.startsWith(`${label}: `));
  return line ? line.slice(label.length + 2).trim() || null : null;
}

/** The listing the built-in generator writes for this equipment. */
export function fallbackListing(input: FallbackInput): FallbackListing {
  const brand = canonicalBrand(input.brand) || input.brand.trim();
  const known = findCatalogueModel(input.brand, input.model);
  // A known model as the catalogue spells it ("dsox 3034t" → "DSOX3034T").
  const model = known ? known.model : input.model.trim().replace(/\s+/g, " ");
  const kind = singularItemName(input.category.name);
  const words = SUBCATEGORY_WORDS[input.category.subcategoryId];
  const noun = words?.noun ?? "unit";
  const what = known ? known.name : titleCase(kind);

  const title = trimTitle(`${brand} ${model} ${what}`);

  const intro = known
    ? `This listing offers ${withArticle(`${brand} ${model}`)}, ${withArticle(known.name)} that professional buyers know in the ${input.category.subcategoryName} trade. It is listed under ${input.category.name} and offered on Tradebench, the marketplace for used and new industrial electronics and heavy equipment.`
    : `This listing offers ${withArticle(`${brand} ${model} ${kind}`)}, listed under ${input.category.name} in ${input.category.subcategoryName}. It is offered on Tradebench, the marketplace for used and new industrial electronics and heavy equipment, by a seller who describes the ${noun} below.`;

  const specs = known?.specifications ?? [];
  const capability =
    specs.length > 0
      ? `Its published specifications include ${sentenceList(specs.slice(0, 5).map((s) => `${s.key.toLowerCase()} of ${s.value}`))}.` +
        (known && known.options.length > 0
          ? ` The model can be fitted with options such as ${sentenceList(known.options.slice(0, 4))}; which options this ${noun} carries should be confirmed from the photos or with the seller.`
          : "") +
        (known ? ` The ${model} was built from ${known.years[0]} to ${known.years[1]}, and spare parts and service for it remain easy to find.` : "")
      : `The exact specifications of this ${noun} depend on its configuration and any installed options. The main facts the seller knows are listed in the specifications below, and the photos show the nameplate with the model and serial number so that a buyer can look up the maker's data sheet.`;

  const plate = [nameplateValue(input.analysis, "Serial"), nameplateValue(input.analysis, "Options")];
  const seen =
    plate[0] || plate[1]
      ? ` The nameplate in the photos reads ${[plate[0] ? `serial number ${plate[0]}` : null, plate[1] ? `options ${plate[1]}` : null].filter(Boolean).join(" and ")}.`
      : "";

  const paragraphs = [
    intro,
    capability + seen,
    CONDITION_TEXT[input.condition],
    words?.buyersCheck ?? "Buyers usually ask about the service history and the accessories included, so the photos show the unit from every side.",
    words?.logistics ?? "The seller will pack the equipment with care; collection can be arranged.",
  ];
  const extra: string[] = [];
  for (const sentence of EXTRA_SENTENCES) {
    if (wordCount([...paragraphs, extra.join(" ")].join(" ")) >= DESCRIPTION_WORDS.min) break;
    extra.push(sentence);
  }
  if (extra.length > 0) paragraphs.push(extra.join(" "));
  const description = limitWords(paragraphs.join("\n\n"));

  const specifications = cleanSpecifications([
    { key: "Manufacturer", value: brand },
    { key: "Model", value: model },
    { key: "Equipment Type", value: known ? known.name : titleCase(kind) },
    ...specs,
    { key: "Condition", value: CONDITION_LABELS[input.condition] },
    ...(plate[0] ? [{ key: "Serial Number", value: plate[0] }] : []),
    ...(plate[1] ? [{ key: "Installed Options", value: plate[1] }] : []),
  ]);

  const features = cleanFeatures([
    ...(known?.features.slice(0, 4) ?? []),
    `Genuine ${brand} ${kind}`,
    ...(words?.features ?? []),
    `Condition: ${CONDITION_LABELS[input.condition]}`,
    "Questions answered through Tradebench messages",
    "Paid through Tradebench",
  ]).slice(0, FEATURE_COUNT.max);

  return {
    title,
    description,
    specifications,
    features,
    equipmentType: kind,
    priceCents: fallbackPriceCents(input.brand, input.condition, known),
    catalogueModel: known,
  };
}

/** Features true of the model and its category, for topping up a model's reply that has fewer than five. */
export function catalogueFeatures(brand: string, model: string, category: CatalogueCategory | null): string[] {
  const known = findCatalogueModel(brand, model);
  const words = category ? SUBCATEGORY_WORDS[category.subcategoryId] : undefined;
  return cleanFeatures([...(known?.features ?? []), ...(words?.features ?? []), `Genuine ${canonicalBrand(brand)} equipment`], 20);
}

/** Specification rows the catalogue holds for the model (manufacturer and model at least). */
export function catalogueSpecifications(brand: string, model: string): Array<{ key: string; value: string }> {
  const known = findCatalogueModel(brand, model);
  return cleanSpecifications([{ key: "Manufacturer", value: canonicalBrand(brand) }, { key: "Model", value: model.trim() }, ...(known?.specifications ?? [])]);
}
