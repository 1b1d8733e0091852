// The varied /listings workload of bench/cluster.mjs: thousands of distinct addresses a buyer could type or click,
// built from what the bench database holds (its brands, models and categories), in a fixed pseudo-random order.
// Searches, category pages, condition and price filters, sorts and pages 1–5, alone and combined.

const SORTS = ["created_at:desc", "price:asc", "price:desc", "relevance"];
const CONDITIONS = ["new", "used_excellent", "used_good", "used_fair", "for_repair"];
const WORDS = ["oscilloscope", "analyzer", "power supply", "multimeter", "plc", "drive", "excavator", "forklift", "pump", "sensor", "generator", "calibrated"];

/** `count` distinct /listings paths (deterministic), from the brands, models and categories in `sqlite` (better-sqlite3). */
export function varyingListingsPaths(sqlite, count) {
  let state = 20261126;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const brands = sqlite.prepare("select distinct brand from equipment_listings where id <= 50000 and brand != '' limit 200").pluck().all();
  const models = sqlite.prepare("select distinct brand || ' ' || model from equipment_listings where id <= 50000 limit 400").pluck().all();
  const categories = sqlite.prepare("select id from categories where level in (1, 2, 3)").pluck().all();
  const paths = new Set();
  for (let attempts = 0; paths.size < count && attempts < count * 20; attempts += 1) {
    const params = new URLSearchParams();
    const kind = random();
    if (kind < 0.3) params.set("search", pick(WORDS));
    else if (kind < 0.45) params.set("search", pick(brands));
    else if (kind < 0.6) params.set("search", pick(models));
    else if (kind < 0.65) params.set("search", `${pick(brands)} ${pick(WORDS)}`);
    if (random() < 0.5) params.set("category", pick(categories));
    if (random() < 0.3) params.set("condition", pick(CONDITIONS));
    if (random() < 0.2) {
      const low = Math.floor(random() * 20) * 250;
      params.set("minPrice", String(low));
      params.set("maxPrice", String(low + 500 + Math.floor(random() * 20) * 500));
    }
    if (random() < 0.6) params.set("sort", pick(SORTS));
    const page = random() < 0.6 ? 1 : 2 + Math.floor(random() * 4);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    paths.add(query ? `/listings?${query}` : "/listings");
  }
  return [...paths];
}
