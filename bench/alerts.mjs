// The saved-search alerts benchmark: a fresh database (migrated, categories synced, 50 members), 10,000
// saved searches with alerts on, then 1,000 new listings made active one by one through the real matcher, then one
// flush of the batched notifications. Prints the time to match each listing (p50, p95, max; wall clock and CPU),
// the matches recorded and the notifications (and e-mails) written. Budget: p95 ≤ 20 ms per listing.
//
// Usage: npm run bench:alerts [-- --searches 10000 --listings 1000 --synchronous FULL --seed 7]
//   The work runs in bench/alerts-engine.ts (tsx), in one process, as the server runs it after a listing's commit.
//   The searches: words a buyer types from the demo catalogue (brand, model number, words of the product name,
//   a third cut short while typing), 15% without words but in a category, a main, sub or item category on about
//   half, price bounds, a condition group on 30%, a part of the brand on 15%, test level or calibration on a few.
//   The listings: the demo catalogue's makes and models with their descriptions, conditions and prices.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: {
    searches: { type: "string", default: "10000" },
    listings: { type: "string", default: "1000" },
    synchronous: { type: "string", default: "FULL" },
    seed: { type: "string", default: "7" },
  },
});
const BUDGET_P95_MS = 20;

const args = ["--searches", options.searches, "--listings", options.listings, "--synchronous", options.synchronous, "--seed", options.seed];
console.log(`Saved-search alerts: ${options.searches} searches, ${options.listings} new listings (synchronous ${options.synchronous}) …`);
const run = spawnSync(process.execPath, ["--import", "tsx", "bench/alerts-engine.ts", ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const last = run.stdout.trim().split("\n").at(-1) ?? "";
if (run.status !== 0 || !last.startsWith("{")) {
  console.error(run.stdout, run.stderr);
  throw new Error(`bench/alerts-engine.ts failed (${run.status})`);
}
const r = JSON.parse(last);
const ms = (value) => `${value.toFixed(2)} ms`;
console.log(
  `\nKeys of ${r.searches} searches computed in ${r.rekeyMs} ms: ${r.keys.exact} by an exact term, ${r.keys.prefix} by a prefix, ${r.keys.unkeyed} without words`,
);
console.log(`\nMatching a new listing (${r.listings} listings, ${r.candidatesPerListing.toFixed(0)} candidate searches each on average)`);
console.log(`  wall  p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   max ${ms(r.max)}   mean ${ms(r.mean)}`);
console.log(`  CPU   p50 ${ms(r.cpu.p50)}   p95 ${ms(r.cpu.p95)}   max ${ms(r.cpu.max)}`);
console.log(`\nMatches recorded: ${r.matches} (${(r.matches / r.listings).toFixed(1)} per listing)`);
console.log(`Notifications written by the flush: ${r.notifications} (one per search with matches), e-mails queued: ${r.emails}, flush ${r.flushMs} ms`);
console.log(
  `\nBudget p95 ≤ ${BUDGET_P95_MS} ms: ${r.p95 <= BUDGET_P95_MS ? "met" : "NOT met"} (p95 ${ms(r.p95)}; load average ${(await import("node:os")).loadavg()[0].toFixed(2)})`,
);
