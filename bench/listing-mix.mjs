// The /listings query mix every listings benchmark replays (bench/listings.mjs over HTTP, bench/listing-queries.ts on
// the search service, bench/cluster.mjs through nginx): addresses a buyer could type or click, drawn from what a
// seed:bench database holds. Words are drawn Zipf-distributed from the listings' own text (so the very common ones,
// "highlights", "tested", come up most), brands as words and as the brand filter, models, categories at all three
// levels, conditions, price ranges, every sort, deep pages and searches that find nothing; alone and combined.
// Deterministic: the same database gives the same mix, so both engines (a PostgreSQL copy of data/bench-N.sqlite)
// replay the same addresses.

/** Every sort of /listings; "relevance" only means something with search words. */
export const SORTS = ["created_at:desc", "created_at:asc", "price:asc", "price:desc"];
const CONDITION_FILTERS = ["new", "open_box", "excellent", "good", "fair", "poor", "used_good", "for_repair"];
const TEST_LEVELS = ["fully_tested", "powers_on", "untested", "for_parts"];
const PAGE_SIZE = 12;
/** Words nobody searches for on their own (the tokenizer keeps them, so they would match nearly everything). */
const STOP_WORDS = new Set(
  "the and this that with from for was are its but has not see all any can had her his how new one our out use who why you it is in on of to as at be by or an".split(
    " ",
  ),
);

/** A seeded pseudo-random generator (mulberry32): the same seed, the same mix. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** Picks index r (0-based rank) with probability ∝ 1/(r+1)^s. */
function zipf(count, s, random) {
  const cumulative = [];
  let sum = 0;
  for (let r = 0; r < count; r += 1) cumulative.push((sum += 1 / (r + 1) ** s));
  return () => {
    const roll = random.next() * sum;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < roll) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * What the mix is drawn from, read from a seed:bench SQLite database (better-sqlite3): the words of a sample of
 * active listings ranked by how many of them contain each, brands and models by frequency, the category tree, and
 * estimated active listings per category (to keep deep pages mostly inside the results).
 */
export function readVocabulary(sqlite, { sample = 20_000 } = {}) {
  const active = sqlite.prepare("select count(*) as n from equipment_listings where status = 'active'").get().n;
  const rows = sqlite
    .prepare("select title, description, brand, model, category_id from equipment_listings where status = 'active' order by id limit ?")
    .all(sample);
  const scale = active / Math.max(1, rows.length);
  const documentFrequency = new Map();
  const brandCounts = new Map();
  const modelCounts = new Map();
  const categoryCounts = new Map();
  for (const row of rows) {
    const words = new Set(`${row.title} ${row.description}`.toLowerCase().split(/[^a-z0-9]+/));
    for (const word of words) {
      if (word.length < 3 || /^\d+$/.test(word) || STOP_WORDS.has(word)) continue;
      documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    }
    if (row.brand) brandCounts.set(row.brand, (brandCounts.get(row.brand) ?? 0) + 1);
    if (row.model) modelCounts.set(`${row.brand} ${row.model}`, (modelCounts.get(`${row.brand} ${row.model}`) ?? 0) + 1);
    categoryCounts.set(row.category_id, (categoryCounts.get(row.category_id) ?? 0) + 1);
  }
  const byCount = (map) => [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const categories = sqlite.prepare("select id, parent_id as parent, level from categories order by level, position, id").all();
  const estimated = new Map();
  for (const category of [...categories].sort((a, b) => b.level - a.level)) {
    const own = (categoryCounts.get(category.id) ?? 0) * scale;
    estimated.set(category.id, (estimated.get(category.id) ?? 0) + own);
    if (category.parent) estimated.set(category.parent, (estimated.get(category.parent) ?? 0) + (estimated.get(category.id) ?? 0));
  }
  return {
    active,
    words: byCount(documentFrequency).map(([word, n]) => ({ word, estimated: Math.round(n * scale) })),
    brands: byCount(brandCounts).map(([brand, n]) => ({ brand, estimated: Math.round(n * scale) })),
    models: byCount(modelCounts).map(([model]) => model),
    categories: categories.map((c) => ({ id: c.id, level: c.level, estimated: Math.round(estimated.get(c.id) ?? 0) })),
  };
}

/** The shapes of the mix with their share of requests (what a marketplace's search log looks like, roughly). */
export const SHAPES = [
  ["browse", 10],
  ["category", 14],
  ["word", 16],
  ["common word", 5],
  ["two words", 7],
  ["word + category", 7],
  ["brand word", 5],
  ["model", 5],
  ["brand filter", 5],
  ["brand filter + word", 3],
  ["price range", 6],
  ["condition", 5],
  ["calibrated / test level", 3],
  ["deep page", 5],
  ["empty result", 4],
];

/**
 * The mix: requests drawn one after another (popular addresses come up again, as they do) until `distinct`
 * different addresses have been drawn. Returns the sequence in replay order, each with its shape.
 */
export function listingQueryMix(vocabulary, { distinct = 2_500, seed = 20_261_126 } = {}) {
  const random = seededRandom(seed);
  const words = vocabulary.words.slice(0, 3_000);
  const wordRank = zipf(words.length, 1, random);
  const brandRank = zipf(vocabulary.brands.length, 0.8, random);
  const modelRank = zipf(vocabulary.models.length, 0.8, random);
  const byLevel = (level) => vocabulary.categories.filter((c) => c.level === level && c.estimated > 0);
  const levels = [byLevel(1), byLevel(2), byLevel(3)];
  const category = () => {
    const roll = random.next();
    return random.pick(levels[roll < 0.15 ? 0 : roll < 0.45 ? 1 : 2]);
  };
  const word = () => words[wordRank()];
  const shapeTotal = SHAPES.reduce((sum, [, weight]) => sum + weight, 0);
  const shapeOf = () => {
    let roll = random.next() * shapeTotal;
    for (const [name, weight] of SHAPES) if ((roll -= weight) < 0) return name;
    return SHAPES[0][0];
  };
  /** Page 1 mostly, 2–5 now and then. */
  const shallowPage = () => (random.next() < 0.75 ? 1 : random.int(2, 5));
  /** A page deep into `estimated` results: past page 10, up to the last one (or a little beyond, a stale link). */
  const deepPage = (estimated) => {
    const pages = Math.max(1, Math.floor(estimated / PAGE_SIZE));
    if (pages <= 10) return pages;
    return random.next() < 0.5 ? random.int(10, Math.min(pages, 100)) : random.int(10, pages);
  };
  const sortFor = (params, { search }) => {
    const sorts = search ? [...SORTS, "relevance", "relevance", "relevance"] : SORTS;
    const sort = random.next() < 0.5 ? (search ? "relevance" : "created_at:desc") : random.pick(sorts);
    const fallback = search ? "relevance" : "created_at:desc";
    if (sort !== fallback) params.set("sort", sort);
  };
  const priceRange = (params) => {
    const low = random.pick([0, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000]);
    const high = low + random.pick([100, 500, 1000, 5000, 20_000, 100_000]);
    if (low > 0 || random.next() < 0.5) params.set("minPrice", String(low));
    params.set("maxPrice", String(high));
  };
  const brandFilter = () => {
    const { brand } = vocabulary.brands[brandRank()];
    const first = brand.split(/\s+/)[0].toLowerCase();
    return random.next() < 0.7 ? first : brand.toLowerCase();
  };

  const build = (shape) => {
    const params = new URLSearchParams();
    let page = shallowPage();
    let search = false;
    switch (shape) {
      case "browse":
        break;
      case "category":
        params.set("category", category().id);
        break;
      case "word":
        params.set("search", word().word);
        search = true;
        break;
      case "common word": {
        // The words that most listings contain: every one of them matches a large share of the listings.
        params.set("search", words[random.int(0, 9)].word);
        search = true;
        break;
      }
      case "two words":
        params.set("search", `${word().word} ${word().word}`);
        search = true;
        break;
      case "word + category":
        params.set("search", word().word);
        params.set("category", category().id);
        search = true;
        break;
      case "brand word":
        params.set("search", random.next() < 0.5 ? vocabulary.brands[brandRank()].brand : `${vocabulary.brands[brandRank()].brand} ${word().word}`);
        search = true;
        break;
      case "model":
        params.set("search", random.next() < 0.6 ? vocabulary.models[modelRank()] : vocabulary.models[modelRank()].split(" ").slice(-1)[0]);
        search = true;
        break;
      case "brand filter":
        params.set("brand", brandFilter());
        if (random.next() < 0.4) params.set("category", category().id);
        break;
      case "brand filter + word":
        params.set("brand", brandFilter());
        params.set("search", word().word);
        search = true;
        break;
      case "price range":
        priceRange(params);
        if (random.next() < 0.5) params.set("category", category().id);
        if (random.next() < 0.5) params.set("sort", random.pick(["price:asc", "price:desc"]));
        break;
      case "condition":
        params.set("condition", random.pick(CONDITION_FILTERS));
        if (random.next() < 0.6) params.set("category", category().id);
        break;
      case "calibrated / test level":
        if (random.next() < 0.5) params.set("calibrated", "1");
        else params.set("testLevel", random.pick(TEST_LEVELS));
        if (random.next() < 0.5) params.set("category", random.pick(["test_measurement", "data_acquisition"]));
        break;
      case "deep page": {
        const kind = random.next();
        if (kind < 0.4) {
          page = deepPage(vocabulary.active);
        } else if (kind < 0.75) {
          const chosen = category();
          params.set("category", chosen.id);
          page = deepPage(chosen.estimated);
        } else {
          const chosen = words[random.int(0, 49)];
          params.set("search", chosen.word);
          search = true;
          page = deepPage(chosen.estimated);
        }
        break;
      }
      case "empty result": {
        const kind = random.int(0, 4);
        if (kind === 0) params.set("search", `zq${random.int(100, 99_999)}x`);
        else if (kind === 1) {
          // A brand nobody sells with a word most listings contain: the costliest way to find nothing.
          params.set("brand", `nobrand${random.int(1, 999)}`);
          params.set("search", words[random.int(0, 9)].word);
          search = true;
        } else if (kind === 2) params.set("brand", `nobrand${random.int(1, 999)}`);
        else if (kind === 3) params.set("minPrice", String(random.int(5_000_000, 9_000_000)));
        else {
          params.set("search", `${word().word} zq${random.int(100, 99_999)}x`);
        }
        search = params.has("search");
        page = 1;
        break;
      }
      default:
        throw new Error(`unknown shape ${shape}`);
    }
    if (shape !== "price range" || !params.has("sort")) sortFor(params, { search });
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `/listings?${query}` : "/listings";
  };

  const sequence = [];
  const seen = new Set();
  for (let drawn = 0; seen.size < distinct && drawn < distinct * 50; drawn += 1) {
    const shape = shapeOf();
    const path = build(shape);
    seen.add(path);
    sequence.push({ path, shape });
  }
  return { sequence, distinct: seen.size };
}

/** Shuffles a copy of `list` (seeded), e.g. to walk a mix's distinct addresses in a fair order. */
export function shuffled(list, seed = 7) {
  const random = seededRandom(seed);
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random.next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
