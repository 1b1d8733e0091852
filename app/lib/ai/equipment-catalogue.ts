// The built-in equipment catalogue behind the AI listing creator's fallback and its category classifier: the
// taxonomy's items, the trade's brands (spellings, price class), the common models with their key specifications, and
// per subcategory the plain words a listing uses. The models are the marketplace's own reference list
// (app/reference/equipment-models.ts: real makes and models with their published specifications), read here rather than
// copied, so one list serves the demo data and the fallback alike. Pure: no server code, no random numbers.
import { itemSlug } from "~/lib/category-ids.ts";
import { EQUIPMENT_CATALOG } from "~/reference/equipment-models.ts";
import { CATEGORY_TAXONOMY } from "~/reference/taxonomy.ts";
import { brandFamily, brandName, brandSpellingKey } from "~/lib/brands.ts";

// ——— Taxonomy ———

export interface CatalogueCategory {
  /** The item id: main_sub_item (app/lib/category-ids.ts itemSlug); also its slug. */
  id: string;
  name: string;
  slug: string;
  subcategoryId: string;
  subcategoryName: string;
  mainId: string;
  mainName: string;
}

export const CATALOGUE_CATEGORIES: readonly CatalogueCategory[] = CATEGORY_TAXONOMY.flatMap((main) =>
  main.subcategories.flatMap((sub) =>
    sub.items.map((item) => {
      const id = itemSlug(main.slug, sub.slug, item);
      return { id, name: item, slug: id, subcategoryId: sub.slug, subcategoryName: sub.name, mainId: main.slug, mainName: main.name };
    }),
  ),
);

const CATEGORY_BY_ID = new Map(CATALOGUE_CATEGORIES.map((c) => [c.id, c]));
const CATEGORY_BY_NAME = new Map(CATALOGUE_CATEGORIES.map((c) => [c.name.toLowerCase(), c]));

/** An item category by id (or slug, which is the same for items). */
export function categoryById(id: string): CatalogueCategory | undefined {
  return CATEGORY_BY_ID.get(id);
}

/** An item category by its display name ("Oscilloscopes"); throws for a name the taxonomy does not hold. */
export function categoryByName(name: string): CatalogueCategory {
  const category = CATEGORY_BY_NAME.get(name.toLowerCase());
  if (!category) throw new Error(`No taxonomy item named ${name}`);
  return category;
}

/** The spec's default when nothing in the text names a category (docs/product/listings.md#ai-assistant). */
export const DEFAULT_CATEGORY_NAME = "Oscilloscopes";

/** "Oscilloscopes" → "oscilloscope", "Thermal Cyclers (PCR)" → "thermal cycler", "Reach Trucks" → "reach truck". */
export function singularItemName(name: string): string {
  const base = name.replace(/\s*\(.*\)\s*$/, "").trim();
  const words = base.split(" ");
  const last = words.at(-1) ?? "";
  let single = last;
  if (/(ches|shes|sses|xes)$/i.test(last)) single = last.slice(0, -2);
  else if (/ies$/i.test(last)) single = `${last.slice(0, -3)}y`;
  else if (/s$/i.test(last) && !/(ss|us)$/i.test(last)) single = last.slice(0, -1);
  words[words.length - 1] = single;
  const text = words.join(" ");
  // Acronyms stay as written (PLC, HMI, OTDR, FPGA); other words lower-case.
  return text
    .split(" ")
    .map((w) => (/^[A-Z0-9/&-]{2,}$/.test(w) ? w : w.toLowerCase()))
    .join(" ");
}

// ——— Brands ———

/** The brand as the catalogue names it ("allen bradley" → "Allen-Bradley"); unknown brands trimmed as given. */
export function canonicalBrand(brand: string): string {
  return brandName(brand, CATALOGUE_MODELS_BY_BRAND_KEY);
}

/**
 * The mock generator's brand multipliers (docs/product/listings.md#ai-assistant): Rohde & Schwarz-class 1.3, Keysight-class 1.2, Agilent-class
 * 1.15, Tektronix-class 1.1, Fluke-class 1 (also every brand not named here).
 */
const BRAND_PRICE_CLASSES: ReadonlyArray<{ multiplier: number; brands: readonly string[] }> = [
  { multiplier: 1.3, brands: ["Rohde & Schwarz", "Anritsu"] },
  { multiplier: 1.2, brands: ["Keysight", "Teledyne LeCroy", "NI"] },
  { multiplier: 1.15, brands: ["Agilent", "HP"] },
  { multiplier: 1.1, brands: ["Tektronix", "Keithley", "Yokogawa"] },
];

export function brandPriceMultiplier(brand: string): number {
  const name = canonicalBrand(brand);
  return BRAND_PRICE_CLASSES.find((c) => c.brands.includes(name))?.multiplier ?? 1;
}

// ——— Models ———

export interface CatalogueModel {
  brand: string;
  model: string;
  /** What it is: "350 MHz 4-Channel Oscilloscope". */
  name: string;
  categoryId: string;
  specifications: ReadonlyArray<{ key: string; value: string }>;
  /** Features of the model (not claims about one unit). */
  features: readonly string[];
  /** Options the model can carry. */
  options: readonly string[];
  /** Whole US dollars for a used unit in good working order. */
  usedGoodPrice: readonly [number, number];
  years: readonly [number, number];
}

/** Upper-case letters and digits only: "S7-1200 CPU 1214C" → "S71200CPU1214C". */
export function compactModel(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]+/g, "");
}

export const CATALOGUE_MODELS: readonly CatalogueModel[] = EQUIPMENT_CATALOG.flatMap((sub) =>
  sub.models.map((m) => ({
    brand: m.brand,
    model: m.model,
    name: m.name,
    categoryId: itemSlug(sub.main, sub.sub, m.item),
    specifications: Object.entries(m.specs).map(([key, value]) => ({ key, value })),
    features: m.features,
    options: m.options,
    usedGoodPrice: m.price,
    years: m.years,
  })),
);

const CATALOGUE_MODELS_BY_BRAND_KEY = new Map(CATALOGUE_MODELS.map((m) => [brandSpellingKey(m.brand), m.brand]));
const MODEL_INDEX = new Map<string, CatalogueModel[]>();
for (const model of CATALOGUE_MODELS) {
  const key = compactModel(model.model);
  MODEL_INDEX.set(key, [...(MODEL_INDEX.get(key) ?? []), model]);
}

/** The same brand, or brands of one family (brandFamily: Keysight, Agilent and HP). */
function sameBrand(a: string, b: string): boolean {
  return canonicalBrand(a) === canonicalBrand(b) || brandFamily(canonicalBrand(a)) === brandFamily(canonicalBrand(b));
}

/**
 * The catalogue's model for a brand and model text: the same model number ignoring spaces, dashes and case
 * ("dsox 3034t" is the DSOX3034T), or the model text starting with the brand's name of it and a short suffix
 * ("MSO54B" for the MSO54 family is not taken: only an option suffix after a separator, "87V/E2").
 */
export function findCatalogueModel(brand: string, model: string): CatalogueModel | null {
  let key = compactModel(model);
  const brandPrefix = compactModel(canonicalBrand(brand));
  if (brandPrefix && key.startsWith(brandPrefix) && key.length > brandPrefix.length + 2) key = key.slice(brandPrefix.length);
  const exact = MODEL_INDEX.get(key)?.find((m) => sameBrand(m.brand, brand));
  if (exact) return exact;
  // "87V / E2 kit", "5522A/1GHz": the catalogue model followed by a separator and an option.
  const head = model.trim().split(/\s*[/,(]\s*|\s+(?:with|w\/|kit|opt\.?|option)\b/i)[0] ?? "";
  const headKey = compactModel(head);
  if (headKey !== key && headKey.length >= 3) {
    const found = MODEL_INDEX.get(headKey)?.find((m) => sameBrand(m.brand, brand));
    if (found) return found;
  }
  return null;
}

// ——— Words per subcategory ———

export interface SubcategoryWords {
  /** What one piece is called in a sentence: "instrument", "machine", "unit". */
  noun: string;
  /** A sentence on what buyers in this trade look at. */
  buyersCheck: string;
  /** A sentence on how the equipment is usually shipped or collected. */
  logistics: string;
  /** Features true of the category as a whole, for the fallback's feature list. */
  features: readonly string[];
}

export const SUBCATEGORY_WORDS: Record<string, SubcategoryWords> = {
  test_measurement: {
    noun: "instrument",
    buyersCheck:
      "Buyers of test and measurement gear usually check the installed options, the firmware revision, the calibration status and whether the self-test passes, so the photos show the front panel and the rear nameplate.",
    logistics: "Bench instruments ship double-boxed with foam protection; rack-mount units can be palletised on request.",
    features: [
      "Professional test and measurement instrument",
      "Model number and options readable on the nameplate photos",
      "Suitable for lab, service and production test work",
    ],
  },
  automation_control: {
    noun: "unit",
    buyersCheck:
      "Buyers of automation parts usually match the exact catalogue number, series and firmware revision to their spares list, so the photos show the product label and the terminals.",
    logistics: "Parts ship in anti-static packaging inside a sturdy carton; larger assemblies go on a pallet.",
    features: [
      "Industrial automation and control component",
      "Catalogue number readable on the label photos",
      "Drop-in spare for existing installations of the same series",
    ],
  },
  electronic_components: {
    noun: "lot",
    buyersCheck:
      "Buyers of components usually check the full part number, the date codes, the quantity and the packaging (reel, tray or tube), so the photos show the labels.",
    logistics: "Moisture-sensitive parts ship in sealed bags inside a carton; the quantity is stated in the listing.",
    features: [
      "Electronic components for production or repair",
      "Full part number readable on the label photos",
      "Quantity and packaging stated in the listing",
    ],
  },
  data_acquisition: {
    noun: "unit",
    buyersCheck:
      "Buyers of data acquisition hardware usually check the channel count, the sample rate, the supported drivers and whether the unit is recognised by its configuration software.",
    logistics: "Modules and chassis ship double-boxed with foam protection.",
    features: [
      "Data acquisition hardware for test and monitoring",
      "Model number readable on the label photos",
      "Suitable for lab, test cell and field measurement",
    ],
  },
  lab_scientific: {
    noun: "instrument",
    buyersCheck:
      "Buyers of laboratory equipment usually ask about the service history, the software and licences that come with it and whether it has been decontaminated.",
    logistics: "Benchtop instruments ship on a pallet or crate; floor-standing systems need a freight carrier or collection.",
    features: [
      "Laboratory and scientific instrument",
      "Model number readable on the nameplate photos",
      "Suitable for research, quality control and teaching labs",
    ],
  },
  electrical_power: {
    noun: "unit",
    buyersCheck:
      "Buyers of electrical gear usually check the voltage and current ratings, the frame or catalogue number and the test records, so the photos show the rating plate.",
    logistics: "Heavy electrical equipment ships on a pallet or skid by freight carrier; collection can be arranged.",
    features: ["Electrical power equipment", "Ratings readable on the rating plate photos", "Suitable for plant, building and utility installations"],
  },
  process_equipment: {
    noun: "unit",
    buyersCheck:
      "Buyers of process equipment usually check the wetted materials, the connections, the pressure and temperature ratings and the documentation, so the photos show the tag plate.",
    logistics: "Process equipment ships palletised with its connections protected; larger skids go by freight carrier.",
    features: ["Industrial process equipment", "Tag plate readable in the photos", "Suitable for chemical, water, food and general process plants"],
  },
  construction: {
    noun: "machine",
    buyersCheck:
      "Buyers of construction machines usually check the hours, the service records, the undercarriage or tyres and any attachments included, and inspections at the yard are welcome.",
    logistics: "Machines are collected from the yard or moved by a lowboy trailer; transport quotes can be arranged.",
    features: ["Construction machine for site work", "Serial plate and hour meter shown in the photos", "Inspection welcome before purchase"],
  },
  mining: {
    noun: "machine",
    buyersCheck:
      "Buyers of mining equipment usually check the component hours, the rebuild records, the oil sampling history and compliance with site safety rules.",
    logistics: "Mining equipment is sold where it stands; dismantling and heavy haulage can be quoted.",
    features: ["Mining equipment for surface or underground operations", "Serial plate shown in the photos", "Inspection welcome before purchase"],
  },
  material_handling: {
    noun: "unit",
    buyersCheck:
      "Buyers of material handling equipment usually check the rated capacity, the lift height, the hours and the battery or engine condition, and the data plate states the rating.",
    logistics: "Units ship on a flatbed or are collected from the yard; local delivery can be quoted.",
    features: [
      "Material handling equipment for warehouses and yards",
      "Data plate with rated capacity shown in the photos",
      "Inspection welcome before purchase",
    ],
  },
};
