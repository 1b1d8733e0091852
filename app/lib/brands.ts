// A brand as the marketplace compares and shows it: one spelling key, one table of the trade's other spellings,
// one display name. Price guidance matches comparables on brandKey; the AI catalogue names brands with brandName
// and looks its tables up by spelling key. Client-safe: the listing form's price hint keys brands the same way.

/**
 * A spelling as letters and digits only, accents folded, "&" and the word "and" dropped: "Rohde & Schwarz",
 * "Rohde and Schwarz" and "ROHDE-SCHWARZ" are all "rohdeschwarz". Other spellings of a brand ("R&S") stay apart:
 * brandKey folds those.
 */
export function brandSpellingKey(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "")
    .replace(/\band\b/g, "")
    .replace(/[^a-z0-9]+/g, "");
}

/** Other spellings (as spelling keys) → the brand's usual name. A brand spelled only one way needs no line. */
const BRAND_NAMES: Readonly<Record<string, string>> = {
  rs: "Rohde & Schwarz",
  rohdeschwarz: "Rohde & Schwarz",
  rohdeundschwarz: "Rohde & Schwarz",
  hameg: "Rohde & Schwarz",
  keysight: "Keysight",
  keysighttechnologies: "Keysight",
  agilent: "Agilent",
  agilenttechnologies: "Agilent",
  hp: "HP",
  hewlettpackard: "HP",
  tek: "Tektronix",
  tektronix: "Tektronix",
  keithley: "Keithley",
  fluke: "Fluke",
  rigol: "Rigol",
  siglent: "Siglent",
  lecroy: "Teledyne LeCroy",
  teledynelecroy: "Teledyne LeCroy",
  anritsu: "Anritsu",
  goodwill: "GW Instek",
  gwinstek: "GW Instek",
  unit: "Uni-T",
  unitrend: "Uni-T",
  ab: "Allen-Bradley",
  allenbradley: "Allen-Bradley",
  allenbradleyrockwell: "Allen-Bradley",
  rockwell: "Allen-Bradley",
  rockwellautomation: "Allen-Bradley",
  siemens: "Siemens",
  schneider: "Schneider Electric",
  schneiderelectric: "Schneider Electric",
  telemecanique: "Schneider Electric",
  squared: "Square D",
  mitsubishi: "Mitsubishi Electric",
  mitsubishielectric: "Mitsubishi Electric",
  omron: "Omron",
  abb: "ABB",
  fanuc: "Fanuc",
  gefanuc: "Fanuc",
  yaskawa: "Yaskawa",
  motoman: "Yaskawa",
  kuka: "KUKA",
  beckhoff: "Beckhoff",
  pilz: "Pilz",
  sick: "SICK",
  cognex: "Cognex",
  keyence: "Keyence",
  ni: "NI",
  nationalinstruments: "NI",
  yokogawa: "Yokogawa",
  endresshauser: "Endress+Hauser",
  eh: "Endress+Hauser",
  rosemount: "Rosemount",
  emerson: "Emerson",
  micromotion: "Emerson Micro Motion",
  emersonmicromotion: "Emerson Micro Motion",
  fisher: "Fisher",
  cat: "Caterpillar",
  caterpillar: "Caterpillar",
  komatsu: "Komatsu",
  johndeere: "John Deere",
  deere: "John Deere",
  volvo: "Volvo",
  volvoce: "Volvo",
  hitachi: "Hitachi",
  kubota: "Kubota",
  bobcat: "Bobcat",
  jcb: "JCB",
  case: "Case",
  casece: "Case",
  genie: "Genie",
  jlg: "JLG",
  liebherr: "Liebherr",
  grove: "Grove",
  putzmeister: "Putzmeister",
  sandvik: "Sandvik",
  epiroc: "Epiroc",
  atlascopco: "Atlas Copco",
  metso: "Metso",
  metsooutotec: "Metso",
  toyota: "Toyota",
  hyster: "Hyster",
  yale: "Yale",
  crown: "Crown",
  raymond: "Raymond",
  linde: "Linde",
  jungheinrich: "Jungheinrich",
  thermo: "Thermo Scientific",
  thermofisher: "Thermo Scientific",
  thermoscientific: "Thermo Scientific",
  thermofisherscientific: "Thermo Scientific",
  mettler: "Mettler Toledo",
  mettlertoledo: "Mettler Toledo",
  eppendorf: "Eppendorf",
  waters: "Waters",
  biorad: "Bio-Rad",
  grundfos: "Grundfos",
  generac: "Generac",
  apc: "APC",
  schweitzer: "SEL",
  sel: "SEL",
  schweitzerengineeringlaboratories: "SEL",
  xilinx: "AMD Xilinx",
  amdxilinx: "AMD Xilinx",
  amd: "AMD Xilinx",
  st: "STMicroelectronics",
  stmicro: "STMicroelectronics",
  stmicroelectronics: "STMicroelectronics",
  infineon: "Infineon",
  flir: "FLIR",
  teledyneflir: "FLIR",
  megger: "Megger",
};

/**
 * The brand's display name: the usual name of a known spelling ("hewlett packard" → "HP", "allen bradley" →
 * "Allen-Bradley"), else a name from `knownNames` (spelling key → name, e.g. the AI catalogue's makers), else the
 * text trimmed with its spaces folded.
 */
export function brandName(brand: string, knownNames?: ReadonlyMap<string, string>): string {
  const key = brandSpellingKey(brand);
  return BRAND_NAMES[key] ?? knownNames?.get(key) ?? brand.trim().replace(/\s+/g, " ");
}

/**
 * The key two brands are compared on: the spelling key of the brand's display name, so every spelling of one brand
 * has one key ("HP", "Hewlett-Packard" and "hewlett packard" are all "hp"). "" for no brand.
 */
export function brandKey(brand: string | null | undefined): string {
  return brandSpellingKey(brandName(brand ?? ""));
}

/** Every spelling key that names the brand of `key` (a brandKey), the key itself first: for a database match. */
export function brandSpellings(key: string): string[] {
  if (key === "") return [];
  const others = Object.keys(BRAND_NAMES).filter((spelling) => spelling !== key && brandSpellingKey(BRAND_NAMES[spelling]) === key);
  return [key, ...others];
}

/** Brands whose names differ but whose instruments are one line (Keysight was Agilent's, which was HP's). */
const BRAND_FAMILIES: readonly (readonly string[])[] = [["keysight", "agilent", "hp"]];

/** The family key of a brand: the first brand of its family, else its own brandKey. */
export function brandFamily(brand: string | null | undefined): string {
  const key = brandKey(brand);
  return BRAND_FAMILIES.find((family) => family.includes(key))?.[0] ?? key;
}
