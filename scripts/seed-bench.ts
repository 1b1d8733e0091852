// `npm run seed:bench -- --listings N [--database path|postgres://…] [--uploads dir] [--force]`
// Fills a separate database (default data/bench-N.sqlite) with N synthetic but realistic-looking listings
// for the search benchmark (bench/listings.mjs): makes and models of the trade in every taxonomy item,
// oscilloscopes a few percent of the whole, mostly active, all ten conditions. A million listings load in a
// few minutes: one better-sqlite3 connection, prepared statements, big transactions, synchronous=OFF, and the
// listing indexes, image index and full-text triggers dropped during the load and recreated from their own
// SQL (read back from sqlite_master) afterwards, with one FTS 'rebuild'.
// With a postgres:// --database (or DATABASE_URL), the listings are made the same way in data/bench-N.sqlite (kept and
// reused unless --force) and then moved into that empty PostgreSQL database by db:copy-to-postgres (1000-row inserts).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { isPostgresUrl, openDatabase } from "../db/dialect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { WITHOUT_SKIP_SCANS } from "../db/sqlite.ts";
import { syncReferenceData } from "../db/reference-data.ts";
import { DEMO_CONDITION_PRICE_FACTORS } from "../app/lib/pricing/condition-factors.ts";
import { EQUIPMENT_CATALOG, type CatalogModel, type CatalogSubcategory } from "../app/reference/equipment-models.ts";
import { listingPictureSvg, renderPicture, EXTRA_VIEWS } from "../db/seed/listing-images.ts";
import { seededRandom, type Random } from "../db/seed/random.ts";
import { itemSlug } from "../app/lib/category-ids.ts";
import { CATEGORY_TAXONOMY } from "../app/reference/taxonomy.ts";
import { CONDITIONS, type Condition } from "../app/lib/conditions.ts";
import { prepareListingImage } from "../app/services/listings/listing-images.server.ts";
import { hashPassword } from "../app/services/accounts/password.server.ts";
import { copySqliteToPostgres, formatCounts } from "./db-copy-to-postgres.ts";

const { values: args } = parseArgs({
  options: {
    listings: { type: "string" },
    database: { type: "string" },
    uploads: { type: "string" },
    force: { type: "boolean", default: false },
    // Index the text row by row through the migration's triggers instead of one rebuild (slower; for comparison).
    "keep-search-triggers": { type: "boolean", default: false },
    seed: { type: "string", default: "4242" },
  },
});
const total = Number(args.listings?.replace(/_/g, ""));
if (!Number.isInteger(total) || total < 1) {
  console.error("Usage: npm run seed:bench -- --listings N [--database data/bench-N.sqlite] [--uploads data/bench-uploads] [--force]");
  process.exit(1);
}
const postgresTarget = [args.database, process.env.DATABASE_URL].find((url) => url !== undefined && isPostgresUrl(url)) ?? null;
const databaseFile = path.resolve(args.database && !postgresTarget ? args.database : `data/bench-${total}.sqlite`);
const uploadsDir = path.resolve(args.uploads ?? "data/bench-uploads");

/** Moves the finished SQLite bench database into the PostgreSQL target. */
async function copyToPostgres(target: string): Promise<void> {
  console.log(`\nCopying ${databaseFile} into ${new URL(target).pathname.slice(1)} on ${new URL(target).host} …`);
  const report = await copySqliteToPostgres({ from: databaseFile, to: target, log: (line) => console.log(line) });
  const { text, allEqual } = formatCounts(report);
  console.log(`${text}\ncopy ${report.seconds.toFixed(1)} s`);
  if (!allEqual) throw new Error("The row counts differ after the copy");
}

if (postgresTarget && fs.existsSync(databaseFile) && !args.force && fs.existsSync(path.join(uploadsDir, "listings", "0"))) {
  console.log(`Reusing ${databaseFile} (--force makes it again).`);
  await copyToPostgres(postgresTarget);
  process.exit(0);
}
if (fs.existsSync(databaseFile)) {
  if (!args.force) {
    console.error(`${databaseFile} already exists; pass --force to replace it.`);
    process.exit(1);
  }
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${databaseFile}${suffix}`, { force: true });
}

const started = performance.now();
let lap = started;
function timing(label: string): void {
  const now = performance.now();
  console.log(`${label.padEnd(40)} ${((now - lap) / 1000).toFixed(1).padStart(7)} s`);
  lap = now;
}

// ── Schema, through the real migrations ──
{
  const opened = openDatabase({ url: databaseFile, synchronous: "OFF" });
  await migrateToLatest(opened.db, opened.dialect);
  await syncReferenceData(opened.db);
  await opened.close();
}
timing("migrate + reference data");

const random = seededRandom(Number(args.seed));

// ── Pictures: a small set of real files every listing's image rows point at ──
interface StoredPicture {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  name: string;
  size: number;
}
/** Deterministic file names in the pipeline's form (a UUID), under listings/0/. */
function pictureId(key: string): string {
  const hex = crypto.createHash("sha256").update(key).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
const picturesBySub = new Map<string, StoredPicture[]>();
{
  const dir = path.join(uploadsDir, "listings", "0");
  fs.mkdirSync(dir, { recursive: true });
  const jobs: Array<{ sub: CatalogSubcategory; key: string; svg: string; name: string }> = [];
  for (const sub of EQUIPMENT_CATALOG) {
    for (const model of sub.models.slice(0, 3)) {
      const subject = { drawing: sub.drawing, brand: model.brand, model: model.model, caption: model.name, variant: 1 };
      jobs.push({ sub, key: `${sub.sub}|${model.brand}|${model.model}`, svg: listingPictureSvg(subject, "front"), name: `${model.model}.png` });
    }
    for (const view of EXTRA_VIEWS) {
      const subject = { drawing: sub.drawing, brand: "", model: "", caption: sub.sub, variant: 0 };
      jobs.push({ sub, key: `${sub.sub}|${view}`, svg: listingPictureSvg(subject, view), name: `${sub.sub}-${view}.png` });
    }
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        const id = pictureId(job.key);
        const full = path.join(dir, `${id}.webp`);
        const thumb = path.join(dir, `${id}-thumb.webp`);
        let width = 800;
        let height = 600;
        let size = 0;
        if (!fs.existsSync(full) || !fs.existsSync(thumb)) {
          const png = await renderPicture(job.svg);
          const prepared = await prepareListingImage({ name: job.name, bytes: png });
          fs.writeFileSync(full, prepared.full.bytes);
          fs.writeFileSync(thumb, prepared.thumbnail.bytes);
          ({ width, height } = prepared.full);
          size = prepared.size;
        } else {
          size = fs.statSync(full).size;
        }
        const list = picturesBySub.get(job.sub.sub) ?? [];
        list.push({ url: `/uploads/listings/0/${id}.webp`, thumbnailUrl: `/uploads/listings/0/${id}-thumb.webp`, width, height, name: job.name, size });
        picturesBySub.set(job.sub.sub, list);
      }
    }),
  );
  // Hero shots first, so a listing's primary picture shows a machine, not a nameplate.
  for (const list of picturesBySub.values())
    list.sort((a, b) => Number(/-(rear|detail|plate)\.png$/.test(a.name)) - Number(/-(rear|detail|plate)\.png$/.test(b.name)));
}
timing(`pictures (${uploadsDir})`);

// ── What gets listed ──
/** Share of listings per subcategory: test gear and automation dominate, as on a real marketplace. */
const SUBCATEGORY_SHARE: Record<string, number> = {
  test_measurement: 18,
  automation_control: 16,
  electronic_components: 10,
  data_acquisition: 7,
  lab_scientific: 10,
  electrical_power: 10,
  process_equipment: 9,
  construction: 9,
  mining: 4,
  material_handling: 7,
};
/** Items listed more often than their neighbours. */
const POPULAR_ITEMS: Record<string, number> = {
  Oscilloscopes: 4,
  "Spectrum Analyzers": 2,
  "Digital Multimeters": 2,
  "Power Supplies": 2,
  PLCs: 3,
  "Variable Frequency Drives": 2,
  Excavators: 3,
  Forklifts: 3,
};

interface Product {
  categoryId: string;
  brand: string;
  model: string;
  name: string;
  price: readonly [number, number];
  years: readonly [number, number];
  specifications: string;
  features: string;
  highlights: string;
  heavy: boolean;
  sub: string;
}

function singular(item: string): string {
  if (/[&(]/.test(item)) return item;
  return item.replace(/(\w+)$/, (word) => {
    if (/ies$/.test(word)) return word.slice(0, -3) + "y";
    if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
    if (/[^s]s$/.test(word)) return word.slice(0, -1);
    return word;
  });
}

const HEAVY = new Set(["construction", "mining", "material_handling"]);
const SYNTHETIC_FEATURES = [
  "Tested before listing",
  "Manual included",
  "Ships within two business days",
  "Clean unit from a working site",
  "Spare parts available",
];

function productFromModel(sub: CatalogSubcategory, model: CatalogModel): Product {
  const highlights = Object.entries(model.specs)
    .slice(0, 3)
    .map(([key, value]) => `${key.toLowerCase()} ${value}`)
    .join(", ");
  return {
    categoryId: itemSlug(sub.main, sub.sub, model.item),
    brand: model.brand,
    model: model.model,
    name: model.name,
    price: model.price,
    years: model.years,
    specifications: JSON.stringify(model.specs),
    features: JSON.stringify([...model.features, ...sub.featurePool.slice(0, 2)]),
    highlights,
    heavy: HEAVY.has(sub.sub),
    sub: sub.sub,
  };
}

/** A plausible model for an item the catalog has no entry for: a maker of the subcategory and a model code. */
function syntheticProduct(sub: CatalogSubcategory, item: string, r: Random): Product {
  const brand = r.pick([...new Set(sub.models.map((m) => m.brand))]);
  const letters = brand.replace(/[^A-Z]/g, "").slice(0, 2) || "X";
  const model = `${letters}${r.int(1, 9)}${r.int(10, 99)}${r.pick(["", "A", "B", "E", "X", "-2"])}`;
  const low = r.pick(sub.models).price[0];
  const specs = { Model: model, Type: singular(item), "Power Supply": r.pick(["24 V DC", "100 to 240 V AC", "480 V 3-phase", "12 V DC"]) };
  return {
    categoryId: itemSlug(sub.main, sub.sub, item),
    brand,
    model,
    name: singular(item),
    price: [Math.max(50, Math.round(low * 0.5)), Math.round(low * 1.8) + 100],
    years: [2006, 2024],
    specifications: JSON.stringify(specs),
    features: JSON.stringify(SYNTHETIC_FEATURES.slice(r.int(0, 2), r.int(3, 5))),
    highlights: `type ${singular(item).toLowerCase()}, supply ${specs["Power Supply"]}`,
    heavy: HEAVY.has(sub.sub),
    sub: sub.sub,
  };
}

/** Per subcategory: its items, each with products (catalog models where known, synthetic ones otherwise). */
const catalogBySub = new Map(EQUIPMENT_CATALOG.map((s) => [s.sub, s]));
const itemPools: Array<{ sub: string; weight: number; products: Product[] }> = [];
for (const main of CATEGORY_TAXONOMY) {
  for (const taxSub of main.subcategories) {
    const sub = catalogBySub.get(taxSub.slug);
    if (!sub) throw new Error(`No catalog for ${taxSub.slug}`);
    const itemWeights = taxSub.items.map((item) => POPULAR_ITEMS[item] ?? 1);
    const weightSum = itemWeights.reduce((a, b) => a + b, 0);
    taxSub.items.forEach((item, i) => {
      const known = sub.models.filter((m) => m.item === item).map((m) => productFromModel(sub, m));
      const products = known.length >= 4 ? known : [...known, ...Array.from({ length: 4 - known.length + 2 }, () => syntheticProduct(sub, item, random))];
      itemPools.push({ sub: taxSub.slug, weight: ((SUBCATEGORY_SHARE[taxSub.slug] ?? 1) * (itemWeights[i] ?? 1)) / weightSum, products });
    });
  }
}
/** Cumulative weights for a fast weighted pick. */
const cumulative: number[] = [];
{
  let sum = 0;
  for (const pool of itemPools) cumulative.push((sum += pool.weight));
}
const weightTotal = cumulative[cumulative.length - 1] ?? 1;
function pickPool(): (typeof itemPools)[number] {
  const roll = random.next() * weightTotal;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] ?? 0) < roll) lo = mid + 1;
    else hi = mid;
  }
  return itemPools[lo] as (typeof itemPools)[number];
}

const CONDITION_WEIGHTS = [8, 5, 12, 15, 22, 14, 7, 4, 5, 8];
const conditionCumulative: number[] = [];
{
  let sum = 0;
  for (const weight of CONDITION_WEIGHTS) conditionCumulative.push((sum += weight));
}
function pickCondition(): Condition {
  const roll = random.next() * (conditionCumulative[conditionCumulative.length - 1] ?? 1);
  const index = conditionCumulative.findIndex((c) => roll < c);
  return CONDITIONS[index] ?? "used_good";
}
const CONDITION_PHRASE: Record<string, string> = {
  new: "It is new in the original packaging.",
  open_box: "Open box, unused and complete.",
  used_excellent: "It is in excellent condition with hardly a mark on it.",
  used_very_good: "Light signs of use; it works as it should.",
  used_good: "Normal wear from working life; it performs as expected.",
  used_fair: "Cosmetically tired but still does the job.",
  for_repair: "It needs repair and is priced accordingly.",
  incomplete: "Some parts are missing; see the list.",
  parts_only: "Sold for parts only.",
  as_is: "Sold as-is, without warranty.",
};
const TEST_LEVEL_FOR: Record<string, string> = {
  new: "fully_tested",
  open_box: "fully_tested",
  used_excellent: "fully_tested",
  used_very_good: "fully_tested",
  used_good: "powers_on",
  used_fair: "powers_on",
  for_repair: "untested",
  incomplete: "untested",
  parts_only: "for_parts",
  as_is: "untested",
};
const LOCATIONS = [
  "Austin, TX",
  "Houston, TX",
  "Dallas, TX",
  "San Jose, CA",
  "Los Angeles, CA",
  "Fresno, CA",
  "Columbus, OH",
  "Cleveland, OH",
  "Detroit, MI",
  "Chicago, IL",
  "Milwaukee, WI",
  "Minneapolis, MN",
  "Denver, CO",
  "Phoenix, AZ",
  "Tucson, AZ",
  "Elko, NV",
  "Seattle, WA",
  "Portland, OR",
  "Boston, MA",
  "Allentown, PA",
  "Pittsburgh, PA",
  "Raleigh, NC",
  "Atlanta, GA",
  "Orlando, FL",
  "Nashville, TN",
  "Baton Rouge, LA",
  "Salt Lake City, UT",
  "Calgary, AB, Canada",
  "Toronto, ON, Canada",
  "Stuttgart, Germany",
  "Leeds, United Kingdom",
  "",
];
const ORIGINS = [
  "comes from a plant upgrade",
  "was retired from a university lab",
  "is surplus from a contract manufacturer",
  "comes from a fleet renewal",
  "was removed from service in working order",
  "is excess inventory from a system integrator",
];
const SHIPPING = ["Ships within two business days.", "Local pickup welcome.", "Freight quote on request.", "Inspection welcome by appointment."];

// ── Bulk load ──
const connection = new SQLite(databaseFile);
connection.pragma("journal_mode = OFF");
connection.pragma("synchronous = OFF");
connection.pragma("locking_mode = EXCLUSIVE");
connection.pragma("temp_store = MEMORY");
connection.pragma("cache_size = -1000000");
connection.pragma("foreign_keys = OFF");

// Secondary indexes and the full-text triggers are rebuilt after the load from their own definitions (the full-text
// index by one 'rebuild'). Every other trigger stays: the tables they keep in step (listing_search_rows, the counts
// by category and month, the search state) are filled row by row as the listings load, as in the app.
const writesFullText = /insert\s+into\s+listing_search\s*\(/i;
const deferred = (
  connection
    .prepare(
      `select type, name, sql from sqlite_master
       where tbl_name in ('equipment_listings', 'equipment_images') and type in ('index', 'trigger') and sql is not null`,
    )
    .all() as Array<{ type: string; name: string; sql: string }>
).filter((object) => object.type === "index" || writesFullText.test(object.sql));
const keepTriggers = args["keep-search-triggers"];
for (const object of deferred) {
  if (keepTriggers && object.type === "trigger") continue;
  connection.exec(`drop ${object.type} ${object.name}`);
}

// Sellers, and a few buyers: they never sign in, so they share a hash of a random password.
const passwordHash = await hashPassword(crypto.randomBytes(24).toString("base64url"));
const sellerIds: string[] = [];
{
  const insertUser = connection.prepare("insert into users (id, email, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?)");
  const insertProfile = connection.prepare(
    `insert into profiles (id, email, first_name, last_name, company_name, role, is_verified, verification_date, city, state, country, location, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const firstNames = ["Ada", "Grace", "Linus", "Hedy", "Nikola", "Marie", "Claude", "Rosalind", "Alan", "Katherine", "Dennis", "Barbara"];
  const lastNames = ["Okafor", "Lindqvist", "Moreno", "Tanaka", "Schmidt", "Novak", "Haddad", "Kowalski", "Brennan", "Ivanova", "Chen", "Dubois"];
  const companyWords = ["Keystone", "Northgate", "Riverside", "Apex", "Bluewater", "Ironclad", "Summit", "Prairie", "Harbor", "Granite"];
  const companyKinds = ["Surplus", "Test Equipment", "Automation", "Heavy Iron", "Lab Exchange", "Industrial Supply", "Equipment Sales"];
  connection.transaction(() => {
    for (let i = 0; i < 200; i += 1) {
      const id = crypto.randomUUID();
      const seller = i < 160;
      const email = `${seller ? "seller" : "buyer"}${i}@bench.test`;
      const joined = new Date(Date.UTC(2023, random.int(0, 23), random.int(1, 28))).toISOString();
      const place = random.pick(LOCATIONS.filter(Boolean));
      const [city, state] = place.split(", ");
      const verified = random.next() < 0.7 ? 1 : 0;
      insertUser.run(id, email, passwordHash, joined, joined);
      insertProfile.run(
        id,
        email,
        random.pick(firstNames),
        random.pick(lastNames),
        seller ? `${random.pick(companyWords)} ${random.pick(companyKinds)}` : "",
        seller ? "seller" : "buyer",
        verified,
        verified ? joined : null,
        city ?? "",
        state ?? "",
        place.includes("Canada") ? "Canada" : place.includes("Germany") ? "Germany" : place.includes("United Kingdom") ? "United Kingdom" : "United States",
        place,
        joined,
        joined,
      );
      if (seller) sellerIds.push(id);
    }
  })();
}
timing("users + profiles");

const insertListing = connection.prepare(
  `insert into equipment_listings (id, user_id, title, description, brand, model, category_id, condition, listing_type, price_cents,
     currency, location, year, serial_number, specifications, features, status, ai_generated, views, is_featured, test_level,
     calibration_date, calibration_due, calibration_accredited, installed_options, created_at, updated_at)
   values (?, ?, ?, ?, ?, ?, ?, ?, 'buy_now', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?)`,
);
const insertImage = connection.prepare(
  `insert into equipment_images (listing_id, url, thumbnail_url, width, height, is_primary, position, original_name, original_size, created_at)
   values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);

const now = Date.now();
const span = 730 * 86_400_000;
const currentYear = new Date(now).getUTCFullYear();
const BATCH = 50_000;
let imageRows = 0;
const statusCounts: Record<string, number> = {};
for (let start = 1; start <= total; start += BATCH) {
  const end = Math.min(total, start + BATCH - 1);
  connection.transaction(() => {
    for (let id = start; id <= end; id += 1) {
      const pool = pickPool();
      const product = pool.products[Math.floor(random.next() * pool.products.length)] as Product;
      const condition = pickCondition();
      const roll = random.next();
      const status = roll < 0.9 ? "active" : roll < 0.95 ? "sold" : roll < 0.98 ? "draft" : "archived";
      statusCounts[status] = (statusCounts[status] ?? 0) + 1;
      const [y0, y1] = product.years;
      const year = Math.min(currentYear, y0 + Math.floor(random.next() * (y1 - y0 + 1)));
      const [low, high] = product.price;
      const dollars = (low + (high - low) * random.next()) * DEMO_CONDITION_PRICE_FACTORS[condition];
      const step = dollars < 1000 ? 5 : dollars < 10_000 ? 50 : 500;
      const cents = Math.max(step, Math.round(dollars / step) * step) * 100;
      const currencyRoll = random.next();
      const currency = currencyRoll < 0.92 ? "USD" : currencyRoll < 0.95 ? "EUR" : currencyRoll < 0.97 ? "GBP" : "CAD";
      const location = LOCATIONS[Math.floor(random.next() * LOCATIONS.length)] as string;
      const created = new Date(now - span + Math.floor(((id - 1) / total) * span) + Math.floor(random.next() * 60_000)).toISOString();
      const title = product.heavy ? `${year} ${product.brand} ${product.model} ${product.name}` : `${product.brand} ${product.model} ${product.name}`;
      const description =
        `This ${product.brand} ${product.model} ${product.name} ${ORIGINS[id % ORIGINS.length]}. ${CONDITION_PHRASE[condition]} ` +
        `Highlights: ${product.highlights}. ${SHIPPING[id % SHIPPING.length]}`;
      const testGear = product.sub === "test_measurement" || product.sub === "data_acquisition";
      const calibrated = testGear && (condition === "used_excellent" || condition === "used_very_good") && random.next() < 0.5;
      const calibrationDate = calibrated ? new Date(Date.parse(created) - random.int(5, 500) * 86_400_000) : null;
      const calibrationDue = calibrationDate ? new Date(calibrationDate.getTime() + 365 * 86_400_000) : null;
      insertListing.run(
        id,
        sellerIds[Math.floor(random.next() * sellerIds.length)],
        title,
        description,
        product.brand,
        product.model,
        product.categoryId,
        condition,
        cents,
        currency,
        location,
        year,
        `${product.brand.slice(0, 2).toUpperCase()}${String(100000 + (id % 900000))}`,
        product.specifications,
        product.features,
        status,
        random.next() < 0.03 ? 1 : 0,
        Math.floor(random.next() * 400),
        random.next() < 0.001 ? 1 : 0,
        testGear ? TEST_LEVEL_FOR[condition] : null,
        calibrationDate ? calibrationDate.toISOString().slice(0, 10) : null,
        calibrationDue ? calibrationDue.toISOString().slice(0, 10) : null,
        calibrated && random.next() < 0.4 ? 1 : 0,
        created,
        created,
      );
      // Most listings have pictures: one to three of the subcategory's files.
      const pictures = picturesBySub.get(product.sub) ?? [];
      const count = random.next() < 0.06 ? 0 : 1 + Math.floor(random.next() * 3);
      const first = Math.floor(random.next() * 3);
      for (let p = 0; p < count && pictures.length > 0; p += 1) {
        const picture = pictures[p === 0 ? first % pictures.length : (first + p * 2) % pictures.length] as StoredPicture;
        insertImage.run(id, picture.url, picture.thumbnailUrl, picture.width, picture.height, p === 0 ? 1 : 0, p, picture.name, picture.size, created);
        imageRows += 1;
      }
    }
  })();
  if (end % 200_000 === 0 || end === total) timing(`listings ${end.toLocaleString("en-US")}`);
}

for (const object of deferred.filter((o) => o.type === "index")) connection.exec(object.sql);
timing(`indexes (${deferred.filter((o) => o.type === "index").length})`);
if (!keepTriggers) {
  connection.exec("insert into listing_search(listing_search) values('rebuild')");
  timing("full-text index rebuild");
  for (const object of deferred.filter((o) => o.type === "trigger")) connection.exec(object.sql);
}
connection.exec("analyze");
for (const statement of WITHOUT_SKIP_SCANS) connection.exec(statement);
connection.exec("insert into listing_search(listing_search) values('optimize')");
timing("triggers + analyze + optimize");
connection.pragma("foreign_keys = ON");
const broken = connection.pragma("foreign_key_check") as unknown[];
if (broken.length > 0) throw new Error(`Foreign key check failed: ${JSON.stringify(broken.slice(0, 3))}`);
// What the kept triggers fill must account for every listing: searches with words read listing_search_rows, and the
// counts decide how a page is read (an empty table made every word search find nothing and every browse sort a million rows).
const inStep = connection
  .prepare(
    `select (select count(*) from equipment_listings) as listings,
            (select count(*) from listing_search_rows) as searchRows,
            (select coalesce(sum(listings), 0) from listing_counts_by_category) as byCategory,
            (select coalesce(sum(listings), 0) from listing_counts_by_month) as byMonth`,
  )
  .get() as { listings: number; searchRows: number; byCategory: number; byMonth: number };
if (new Set(Object.values(inStep)).size !== 1) throw new Error(`Tables kept by triggers are out of step: ${JSON.stringify(inStep)}`);
connection.pragma("journal_mode = WAL");
connection.close();
timing("checks");

const sizeMb = fs.statSync(databaseFile).size / 1024 / 1024;
console.log(
  `\n${total.toLocaleString("en-US")} listings (${Object.entries(statusCounts)
    .map(([s, n]) => `${s} ${n.toLocaleString("en-US")}`)
    .join(", ")}), ${imageRows.toLocaleString("en-US")} image rows, ${sizeMb.toFixed(0)} MB`,
);
console.log(`${databaseFile}\nUPLOADS_DIR=${uploadsDir}`);
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (postgresTarget) {
  await copyToPostgres(postgresTarget);
  console.log(`total with the copy ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
