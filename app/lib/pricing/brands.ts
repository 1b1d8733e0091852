// Brands in the price-suggestion helper (docs/product/pricing.md#price-guidance "Brand factor: premium 1.2, mid 1.0, budget 0.8") and in
// comparable matching. The tiers reflect what the used market pays for each maker relative to its peers in the
// same kind of equipment; a brand not in the table is mid-tier. Brands are keyed by app/lib/brands.ts, like every
// other brand comparison.
import { brandKey } from "~/lib/brands.ts";

export type BrandTier = "premium" | "mid" | "budget";

const BRAND_TIER_FACTORS: Record<BrandTier, number> = { premium: 1.2, mid: 1.0, budget: 0.8 };

/** A model as a comparable key: lower case letters and digits only ("DSO-X 1204G" → "dsox1204g"). */
export function modelKey(model: string | null | undefined): string {
  return (model ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Brand keys by tier. Everything else is mid-tier. */
const PREMIUM_BRANDS = [
  // Test and measurement
  "Keysight",
  "Agilent",
  "Hewlett-Packard",
  "Rohde & Schwarz",
  "Tektronix",
  "Teledyne LeCroy",
  "Anritsu",
  "National Instruments",
  "Fluke",
  "Keithley",
  "Yokogawa",
  "Viavi",
  "EXFO",
  "Megger",
  "HBK",
  "Dewesoft",
  // Laboratory and scientific
  "Thermo Scientific",
  "Waters",
  "SCIEX",
  "Bruker",
  "Beckman Coulter",
  "Mettler Toledo",
  "Sartorius",
  "Eppendorf",
  "Zeiss",
  "Malvern Panalytical",
  "Anton Paar",
  // Automation, power and process
  "Siemens",
  "Allen-Bradley",
  "ABB",
  "Fanuc",
  "KUKA",
  "Heidenhain",
  "Beckhoff",
  "Pilz",
  "SICK",
  "Cognex",
  "Schweitzer Engineering Laboratories",
  "Endress+Hauser",
  "Rosemount",
  "Emerson Micro Motion",
  // Heavy equipment
  "Caterpillar",
  "Komatsu",
  "Liebherr",
  "Volvo",
  "John Deere",
  "Sandvik",
  "Epiroc",
  "Atlas Copco",
] as const;

const BUDGET_BRANDS = [
  // Test and measurement
  "Rigol",
  "Siglent",
  "Owon",
  "Hantek",
  "GW Instek",
  "Uni-T",
  "Atten",
  "Korad",
  "Tenma",
  "FNIRSI",
  "Kaiweets",
  "Aneng",
  // Components and power
  "Mean Well",
  // Heavy equipment
  "SANY",
  "XCMG",
  "LiuGong",
  "Lonking",
  "SDLG",
  "Shantui",
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
