// The eight categories buyers browse by (docs/product/listings.md#search-and-browse): the home page's tiles and the auctions filter, in this order,
// each with its name and a line on what it holds. The taxonomy (app/reference/taxonomy.ts) takes its names for these eight
// from here, so each is written once; they are kept apart from the taxonomy so a page ships eight names, not the tree.

export const BROWSE_CATEGORIES = [
  { slug: "test_measurement", name: "Test & Measurement", blurb: "Oscilloscopes, analyzers, signal generators and meters" },
  { slug: "automation_control", name: "Automation & Control", blurb: "PLCs, HMIs, drives, servo motors and sensors" },
  { slug: "electronic_components", name: "Electronic Components", blurb: "ICs, FPGAs, passives, connectors and relays" },
  { slug: "data_acquisition", name: "Data Acquisition", blurb: "Data loggers, DAQ modules and PXI systems" },
  { slug: "lab_scientific", name: "Laboratory & Scientific", blurb: "Microscopes, spectrometers, centrifuges and balances" },
  { slug: "electrical_power", name: "Electrical & Power", blurb: "Switchgear, breakers, motor control and motors" },
  { slug: "process_equipment", name: "Process Equipment", blurb: "Flow meters, transmitters, analyzers and valves" },
  { slug: "heavy_equipment", name: "Heavy Equipment", blurb: "Construction, mining and material handling machines" },
] as const;

export type BrowseCategorySlug = (typeof BROWSE_CATEGORIES)[number]["slug"];

/** A browse category's slug and name, as the taxonomy lists it. */
export function browseCategory(slug: BrowseCategorySlug): { slug: string; name: string } {
  const found = BROWSE_CATEGORIES.find((category) => category.slug === slug);
  if (!found) throw new Error(`No browse category ${slug}`);
  return { slug: found.slug, name: found.name };
}
