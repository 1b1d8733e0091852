// Brands in the price-suggestion helper (spec 01 §9 "Brand factor: premium 1.2, mid 1.0, budget 0.8") and in
// comparable matching. The tiers reflect what the used market pays for each maker relative to its peers in the
// same kind of equipment; a brand not in the table is mid-tier.

export type BrandTier = "premium" | "mid" | "budget";

export const BRAND_TIER_FACTORS: Record<BrandTier, number> = { premium: 1.2, mid: 1.0, budget: 0.8 };

/**
 * A brand as a comparable key: lower case, "&" read as "and", everything but letters and digits dropped, and
 * the trade's other spellings folded onto one name ("HP" and "Hewlett-Packard", "R&S" and "Rohde & Schwarz").
 */
export function brandKey(brand: string | null | undefined): string {
  const plain = (brand ?? "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "");
  return BRAND_ALIASES[plain] ?? plain;
}

/** A model as a comparable key: lower case letters and digits only ("DSO-X 1204G" → "dsox1204g"). */
export function modelKey(model: string | null | undefined): string {
  return (model ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Other spellings (already reduced to letters and digits) → the key of the brand they name. */
const BRAND_ALIASES: Readonly<Record<string, string>> = {
  hp: "hewlettpackard",
  rands: "rohdeandschwarz",
  rohdeschwarz: "rohdeandschwarz",
  ni: "nationalinstruments",
  lecroy: "teledynelecroy",
  allenbradleyrockwell: "allenbradley",
  rockwellautomation: "allenbradley",
  rockwell: "allenbradley",
  cat: "caterpillar",
  thermofisher: "thermoscientific",
  thermofisherscientific: "thermoscientific",
  keysighttechnologies: "keysight",
  agilenttechnologies: "agilent",
  tek: "tektronix",
  goodwill: "gwinstek",
  unitrend: "unit",
  mettler: "mettlertoledo",
  endresshauser: "endressandhauser",
  schneider: "schneiderelectric",
  mitsubishi: "mitsubishielectric",
};

/** Brand keys by tier. Everything else is mid-tier. */
const PREMIUM_BRANDS = [
  // Test and measurement
  "Keysight", "Agilent", "Hewlett-Packard", "Rohde & Schwarz", "Tektronix", "Teledyne LeCroy", "Anritsu", "National Instruments",
  "Fluke", "Keithley", "Yokogawa", "Viavi", "EXFO", "Megger", "HBK", "Dewesoft",
  // Laboratory and scientific
  "Thermo Scientific", "Waters", "SCIEX", "Bruker", "Beckman Coulter", "Mettler Toledo", "Sartorius", "Eppendorf", "Zeiss",
  "Malvern Panalytical", "Anton Paar",
  // Automation, power and process
  "Siemens", "Allen-Bradley", "ABB", "Fanuc", "KUKA", "Heidenhain", "Beckhoff", "Pilz", "SICK", "Cognex",
  "Schweitzer Engineering Laboratories", "Endress+Hauser", "Rosemount", "Emerson Micro Motion",
  // Heavy equipment
  "Caterpillar", "Komatsu", "Liebherr", "Volvo", "John Deere", "Sandvik", "Epiroc", "Atlas Copco",
] as const;

const BUDGET_BRANDS = [
  // Test and measurement
  "Rigol", "Siglent", "Owon", "Hantek", "GW Instek", "Uni-T", "Atten", "Korad", "Tenma", "FNIRSI", "Kaiweets", "Aneng",
  // Components and power
  "Mean Well",
  // Heavy equipment
  "SANY", "XCMG", "LiuGong", "Lonking", "SDLG", "Shantui",
] as const;

const TIER_BY_KEY: ReadonlyMap<string, BrandTier> = new Map<string, BrandTier>([
  ...PREMIUM_BRANDS.map((name) => [brandKey(name), "premium"] as const),
  ...BUDGET_BRANDS.map((name) => [brandKey(name), "budget"] as const),
]);

export function brandTier(brand: string | null | undefined): BrandTier {
  return TIER_BY_KEY.get(brandKey(brand)) ?? "mid";
}

export function brandFactor(brand: string | null | undefined): number {
  return BRAND_TIER_FACTORS[brandTier(brand)];
}

/** The brands named in the table, for tests and documentation. */
export const BRAND_TABLE = { premium: PREMIUM_BRANDS, budget: BUDGET_BRANDS } as const;

/** Every spelling key (letters and digits only) that names the same brand as `key`, the key itself first. */
export function brandSpellings(key: string): string[] {
  if (key === "") return [];
  return [key, ...Object.keys(BRAND_ALIASES).filter((alias) => BRAND_ALIASES[alias] === key && alias !== key)];
}
