// The demo marketplace's listings: several hundred active listings of real equipment across every
// subcategory, from the demo seller, the admin and a handful of dealers, each with pictures that went
// through the real upload pipeline. Also a few sold, draft and archived listings and the home page's
// testimonials. Deterministic for a seed, except dates, which are counted back from `now`.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Insertable, Kysely } from "kysely";
import sharp from "sharp";
import type { Database, EquipmentListingsTable } from "../schema.ts";
import { CONDITIONS, type Condition } from "../../app/lib/conditions.ts";
import { toCents } from "../../app/lib/money.ts";
import { DEMO_CONDITION_PRICE_FACTORS } from "../../app/lib/pricing/condition-factors.ts";
import type { TestLevel } from "../../app/lib/test-levels.ts";
import { hashPassword } from "../../app/services/accounts/password.server.ts";
import {
  attachListingImages,
  FULL_IMAGE_EDGE,
  prepareListingImage,
  THUMBNAIL_EDGE,
  type PreparedImage,
} from "../../app/services/listings/listing-images.server.ts";
import { catalogCategoryId, catalogProblems } from "../../app/lib/category-ids.ts";
import { EQUIPMENT_CATALOG, type CatalogModel, type CatalogSubcategory } from "../../app/reference/equipment-models.ts";
import { EXTRA_VIEWS, listingPictureSvg, renderPicture, type PictureSubject, type PictureView } from "./listing-images.ts";
import type { Random } from "./random.ts";
import type { UploadStore } from "../../app/services/storage/upload-store.server.ts";

export interface DemoListingsOptions {
  /** Where listing pictures are stored (the app's upload store: UPLOADS_DIR or a bucket). */
  uploads: UploadStore;
  /** The demo seller (seller@) and admin (admin@) accounts. */
  sellerId: string;
  adminId: string;
  /** Listing dates are counted back from here. */
  now?: Date;
  /**
   * Keeps the pipeline's output for each drawing between seeds (tests and e2e runs seed often), keyed by the
   * drawing and the pipeline's settings. Default: a folder in the system's temp dir; null turns it off.
   */
  pictureCacheDir?: string | null;
}

export interface DemoListingsSummary {
  active: number;
  sold: number;
  draft: number;
  archived: number;
  images: number;
  renders: number;
}

type Currency = "USD" | "EUR" | "GBP" | "CAD";

interface Dealer {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  /** Warehouses listings are shipped from. */
  locations: readonly string[];
  currency: Currency;
  verified: boolean;
  bio: string;
  website: string;
  /** Relative share of each subcategory's listings. */
  weights: Readonly<Record<string, number>>;
}

/** Dealers who list alongside the demo seller. They never sign in; their password is random and unknown. */
export const DEMO_DEALERS: readonly Dealer[] = [
  {
    email: "sales@westbrooktest.test",
    firstName: "Priya",
    lastName: "Raman",
    companyName: "Westbrook Test Equipment",
    city: "San Jose",
    state: "CA",
    zip: "95112",
    country: "United States",
    locations: ["San Jose, CA", "Santa Clara, CA"],
    currency: "USD",
    verified: true,
    bio: "Used and refurbished test and measurement equipment, calibrated in our own lab since 2004.",
    website: "https://westbrooktest.example",
    weights: { test_measurement: 6, data_acquisition: 3, lab_scientific: 1 },
  },
  {
    email: "orders@greatlakesautomation.test",
    firstName: "Tom",
    lastName: "Kowalczyk",
    companyName: "Great Lakes Automation Surplus",
    city: "Cleveland",
    state: "OH",
    zip: "44114",
    country: "United States",
    locations: ["Cleveland, OH", "Toledo, OH"],
    currency: "USD",
    verified: true,
    bio: "PLCs, drives, HMIs and spare parts for plants that cannot wait for lead times.",
    website: "https://greatlakesautomation.example",
    weights: { automation_control: 6, electronic_components: 3, electrical_power: 2 },
  },
  {
    email: "equipment@lonestarheavyiron.test",
    firstName: "Maria",
    lastName: "Delgado",
    companyName: "Lone Star Heavy Iron",
    city: "Houston",
    state: "TX",
    zip: "77029",
    country: "United States",
    locations: ["Houston, TX", "San Antonio, TX", "Dallas, TX"],
    currency: "USD",
    verified: true,
    bio: "Late-model excavators, loaders and dozers, inspected and ready to work.",
    website: "https://lonestarheavyiron.example",
    weights: { construction: 6, material_handling: 2, mining: 1 },
  },
  {
    email: "sales@highdesertmining.test",
    firstName: "Wade",
    lastName: "Harlan",
    companyName: "High Desert Mining Supply",
    city: "Elko",
    state: "NV",
    zip: "89801",
    country: "United States",
    locations: ["Elko, NV", "Tucson, AZ"],
    currency: "USD",
    verified: false,
    bio: "Surface and underground mining equipment, crushers and screens.",
    website: "",
    weights: { mining: 6, construction: 1 },
  },
  {
    email: "lab@baystatelabexchange.test",
    firstName: "Grace",
    lastName: "Whitfield",
    companyName: "Bay State Lab Exchange",
    city: "Boston",
    state: "MA",
    zip: "02210",
    country: "United States",
    locations: ["Boston, MA", "Worcester, MA"],
    currency: "USD",
    verified: true,
    bio: "Decontaminated, serviced laboratory instruments from biotech and university labs.",
    website: "https://baystatelabexchange.example",
    weights: { lab_scientific: 6, data_acquisition: 1, test_measurement: 1 },
  },
  {
    email: "verkauf@rheinland-messtechnik.test",
    firstName: "Jonas",
    lastName: "Becker",
    companyName: "Rheinland Messtechnik GmbH",
    city: "Stuttgart",
    state: "Baden-Wurttemberg",
    zip: "70565",
    country: "Germany",
    locations: ["Stuttgart, Germany", "Cologne, Germany"],
    currency: "EUR",
    verified: true,
    bio: "Gebrauchte Messtechnik und Automatisierung, shipped across Europe and worldwide.",
    website: "https://rheinland-messtechnik.example",
    weights: { test_measurement: 1, automation_control: 1, data_acquisition: 0.5 },
  },
  {
    email: "sales@pennineplant.test",
    firstName: "Oliver",
    lastName: "Hughes",
    companyName: "Pennine Plant & Machinery Ltd",
    city: "Leeds",
    state: "West Yorkshire",
    zip: "LS11 5QN",
    country: "United Kingdom",
    locations: ["Leeds, United Kingdom", "Manchester, United Kingdom"],
    currency: "GBP",
    verified: true,
    bio: "Plant, forklifts and warehouse equipment from UK fleets.",
    website: "https://pennineplant.example",
    weights: { construction: 0.8, material_handling: 1.2 },
  },
  {
    email: "info@prairiepowerprocess.test",
    firstName: "Emily",
    lastName: "Tremblay",
    companyName: "Prairie Power & Process",
    city: "Calgary",
    state: "AB",
    zip: "T2G 0P6",
    country: "Canada",
    locations: ["Calgary, AB, Canada", "Edmonton, AB, Canada"],
    currency: "CAD",
    verified: false,
    bio: "Generators, switchgear, pumps and compressors from Western Canadian plants.",
    website: "",
    weights: { electrical_power: 1.2, process_equipment: 1.5 },
  },
];

interface Lister {
  userId: string;
  locations: readonly string[];
  currency: Currency;
  weights: Readonly<Record<string, number>>;
}

const KEYSTONE_LOCATIONS = ["Allentown, PA", "Reading, PA", "Harrisburg, PA"];
const EVERY_SUBCATEGORY_EVENLY = Object.fromEntries(EQUIPMENT_CATALOG.map((s) => [s.sub, 2.2]));
const ADMIN_WEIGHTS = { test_measurement: 0.6, automation_control: 0.4, electrical_power: 0.3 };

const CURRENCY_PER_USD: Record<Currency, number> = { USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.36 };

const CONDITION_SENTENCES: Record<Condition, readonly string[]> = {
  new: ["It is new in the factory-sealed box with the full manufacturer warranty.", "Brand new, never installed, in the original packaging."],
  open_box: [
    "The box was opened for inspection only; the unit is unused and complete.",
    "Open box: unpacked once for an incoming check and never put into service.",
  ],
  used_excellent: [
    "Cosmetically it is close to new, with hardly a mark on it.",
    "It is in excellent condition, clean and complete, with only the lightest signs of use.",
  ],
  used_very_good: [
    "It shows light signs of normal use and works as it should.",
    "Very good condition overall: a few small scuffs, nothing that affects function.",
  ],
  used_good: ["It has the usual marks of working life but performs as expected.", "Good used condition, with some wear on the housing and controls."],
  used_fair: [
    "It is cosmetically tired, with scratches and worn paint, but still does the job.",
    "Fair condition: heavy cosmetic wear, and it has clearly been worked hard.",
  ],
  for_repair: [
    "It needs repair: it has a known fault, described below, and is priced accordingly.",
    "Sold for repair; the fault is described below and we have not attempted a fix.",
  ],
  incomplete: [
    "Some parts are missing, as listed below; what is here is in usable condition.",
    "Incomplete: it is missing accessories or modules, so check the list before buying.",
  ],
  parts_only: ["It is sold for parts only and will not be supported or returned.", "Parts only: useful as a donor unit, not as working equipment."],
  as_is: ["It is sold as-is, where-is, without warranty; inspection is welcome.", "As-is sale: what you see is what you get, with no warranty given."],
};

const FAULTS: Partial<Record<Condition, readonly string[]>> = {
  for_repair: [
    "it fails the power-on self-test",
    "the display backlight is dead",
    "one channel reads out of tolerance",
    "it trips the breaker under load",
    "hydraulic leak at the main pump",
  ],
  incomplete: [
    "the accessory kit and manuals are missing",
    "one plug-in module has been removed",
    "the power cord and feet are missing",
    "the bucket and quick coupler are not included",
  ],
};

const CLOSINGS = [
  "Ask for more photos or a video of it running.",
  "Questions are welcome; we answer the same business day.",
  "Volume discounts are available if you need more than one.",
  "We can hold it for a week with a deposit.",
  "Export paperwork is no problem.",
];

const TESTIMONIALS = [
  {
    author_name: "Dana Whitaker",
    author_title: "Lab Manager",
    company: "Corridor Semiconductor",
    quote:
      "We furnished a whole validation bench from Tradebench listings: two oscilloscopes, a spectrum analyzer and a calibrator, all with current calibration certificates. Half the price of new and on the bench within a week.",
    rating: 5,
  },
  {
    author_name: "Luis Ortega",
    author_title: "Fleet Director",
    company: "Ortega Site Development",
    quote:
      "I sold three excavators and a wheel loader in a month. Buyers could see the hours, the service history and proper photos, so the calls I got were from people ready to buy.",
    rating: 5,
  },
  {
    author_name: "Hannah Kim",
    author_title: "Controls Engineer",
    company: "Northfield Packaging",
    quote:
      "A failed ControlLogix processor would have cost us days of downtime. We found a tested 1756-L73 with matching firmware from a verified seller and had the line running the next morning.",
    rating: 4,
  },
];

function weightedPick<T>(random: Random, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let roll = random.next() * total;
  for (let i = 0; i < items.length; i += 1) {
    roll -= weights[i] ?? 0;
    if (roll < 0) return items[i] as T;
  }
  return items[items.length - 1] as T;
}

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A price a dealer would ask: $349, $1,250, $12,500, $187,000. */
function askingPrice(value: number): number {
  const step = value < 100 ? 5 : value < 1000 ? 10 : value < 10_000 ? 50 : value < 100_000 ? 500 : 1000;
  const rounded = Math.max(step, Math.round(value / step) * step);
  return value >= 100 && value < 1000 ? rounded - 1 : rounded;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysBefore(now: Date, days: number, random: Random): Date {
  const date = new Date(now.getTime() - days * 86_400_000);
  date.setUTCHours(random.int(13, 23), random.int(0, 59), random.int(0, 59), 0);
  return date.getTime() > now.getTime() ? new Date(now.getTime() - random.int(60, 3600) * 1000) : date;
}

function serialNumber(random: Random, brand: string, heavy: boolean): string {
  const digits = (n: number) => Array.from({ length: n }, () => String(random.int(0, 9))).join("");
  const letters = (n: number) => Array.from({ length: n }, () => "ABCDEFGHJKLMNPRSTUVWXYZ"[random.int(0, 22)]).join("");
  if (heavy)
    return `${brand
      .replace(/[^A-Za-z]/g, "")
      .slice(0, 3)
      .toUpperCase()}0${digits(3)}${letters(2)}${digits(5)}`;
  if (brand === "Keysight" || brand === "Agilent") return `${random.pick(["MY", "SG", "US"])}${digits(8)}`;
  if (brand === "Tektronix") return `${random.pick(["B0", "C0", "Q0"])}${digits(5)}`;
  if (brand === "Rohde & Schwarz") return `10${digits(4)}`;
  if (brand === "Fluke") return digits(8);
  return `${letters(2)}${digits(7)}`;
}

function testLevelFor(random: Random, condition: Condition): TestLevel {
  switch (condition) {
    case "new":
    case "open_box":
      return "fully_tested";
    case "used_excellent":
    case "used_very_good":
    case "used_good":
      return random.next() < 0.78 ? "fully_tested" : "powers_on";
    case "used_fair":
      return weightedPick(random, ["fully_tested", "powers_on", "untested"] as const, [3, 5, 2]);
    case "for_repair":
      return random.next() < 0.4 ? "powers_on" : "untested";
    case "incomplete":
      return "untested";
    case "parts_only":
      return "for_parts";
    case "as_is":
      return random.next() < 0.7 ? "untested" : "for_parts";
  }
}

const HEAVY_DRAWINGS = new Set(["excavator", "haul_truck", "forklift"]);

interface PlannedListing {
  values: Insertable<EquipmentListingsTable>;
  /** Keys into the picture map, primary first. */
  pictures: string[];
}

interface Picture {
  key: string;
  subject: PictureSubject;
  view: PictureView;
  fileName: string;
}

function pictureKey(subject: PictureSubject, view: PictureView): string {
  return view === "front" ? `${subject.brand}|${subject.model}|front` : `${subject.drawing}|${view}`;
}

function slugForFile(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Plans one listing of `model`; every random choice is made here, in a fixed order. */
function planListing(
  random: Random,
  now: Date,
  subcategory: CatalogSubcategory,
  model: CatalogModel,
  lister: Lister,
  status: "active" | "sold" | "draft" | "archived",
  pictures: Map<string, Picture>,
): PlannedListing {
  const heavy = HEAVY_DRAWINGS.has(subcategory.drawing);
  const condition = weightedPick(random, CONDITIONS, subcategory.conditionWeights);
  const currentYear = now.getUTCFullYear();
  const [firstYear, lastYear] = model.years;
  const year =
    condition === "new" || condition === "open_box"
      ? Math.min(currentYear, Math.max(lastYear, currentYear - random.int(0, 1)))
      : Math.min(currentYear, random.int(firstYear, lastYear));
  const age = Math.max(0, currentYear - year);

  const yearPosition = lastYear === firstYear ? 0.5 : (year - firstYear) / (lastYear - firstYear);
  const [low, high] = model.price;
  const usd = (low + (high - low) * (0.55 * Math.min(1, yearPosition) + 0.45 * random.next())) * DEMO_CONDITION_PRICE_FACTORS[condition];
  const currency: Currency = lister.currency !== "USD" && random.next() < 0.85 ? lister.currency : "USD";
  const price = askingPrice(usd * CURRENCY_PER_USD[currency]);

  const location = random.next() < 0.015 ? "" : random.pick(lister.locations);
  const specifications: Record<string, string> = { ...model.specs };
  let hours: number | null = null;
  if (heavy) {
    const perYear = subcategory.sub === "mining" ? random.int(2500, 5000) : random.int(350, 1100);
    hours = condition === "new" ? random.int(2, 40) : Math.max(120, Math.round((age + random.next()) * perYear));
    specifications["Operating Hours"] = `${hours.toLocaleString("en-US")} h`;
  }

  const features = [...model.features];
  for (const extra of shuffled(random, subcategory.featurePool).slice(0, random.int(1, 3))) {
    if (!features.includes(extra)) features.push(extra);
  }

  const daysAgo = status === "sold" ? random.int(35, 230) : status === "active" ? Math.floor(175 * random.next() ** 1.25) : random.int(2, 120);
  const created = daysBefore(now, daysAgo, random);
  const updated = status === "sold" ? daysBefore(now, Math.max(0, daysAgo - random.int(3, 30)), random) : created;
  const views = Math.round((daysAgo + 3) * (0.4 + random.next() * 2.2)) + (status === "sold" ? random.int(40, 160) : 0);

  let testLevel: TestLevel | null = null;
  let calibrationDate: string | null = null;
  let calibrationDue: string | null = null;
  let accredited = 0;
  if (subcategory.testGear) {
    testLevel = testLevelFor(random, condition);
    const goodEnough = ["new", "open_box", "used_excellent", "used_very_good", "used_good"].includes(condition);
    if (subcategory.calibrated && testLevel === "fully_tested" && goodEnough && random.next() < 0.65) {
      const calibrated = new Date(Date.parse(created.toISOString()) - random.int(2, 420) * 86_400_000);
      const due = new Date(calibrated);
      due.setUTCFullYear(due.getUTCFullYear() + 1);
      calibrationDate = isoDate(calibrated);
      calibrationDue = isoDate(due);
      accredited = random.next() < 0.45 ? 1 : 0;
    }
  }
  const options = model.options.length > 0 && random.next() < 0.75 ? model.options.filter((_, i) => i === 0 || random.next() < 0.45).slice(0, 4) : [];

  const serial = serialNumber(random, model.brand, heavy);

  const provenance = random.pick(subcategory.provenance);
  const sentences = [`This ${model.brand} ${model.model} ${model.name} ${provenance}.`, random.pick(CONDITION_SENTENCES[condition])];
  const faults = FAULTS[condition];
  if (faults) sentences.push(`Known issue: ${random.pick(faults)}.`);
  if (testLevel === "fully_tested") sentences.push("It has been fully tested against the manufacturer's specifications and passes all self-tests.");
  else if (testLevel === "powers_on") sentences.push("It powers up and boots normally; we have not run a full performance verification.");
  else if (testLevel === "untested") sentences.push("We have not tested it beyond a visual inspection, so it is sold untested.");
  else if (testLevel === "for_parts") sentences.push("It does not work as it should and is offered for parts or repair.");
  if (calibrationDate) {
    sentences.push(
      accredited
        ? `Calibrated on ${calibrationDate} by an ISO/IEC 17025 accredited lab; the certificate with data is included.`
        : `Calibrated on ${calibrationDate} with a certificate of calibration; next calibration due ${calibrationDue}.`,
    );
  }
  if (hours !== null) {
    sentences.push(
      `The hour meter reads ${hours.toLocaleString("en-US")} hours${year ? ` on this ${year} unit` : ""}, and ${random.pick([
        "it has been serviced on schedule by the dealer",
        "the last service was completed at the dealer",
        "service records are available on request",
        "fluids and filters were changed before listing",
      ])}.`,
    );
  }
  const highlights = Object.entries(model.specs)
    .slice(0, 3)
    .map(([key, value]) => `${key.toLowerCase()} ${value}`);
  sentences.push(`Highlights: ${highlights.join(", ")}.`);
  if (options.length > 0) sentences.push(`Installed options: ${options.join(", ")}.`);
  const where = location || "our warehouse";
  sentences.push(
    heavy
      ? `It is located in ${where}; inspection is welcome by appointment and we can help arrange trucking.`
      : subcategory.sub === "electrical_power" || subcategory.sub === "process_equipment"
        ? `It is palletised and ready to ship from ${where}; freight quotes on request.`
        : `It ships within two business days from ${where}, double-boxed and insured.`,
  );
  sentences.push(random.pick(CLOSINGS));

  const title = heavy ? `${year} ${model.brand} ${model.model} ${model.name}` : `${model.brand} ${model.model} ${model.name}`;

  // Pictures: the model's front view, then up to three of the subcategory's shared views.
  const subject: PictureSubject = {
    drawing: subcategory.drawing,
    brand: model.brand,
    model: model.model,
    caption: model.name,
    variant: random.int(0, 6),
  };
  const front = pictureKey(subject, "front");
  if (!pictures.has(front)) {
    pictures.set(front, { key: front, subject, view: "front", fileName: `${slugForFile(`${model.brand}-${model.model}`)}.png` });
  }
  const keys = [front];
  const extraCount = weightedPick(random, [0, 1, 2, 3], [2, 4, 3, 2]);
  for (const view of shuffled(random, EXTRA_VIEWS).slice(0, extraCount)) {
    const shared: PictureSubject = { drawing: subcategory.drawing, brand: "", model: "", caption: subcategoryCaption(subcategory), variant: 0 };
    const key = pictureKey(shared, view);
    if (!pictures.has(key)) pictures.set(key, { key, subject: shared, view, fileName: `${subcategory.sub}-${view}.png` });
    keys.push(key);
  }

  return {
    values: {
      user_id: lister.userId,
      title,
      description: sentences.join(" "),
      brand: model.brand,
      model: model.model,
      category_id: catalogCategoryId(subcategory, model),
      condition,
      listing_type: "buy_now",
      // In the currency's own minor unit: cents, or whole yen (docs/decisions/0070).
      price_cents: toCents(price, currency),
      buy_now_price_cents: null,
      currency,
      location,
      year,
      serial_number: serial,
      specifications: JSON.stringify(specifications),
      features: JSON.stringify(features),
      status,
      ai_generated: 0,
      views,
      is_featured: 0,
      test_level: testLevel,
      calibration_date: calibrationDate,
      calibration_due: calibrationDue,
      calibration_accredited: accredited,
      installed_options: options.join(", "),
      created_at: created.toISOString(),
      updated_at: updated.toISOString(),
    },
    pictures: keys,
  };
}

const SUBCATEGORY_CAPTIONS: Record<string, string> = {
  test_measurement: "Test & Measurement",
  automation_control: "Automation & Control",
  electronic_components: "Electronic Components",
  data_acquisition: "Data Acquisition",
  lab_scientific: "Laboratory & Scientific",
  electrical_power: "Electrical & Power",
  process_equipment: "Process Equipment",
  construction: "Construction",
  mining: "Mining",
  material_handling: "Material Handling",
};

function subcategoryCaption(subcategory: CatalogSubcategory): string {
  return SUBCATEGORY_CAPTIONS[subcategory.sub] ?? subcategory.sub;
}

const DEFAULT_PICTURE_CACHE = path.join(os.tmpdir(), "tradebench-seed-pictures");

/** The picture rendered and passed through the upload pipeline, or the pipeline's earlier output for the same drawing. */
async function preparedPicture(picture: Picture, cacheDir: string | null): Promise<PreparedImage> {
  const svg = listingPictureSvg(picture.subject, picture.view);
  const key = crypto
    .createHash("sha256")
    .update(JSON.stringify([svg, FULL_IMAGE_EDGE, THUMBNAIL_EDGE, sharp.versions.vips, picture.fileName]))
    .digest("hex")
    .slice(0, 32);
  const files = cacheDir && {
    full: path.join(cacheDir, `${key}.webp`),
    thumbnail: path.join(cacheDir, `${key}-thumb.webp`),
    meta: path.join(cacheDir, `${key}.json`),
  };
  if (files) {
    try {
      const meta = JSON.parse(await fs.readFile(files.meta, "utf8")) as { name: string; size: number; width: number; height: number };
      const [full, thumbnail] = await Promise.all([fs.readFile(files.full), fs.readFile(files.thumbnail)]);
      return { name: meta.name, size: meta.size, full: { bytes: full, width: meta.width, height: meta.height }, thumbnail: { bytes: thumbnail } };
    } catch {
      // Not cached yet (or unreadable): render it.
    }
  }
  const image = await prepareListingImage({ name: picture.fileName, bytes: await renderPicture(svg) });
  if (files) {
    try {
      await fs.mkdir(path.dirname(files.meta), { recursive: true });
      const temp = `.${crypto.randomUUID()}`;
      await fs.writeFile(files.full + temp, image.full.bytes);
      await fs.writeFile(files.thumbnail + temp, image.thumbnail.bytes);
      await fs.rename(files.full + temp, files.full);
      await fs.rename(files.thumbnail + temp, files.thumbnail);
      // The metadata goes last: its presence says the two pictures are complete.
      const meta = { name: image.name, size: image.size, width: image.full.width, height: image.full.height };
      await fs.writeFile(files.meta + temp, JSON.stringify(meta));
      await fs.rename(files.meta + temp, files.meta);
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
  return image;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

async function createDealers(db: Kysely<Database>, random: Random, passwordHash: string): Promise<string[]> {
  const ids: string[] = [];
  for (const dealer of DEMO_DEALERS) {
    const id = crypto.randomUUID();
    const joined = new Date(Date.UTC(2024, random.int(0, 11), random.int(1, 28))).toISOString();
    const phone =
      dealer.country === "United States"
        ? `+1 555 ${random.int(100, 999)} ${random.int(1000, 9999)}`
        : `+${random.pick(["44", "49", "1"])} ${random.int(100, 999)} ${random.int(100000, 999999)}`;
    await db.insertInto("users").values({ id, email: dealer.email, password_hash: passwordHash, email_confirmed_at: joined }).execute();
    await db
      .insertInto("profiles")
      .values({
        id,
        email: dealer.email,
        first_name: dealer.firstName,
        last_name: dealer.lastName,
        company_name: dealer.companyName,
        role: "seller",
        is_verified: dealer.verified ? 1 : 0,
        verification_date: dealer.verified ? joined : null,
        phone,
        city: dealer.city,
        state: dealer.state,
        zip: dealer.zip,
        country: dealer.country,
        location: `${dealer.city}, ${dealer.country === "United States" ? dealer.state : dealer.country}`,
        bio: dealer.bio,
        website: dealer.website,
        created_at: joined,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

/** Seeds the demo listings, their pictures and the testimonials. */
export async function seedDemoListings(db: Kysely<Database>, random: Random, options: DemoListingsOptions): Promise<DemoListingsSummary> {
  const problems = catalogProblems();
  if (problems.length > 0) throw new Error(`The equipment catalog does not match the taxonomy:\n${problems.join("\n")}`);
  const now = options.now ?? new Date();

  // The dealers share one hash of a random password nobody knows: they need no sign-in.
  const dealerHash = hashPassword(crypto.randomBytes(32).toString("base64url"));
  const dealerIds = await createDealers(db, random, await dealerHash);
  const listers: Lister[] = [
    { userId: options.sellerId, locations: KEYSTONE_LOCATIONS, currency: "USD", weights: EVERY_SUBCATEGORY_EVENLY },
    { userId: options.adminId, locations: ["Austin, TX"], currency: "USD", weights: ADMIN_WEIGHTS },
    ...DEMO_DEALERS.map((dealer, i) => ({
      userId: dealerIds[i] as string,
      locations: dealer.locations,
      currency: dealer.currency,
      weights: dealer.weights,
    })),
  ];
  const keystone = listers[0] as Lister;
  const listerFor = (sub: string) =>
    weightedPick(
      random,
      listers,
      listers.map((l) => l.weights[sub] ?? 0),
    );

  const pictures = new Map<string, Picture>();
  const planned: PlannedListing[] = [];
  for (const subcategory of EQUIPMENT_CATALOG) {
    const order = shuffled(random, subcategory.models);
    for (let i = 0; i < subcategory.listings; i += 1) {
      const model = i < order.length ? (order[i] as CatalogModel) : random.pick(subcategory.models);
      planned.push(planListing(random, now, subcategory, model, listerFor(subcategory.sub), "active", pictures));
    }
  }
  // Featured: one well-kept, recent listing from most subcategories.
  const featuredSubs = [
    "test_measurement",
    "test_measurement",
    "automation_control",
    "lab_scientific",
    "construction",
    "material_handling",
    "data_acquisition",
    "electrical_power",
    "mining",
    "process_equipment",
  ];
  for (const sub of featuredSubs) {
    const candidates = planned.filter(
      (p) =>
        p.values.is_featured === 0 &&
        p.values.category_id.includes(`_${sub}_`) &&
        ["new", "used_excellent", "used_very_good"].includes(p.values.condition) &&
        p.values.location !== "",
    );
    const chosen = candidates.length > 0 ? random.pick(candidates) : undefined;
    if (!chosen) continue;
    chosen.values.is_featured = 1;
    const recent = daysBefore(now, random.int(0, 20), random).toISOString();
    chosen.values.created_at = recent;
    chosen.values.updated_at = recent;
  }
  // Listed with the AI assistant.
  for (const listing of shuffled(random, planned).slice(0, 14)) listing.values.ai_generated = 1;

  // Sold ones, for the home page's total sales and the seller's dashboard.
  for (let i = 0; i < 14; i += 1) {
    const subcategory = EQUIPMENT_CATALOG[i % EQUIPMENT_CATALOG.length] as CatalogSubcategory;
    const lister = i % 3 === 0 ? keystone : listerFor(subcategory.sub);
    planned.push(planListing(random, now, subcategory, random.pick(subcategory.models), lister, "sold", pictures));
  }
  // The demo seller's drafts and archived listings.
  for (const [i, status] of (["draft", "draft", "draft", "archived", "archived"] as const).entries()) {
    const subcategory = EQUIPMENT_CATALOG[(i * 3) % EQUIPMENT_CATALOG.length] as CatalogSubcategory;
    const listing = planListing(random, now, subcategory, random.pick(subcategory.models), keystone, status, pictures);
    if (i === 0) listing.values.ai_generated = 1;
    planned.push(listing);
  }

  // Pictures go through the same pipeline as a seller's upload: checked and converted by sharp.
  const renders = [...pictures.values()];
  const prepared = new Map<string, PreparedImage>();
  const cacheDir = options.pictureCacheDir === undefined ? DEFAULT_PICTURE_CACHE : options.pictureCacheDir;
  await inBatches(renders, 4, async (picture) => {
    prepared.set(picture.key, await preparedPicture(picture, cacheDir));
  });

  planned.sort((a, b) => a.values.created_at!.localeCompare(b.values.created_at!));
  const ids = await db.transaction().execute(async (trx) => {
    const inserted: number[] = [];
    for (const listing of planned) {
      const row = await trx.insertInto("equipment_listings").values(listing.values).returning("id").executeTakeFirstOrThrow();
      inserted.push(row.id);
    }
    return inserted;
  });

  // One listing's pictures at a time: each is a write transaction, and write transactions side by side buy nothing
  // (SQLite runs them one after another on its one connection) and on PostgreSQL's SERIALIZABLE ones, which all read
  // and insert equipment_images, they make each other fail until the retries run out.
  let images = 0;
  for (const [i, listing] of planned.entries()) {
    const files = listing.pictures.map((key) => prepared.get(key) as PreparedImage);
    images += files.length;
    await attachListingImages(db, options.uploads, ids[i] as number, files);
  }

  await db
    .insertInto("testimonials")
    .values(TESTIMONIALS.map((t, position) => ({ ...t, is_published: 1, position })))
    .execute();

  const count = (status: string) => planned.filter((p) => p.values.status === status).length;
  return { active: count("active"), sold: count("sold"), draft: count("draft"), archived: count("archived"), images, renders: renders.length };
}
