// The category classifier on real model names from the trade, labelled by hand: catalogue models, model-number
// families, kinds named in the text, the photos' words, and the cases where it must not be sure.
import { describe, expect, it } from "vitest";
import { CERTAIN_CONFIDENCE, classifyCategory, keywordCategory } from "~/lib/ai/category-classifier.ts";
import { CATALOGUE_MODELS, categoryById } from "~/lib/ai/equipment-catalogue.ts";

/** [brand, model, the item it is]: real equipment, mostly not in the built-in catalogue. */
const LABELLED: ReadonlyArray<readonly [string, string, string]> = [
  ["Keysight", "DSOX1204G", "Oscilloscopes"],
  ["Tektronix", "TBS1052B", "Oscilloscopes"],
  ["Rigol", "DS1054Z", "Oscilloscopes"],
  ["Siglent", "SDS1104X-E", "Oscilloscopes"],
  ["Agilent", "34401A", "Digital Multimeters"],
  ["Fluke", "179", "Digital Multimeters"],
  ["Fluke", "1507", "Insulation Resistance Testers"],
  ["Fluke", "325", "Clamp Meters"],
  ["Fluke", "TiS20+", "Thermal Imaging Cameras"],
  ["Fluke", "5520A", "Calibrators"],
  ["Rohde & Schwarz", "FSH8", "Spectrum Analyzers"],
  ["Keysight", "N9010B", "Signal Analyzers"],
  ["Agilent", "E4438C", "Vector Signal Generators"],
  ["Keysight", "E5080A", "Network Analyzers"],
  ["Keysight", "33510B", "Function Generators"],
  ["Rigol", "DP832", "Power Supplies"],
  ["Keithley", "2400", "Source Measure Units"],
  ["Megger", "MIT1025", "Insulation Resistance Testers"],
  ["Anritsu", "MS2036C", "Network Analyzers"],
  ["FLIR", "E6", "Thermal Imaging Cameras"],
  ["Chroma", "63204", "Electronic Loads"],
  ["Allen-Bradley", "1756-L83E", "PLCs"],
  ["Allen Bradley", "1769-OB16", "PLC I/O Modules"],
  ["Rockwell Automation", "PowerFlex 755", "Variable Frequency Drives"],
  ["Siemens", "6ES7 315-2AH14-0AB0", "PLCs"],
  ["Siemens", "6AV2124-0MC01-0AX0", "HMIs"],
  ["Siemens", "SINAMICS V20", "Variable Frequency Drives"],
  ["Schneider Electric", "ATV320U15N4B", "Variable Frequency Drives"],
  ["Mitsubishi Electric", "FX3U-32M", "PLCs"],
  ["Omron", "E3Z-T61", "Photoelectric Sensors"],
  ["ABB", "ACS580-01-12A7-4", "Variable Frequency Drives"],
  ["Fanuc", "LR Mate 200iD", "Industrial Robots"],
  ["Yaskawa", "SGD7S-2R8A00A", "Servo Drives"],
  ["Pilz", "PNOZ s4", "Safety Relays"],
  ["Universal Robots", "UR5e", "Industrial Robots"],
  ["STMicroelectronics", "STM32F103C8T6", "Microcontrollers"],
  ["Xilinx", "XC7A35T-1CPG236C", "FPGAs"],
  ["Infineon", "FF300R12KE3", "IGBT Modules"],
  ["Texas Instruments", "LM317T", "Voltage Regulators"],
  ["Vishay", "IRF540N", "Power MOSFETs"],
  ["NI", "cDAQ-9174", "DAQ Chassis"],
  ["National Instruments", "NI 9205", "DAQ Modules"],
  ["NI", "USB-6001", "USB DAQ Devices"],
  ["Agilent", "6890N", "Gas Chromatographs"],
  ["Waters", "Alliance e2695", "HPLC Systems"],
  ["Eppendorf", "5810R", "Centrifuges"],
  ["Bio-Rad", "C1000 Touch", "Thermal Cyclers (PCR)"],
  ["Mettler Toledo", "XS205", "Analytical Balances"],
  ["Olympus", "CX23", "Microscopes"],
  ["Eaton", "9SX6KI", "UPS Systems"],
  ["APC", "Smart-UPS SMT1500", "UPS Systems"],
  ["SEL", "SEL-351S", "Protective Relays"],
  ["Cummins", "C150D6", "Diesel Generators"],
  ["ABB", "PSTX300-600-70", "Soft Starters"],
  ["Rosemount", "3051TG", "Pressure Transmitters"],
  ["Endress+Hauser", "Promass 83F", "Flow Meters"],
  ["Atlas Copco", "GA30", "Air Compressors"],
  ["Grundfos", "CRN 10-6", "Centrifugal Pumps"],
  ["Caterpillar", "330", "Excavators"],
  ["CAT", "966M", "Wheel Loaders"],
  ["Caterpillar", "D8T", "Bulldozers"],
  ["Komatsu", "PC360LC-11", "Excavators"],
  ["Bobcat", "T770", "Compact Track Loaders"],
  ["John Deere", "410L", "Backhoe Loaders"],
  ["Genie", "GS-2632", "Scissor Lifts"],
  ["JLG", "450AJ", "Boom Lifts"],
  ["Volvo", "L120H", "Wheel Loaders"],
  ["Kubota", "KX057-5", "Mini Excavators"],
  ["Caterpillar", "793F", "Haul Trucks"],
  ["Sandvik", "LH621i", "Underground Loaders (LHD)"],
  ["Epiroc", "Boomer M2", "Drill Jumbos"],
  ["Metso", "Nordberg HP300", "Cone Crushers"],
  ["Toyota", "8FBCU25", "Electric Forklifts"],
  ["Crown", "RR5795S", "Reach Trucks"],
  ["Hyster", "H80FT", "Forklifts"],
  ["Raymond", "5500", "Order Pickers"],
  ["Jungheinrich", "ETV 214", "Reach Trucks"],
  ["Linde", "H25D", "Forklifts"],
];

describe("real model names", () => {
  it("are more than forty, across the whole taxonomy", () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(40);
  });

  it.each(LABELLED)("%s %s is in %s, with confidence", (brand, model, item) => {
    const guess = classifyCategory({ brand, model });
    expect(guess.category.name).toBe(item);
    expect(guess.certain).toBe(true);
    expect(guess.confidence).toBeGreaterThanOrEqual(CERTAIN_CONFIDENCE);
  });

  it("places every catalogue model in its own category, surely", () => {
    for (const model of CATALOGUE_MODELS) {
      const guess = classifyCategory({ brand: model.brand, model: model.model });
      expect(guess.category.id, `${model.brand} ${model.model}`).toBe(model.categoryId);
      expect(guess.source).toBe("catalogue");
      expect(guess.confidence).toBe(0.97);
    }
  });
});

describe("other evidence", () => {
  it("reads the kind from the text when the model number says nothing", () => {
    expect(classifyCategory({ brand: "Acme", model: "Benchtop DC power supply 30V 5A" }).category.name).toBe("Power Supplies");
    expect(classifyCategory({ brand: "Generic", model: "3 ton LPG forklift" }).category.name).toBe("Forklifts");
    expect(classifyCategory({ brand: "Unbranded", model: "Mini excavator 1.8 t" }).category.name).toBe("Mini Excavators");
    expect(keywordCategory("used spectrum analyser")?.name).toBe("Spectrum Analyzers");
    expect(keywordCategory("safety relay for e-stop circuits")?.name).toBe("Safety Relays");
  });

  it("uses the photos' words and the model's equipment type when brand and model say nothing", () => {
    const guess = classifyCategory({ brand: "Acme", model: "X-200", hints: ["Front panel", "digital oscilloscope"] });
    expect(guess).toMatchObject({ source: "hint", certain: true });
    expect(guess.category.name).toBe("Oscilloscopes");
  });

  it("is not sure from the brand alone, and falls back to the spec's default with no evidence at all", () => {
    const byBrand = classifyCategory({ brand: "Fluke", model: "Widget" });
    expect(byBrand).toMatchObject({ source: "brand", certain: false });
    expect(byBrand.category.name).toBe("Digital Multimeters");
    const nothing = classifyCategory({ brand: "Acme", model: "X-200" });
    expect(nothing).toMatchObject({ source: "default", certain: false, confidence: 0.1 });
    expect(nothing.category.name).toBe("Oscilloscopes");
  });

  it("answers the same for the same text, and only with items of the taxonomy", () => {
    for (const [brand, model] of LABELLED) {
      const guess = classifyCategory({ brand, model });
      expect(classifyCategory({ brand, model })).toEqual(guess);
      expect(categoryById(guess.category.id)).toBe(guess.category);
    }
  });
});
