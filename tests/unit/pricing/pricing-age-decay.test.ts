// Age decay of the price-suggestion helper (docs/product/pricing.md#price-guidance): exp(-rate × age), floor 0.2, a rate per kind of equipment.
import { describe, expect, it } from "vitest";
import { taxonomyRows } from "#db/reference-data.ts";
import { AGE_DECAY_FLOOR, AGE_DECAY_KIND_OF_CATEGORY, ageDecay, ageDecayKind, ageDecayRate, equipmentAge } from "~/lib/pricing/age-decay.ts";

const TM = "industrial_electronics_test_measurement_";

describe("rate per category", () => {
  it.each([
    [`${TM}oscilloscopes`, "oscilloscopes", 0.08],
    [`${TM}signal_generators`, "signal-generators", 0.07],
    [`${TM}function_generators`, "signal-generators", 0.07],
    [`${TM}arbitrary_waveform_generators`, "signal-generators", 0.07],
    [`${TM}vector_signal_generators`, "signal-generators", 0.07],
    [`${TM}power_supplies`, "power-supplies", 0.06],
    ["industrial_electronics_electronic_components_ac_dc_power_supplies", "power-supplies", 0.06],
    [`${TM}digital_multimeters`, "multimeters", 0.05],
    [`${TM}clamp_meters`, "multimeters", 0.05],
    [`${TM}spectrum_analyzers`, "spectrum-analyzers", 0.09],
    [`${TM}signal_analyzers`, "spectrum-analyzers", 0.09],
    [`${TM}logic_analyzers`, "logic-analyzers", 0.08],
    [`${TM}protocol_analyzers`, "logic-analyzers", 0.08],
    [`${TM}calibrators`, "calibration-equipment", 0.04],
    ["industrial_electronics_lab_scientific_incubators", "environmental-chambers", 0.03],
    ["industrial_electronics_lab_scientific_laboratory_ovens", "environmental-chambers", 0.03],
    ["industrial_electronics_data_acquisition_data_loggers", "data-acquisition", 0.07],
    ["industrial_electronics_data_acquisition_pxi_chassis", "data-acquisition", 0.07],
    ["data_acquisition", "data-acquisition", 0.07],
    [`${TM}network_analyzers`, "default", 0.06],
    ["heavy_equipment_construction_excavators", "default", 0.06],
    ["test_measurement", "default", 0.06],
    [null, "default", 0.06],
    ["", "default", 0.06],
  ])("%s decays as %s (%d)", (categoryId, kind, rate) => {
    expect(ageDecayKind(categoryId)).toBe(kind);
    expect(ageDecayRate(categoryId)).toBe(rate);
  });

  it("names only categories that exist in the taxonomy", () => {
    const ids = new Set(taxonomyRows().map((row) => row.id));
    for (const id of Object.keys(AGE_DECAY_KIND_OF_CATEGORY)) expect(ids.has(id), id).toBe(true);
    expect(ids.has("data_acquisition")).toBe(true);
  });
});

describe("decay", () => {
  it.each([
    [0.08, 0, 1],
    [0.08, 1, Math.exp(-0.08)],
    [0.06, 10, Math.exp(-0.6)],
    [0.09, 17, Math.exp(-1.53)],
  ])("rate %d at %d years is exp(-rate × age)", (rate, age, expected) => {
    expect(ageDecay(rate, age)).toBeCloseTo(expected, 12);
  });

  it("never falls below 0.2", () => {
    // exp(-0.08 × 20) = 0.2019; at 21 years it would be 0.186.
    expect(ageDecay(0.08, 20)).toBeCloseTo(0.2019, 4);
    expect(ageDecay(0.08, 21)).toBe(AGE_DECAY_FLOOR);
    expect(ageDecay(0.03, 200)).toBe(0.2);
  });

  it("treats a future year as new", () => {
    expect(ageDecay(0.08, -3)).toBe(1);
  });
});

describe("age from the year of manufacture", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it.each([
    [2026, 0],
    [2020, 6],
    [1998, 28],
    [2030, 0],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])("%s → %s", (year, age) => {
    expect(equipmentAge(year, now)).toBe(age);
  });
});
