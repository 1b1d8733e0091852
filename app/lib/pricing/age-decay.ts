// Age decay in the price-suggestion helper (docs/product/pricing.md#price-guidance): exp(-rate × age in years), never below 0.2, with a rate per
// kind of equipment. The spec names its kinds ("oscilloscopes", "signal-generators", …); Tradebench's category ids
// map onto them here. A unit test checks every id below exists in the taxonomy (app/reference/taxonomy.ts).

export const AGE_DECAY_FLOOR = 0.2;

const AGE_DECAY_RATES = {
  oscilloscopes: 0.08,
  "signal-generators": 0.07,
  "power-supplies": 0.06,
  multimeters: 0.05,
  "spectrum-analyzers": 0.09,
  "logic-analyzers": 0.08,
  "calibration-equipment": 0.04,
  "environmental-chambers": 0.03,
  "data-acquisition": 0.07,
  default: 0.06,
} as const;
export type AgeDecayKind = keyof typeof AGE_DECAY_RATES;

const TM = "industrial_electronics_test_measurement_";

/** Taxonomy items priced with a named kind's rate; every other category uses the default. */
export const AGE_DECAY_KIND_OF_CATEGORY: Readonly<Record<string, Exclude<AgeDecayKind, "default">>> = {
  [`${TM}oscilloscopes`]: "oscilloscopes",
  [`${TM}signal_generators`]: "signal-generators",
  [`${TM}vector_signal_generators`]: "signal-generators",
  [`${TM}function_generators`]: "signal-generators",
  [`${TM}arbitrary_waveform_generators`]: "signal-generators",
  [`${TM}power_supplies`]: "power-supplies",
  industrial_electronics_electronic_components_ac_dc_power_supplies: "power-supplies",
  [`${TM}digital_multimeters`]: "multimeters",
  [`${TM}clamp_meters`]: "multimeters",
  [`${TM}spectrum_analyzers`]: "spectrum-analyzers",
  [`${TM}signal_analyzers`]: "spectrum-analyzers",
  [`${TM}logic_analyzers`]: "logic-analyzers",
  [`${TM}protocol_analyzers`]: "logic-analyzers",
  [`${TM}calibrators`]: "calibration-equipment",
  // The taxonomy has no "environmental chambers" item; its temperature-controlled cabinets are the nearest kin.
  industrial_electronics_lab_scientific_incubators: "environmental-chambers",
  industrial_electronics_lab_scientific_laboratory_ovens: "environmental-chambers",
};

/** The whole Data Acquisition subcategory (and its items) decays at the data-acquisition rate. */
const DATA_ACQUISITION_SUBCATEGORY = "data_acquisition";
const DATA_ACQUISITION_PREFIX = "industrial_electronics_data_acquisition_";

export function ageDecayKind(categoryId: string | null | undefined): AgeDecayKind {
  if (!categoryId) return "default";
  const named = AGE_DECAY_KIND_OF_CATEGORY[categoryId];
  if (named) return named;
  if (categoryId === DATA_ACQUISITION_SUBCATEGORY || categoryId.startsWith(DATA_ACQUISITION_PREFIX)) return "data-acquisition";
  return "default";
}

export function ageDecayRate(categoryId: string | null | undefined): number {
  return AGE_DECAY_RATES[ageDecayKind(categoryId)];
}

/** exp(-rate × age), floored at 0.2. Negative ages (a year in the future) count as new. */
export function ageDecay(rate: number, ageYears: number): number {
  return Math.max(AGE_DECAY_FLOOR, Math.exp(-rate * Math.max(0, ageYears)));
}

/** Whole years since the year of manufacture, on the UTC calendar of `now`; null when the year is unknown. */
export function equipmentAge(year: number | null | undefined, now: Date): number | null {
  if (year === null || year === undefined || !Number.isFinite(year)) return null;
  return Math.max(0, now.getUTCFullYear() - year);
}
