// In-process side of the saved-search alerts benchmark (bench/alerts.mjs runs it with tsx): a fresh database
// (migrated, categories synced, a few users), N saved searches with alerts on, then M new listings made active one
// by one through the real matcher (app/services/alerts/saved-search-alerts.server.ts), then one flush. Prints JSON.
//   run --searches 10000 --listings 1000 [--synchronous FULL] [--seed 7]
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type SynchronousMode } from "#db/dialect.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { syncReferenceData } from "#db/reference-data.ts";
import { catalogCategoryId } from "~/lib/category-ids.ts";
import { EQUIPMENT_CATALOG, type CatalogModel, type CatalogSubcategory } from "~/reference/equipment-models.ts";
import { seededRandom, type Random } from "#db/seed/random.ts";
import { CONDITION_GROUPS, CONDITIONS, type Condition } from "~/lib/conditions.ts";
import type { SavedSearchParams } from "~/lib/listing-filters.ts";
import { TEST_LEVELS } from "~/lib/test-levels.ts";
import { flushSavedSearchAlerts, matchListingToSavedSearches, rekeySavedSearches } from "~/services/alerts/saved-search-alerts.server.ts";

const { values } = parseArgs({
  allowPositionals: true,
  options: {
    searches: { type: "string", default: "10000" },
    listings: { type: "string", default: "1000" },
    users: { type: "string", default: "50" },
    synchronous: { type: "string", default: "FULL" },
    seed: { type: "string", default: "7" },
    keep: { type: "string" },
  },
});
const SEARCHES = Number(values.searches);
const LISTINGS = Number(values.listings);
const USERS = Number(values.users);

const catalog: { subcategory: CatalogSubcategory; model: CatalogModel }[] = EQUIPMENT_CATALOG.flatMap((subcategory) =>
  subcategory.models.map((model) => ({ subcategory, model })),
);

function weightedCondition(random: Random, weights: readonly number[]): Condition {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = random.next() * total;
  for (const [index, weight] of weights.entries()) {
    at -= weight;
    if (at < 0) return CONDITIONS[index]!;
  }
  return CONDITIONS[0]!;
}

const wordsOf = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));

/** What buyers type: a brand, a model number, words of the product name, sometimes cut short while typing. */
function keywordFor(random: Random, model: CatalogModel): string {
  const name = wordsOf(model.name);
  const roll = random.next();
  let words: string[];
  if (roll < 0.25) words = [model.brand, random.pick(name)];
  else if (roll < 0.4) words = [model.model];
  else if (roll < 0.55) words = [model.brand, model.model];
  else if (roll < 0.8) words = name.slice(-2);
  else words = [random.pick(name)];
  let keyword = words.join(" ");
  // A third of buyers stop typing early: the last word is a prefix.
  if (random.next() < 0.33) {
    const last = words[words.length - 1]!;
    if (last.length > 5) keyword = [...words.slice(0, -1), last.slice(0, random.int(3, last.length - 1))].join(" ");
  }
  return keyword;
}

function searchFor(random: Random): SavedSearchParams {
  const { subcategory, model } = random.pick(catalog);
  const dollars = random.int(model.price[0], model.price[1]);
  const withKeyword = random.next() < 0.85;
  // Searches without words are saved while browsing a category (docs/product/alerts.md#notifications /listings: category sidebar).
  const categoryRoll = withKeyword ? random.next() : 0.2 + random.next() * 0.35;
  const category =
    categoryRoll < 0.2 ? subcategory.main : categoryRoll < 0.45 ? subcategory.sub : categoryRoll < 0.55 ? catalogCategoryId(subcategory, model) : null;
  const group = random.next() < 0.3 ? random.pick(Object.keys(CONDITION_GROUPS) as (keyof typeof CONDITION_GROUPS)[]) : null;
  return {
    keyword: withKeyword ? keywordFor(random, model) : null,
    category,
    categoryName: null,
    minPrice: random.next() < 0.2 ? Math.round(dollars * 0.5) : null,
    maxPrice: random.next() < 0.4 ? Math.round(dollars * 1.2) : null,
    condition: group ? [...CONDITION_GROUPS[group]] : [],
    testLevel: subcategory.testGear && random.next() < 0.05 ? random.pick(TEST_LEVELS) : null,
    calibrated: subcategory.calibrated && random.next() < 0.05,
    brand: random.next() < 0.15 ? model.brand.slice(0, random.int(3, model.brand.length)) : null,
  };
}

function listingFor(random: Random, sellerId: string) {
  const { subcategory, model } = random.pick(catalog);
  const features = [...model.features, random.pick(subcategory.featurePool), random.pick(subcategory.featurePool)];
  const highlights = Object.entries(model.specs)
    .slice(0, 3)
    .map(([key, value]) => `${key.toLowerCase()} ${value}`);
  const description = [
    `This ${model.brand} ${model.model} ${random.pick(subcategory.provenance)}.`,
    `${features.join(". ")}.`,
    `Highlights: ${highlights.join(", ")}.`,
    model.options.length ? `Installed options: ${model.options.join(", ")}.` : "",
    "It ships within two business days, double-boxed and insured.",
  ].join(" ");
  const calibrated = subcategory.calibrated && random.next() < 0.5;
  return {
    user_id: sellerId,
    title: `${model.brand} ${model.model} ${model.name}`,
    description,
    brand: model.brand,
    model: model.model,
    category_id: catalogCategoryId(subcategory, model),
    condition: weightedCondition(random, subcategory.conditionWeights),
    price_cents: random.int(model.price[0], model.price[1]) * 100,
    status: "active",
    test_level: subcategory.testGear ? random.pick(TEST_LEVELS) : null,
    calibration_date: calibrated ? `2026-${String(random.int(1, 11)).padStart(2, "0")}-01` : null,
    ai_generated: 0,
    is_featured: 0,
    calibration_accredited: 0,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-alerts-"));
  const opened = openDatabase({ url: path.join(dir, "bench.sqlite"), synchronous: values.synchronous as SynchronousMode });
  const { db } = opened;
  const random = seededRandom(Number(values.seed));
  try {
    await migrateToLatest(db, opened.dialect);
    await syncReferenceData(db);
    const users: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const id = crypto.randomUUID();
      const email = `bench-${i}@example.test`;
      await db.insertInto("users").values({ id, email, password_hash: "not-a-real-hash" }).execute();
      // Half the members chose saved-search e-mails off.
      const preferences = JSON.stringify({ email_alerts: { saved_search: i % 2 === 0 } });
      await db
        .insertInto("profiles")
        .values({ id, email, role: i < 5 ? "seller" : "buyer", is_verified: 0, preferences })
        .execute();
      users.push(id);
    }
    const sellers = users.slice(0, 5);

    // The searches, saved as the /listings action saves them (keys stale until computed).
    const savedAt = new Date().toISOString();
    for (let start = 0; start < SEARCHES; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(SEARCHES, start + 500); i++) {
        const params = searchFor(random);
        rows.push({
          user_id: users[5 + (i % (USERS - 5))]!,
          name: params.keyword ?? `Search ${i}`,
          search_params: JSON.stringify(params),
          notify_on_new: 1,
          created_at: savedAt,
          updated_at: savedAt,
        });
      }
      await db.insertInto("saved_searches").values(rows).execute();
    }
    let started = performance.now();
    const rekeyed = await rekeySavedSearches(db, { all: true });
    const rekeyMs = performance.now() - started;
    const keyShapes = await db
      .selectFrom("saved_searches")
      .select((eb) => [
        eb.fn.countAll<number>().as("all"),
        eb.fn.sum<number>(eb.case().when("alert_term", "is", null).then(1).else(0).end()).as("unkeyed"),
        eb.fn.sum<number>(eb.case().when(eb.ref("alert_term_prefix"), "=", 1).then(1).else(0).end()).as("prefix"),
      ])
      .executeTakeFirstOrThrow();

    // The listings, each made active and matched at once, as createListing does after its commit.
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let candidates = 0;
    let matches = 0;
    for (let i = 0; i < LISTINGS; i++) {
      const listing = await db
        .insertInto("equipment_listings")
        .values(listingFor(random, random.pick(sellers)))
        .returning("id")
        .executeTakeFirstOrThrow();
      started = performance.now();
      const cpu = process.cpuUsage();
      const result = await matchListingToSavedSearches(db, listing.id);
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      candidates += result.candidates;
      matches += result.recorded;
    }
    started = performance.now();
    const notifications = await flushSavedSearchAlerts(db, new Date(), 0);
    const flushMs = performance.now() - started;
    const emails = await db
      .selectFrom("email_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const sorted = [...times].sort((a, b) => a - b);
    const cpuSorted = [...cpuTimes].sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        searches: SEARCHES,
        listings: LISTINGS,
        rekeyed,
        rekeyMs: Math.round(rekeyMs),
        keys: {
          unkeyed: Number(keyShapes.unkeyed),
          prefix: Number(keyShapes.prefix),
          exact: Number(keyShapes.all) - Number(keyShapes.unkeyed) - Number(keyShapes.prefix),
        },
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted[sorted.length - 1] ?? 0,
        mean: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length),
        cpu: { p50: percentile(cpuSorted, 50), p95: percentile(cpuSorted, 95), max: cpuSorted[cpuSorted.length - 1] ?? 0 },
        candidatesPerListing: candidates / Math.max(1, LISTINGS),
        matches,
        notifications,
        emails: Number(emails.n),
        flushMs: Math.round(flushMs),
      }),
    );
  } finally {
    await opened.close();
    if (values.keep) fs.copyFileSync(path.join(dir, "bench.sqlite"), values.keep);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await run();
