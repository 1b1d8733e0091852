// The listings benchmark: for each database size, the production server on a seed:bench database replaying the
// /listings query mix of bench/listing-mix.mjs (thousands of distinct addresses: Zipf-distributed words, brands,
// categories at every level, price ranges, every sort, deep pages, empty results) under autocannon, while listing
// views (GET /listings/{id} from ever new addresses: each one a counted view, a database write) arrive at a steady
// rate. In the same run: bare node:http answering "ok" as the yardstick; the same mix with the render memo and the
// search result cache turned off (what the caches contribute); and one fixed address without views, printed only as
// the cache-hit figure. Prints p50/p95/p99, req/s, the ratio to bare node:http, per-shape figures, the slowest
// addresses, and the targets.
//
// Usage: npm run bench:listings [-- 100000 1000000] [--duration 20] [--connections 20] [--views-per-second 10]
//          [--distinct 2500] [--database postgres://…] [--no-uncached] [--no-fixed] [--no-single]
//   The one-connection pass (skipped with --no-single) asks for every distinct address of the mix once, one at a
//   time, caches off, and prints the slowest: the target's "slowest URL of the mix, one connection".
//   SQLite: data/bench-N.sqlite (made with seed:bench when missing). PostgreSQL: --database or DATABASE_URL =
//   postgres://…; a cluster's …/postgres means the copy tradebench_bench_N there (made once, see bench-database.mjs).
//   The server runs from BUILD_DIR (default build/), built first when missing.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { benchDatabase } from "./bench-database.mjs";
import { listingQueryMix, readVocabulary } from "./listing-mix.mjs";
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "20" },
    "views-per-second": { type: "string", default: "10" },
    distinct: { type: "string", default: "2500" },
    database: { type: "string" },
    "no-uncached": { type: "boolean", default: false },
    "no-fixed": { type: "boolean", default: false },
    "no-single": { type: "boolean", default: false },
  },
});
const sizes = (positionals.length > 0 ? positionals : ["100000", "1000000"]).map((s) => Number(s.replace(/_/g, "")));
const duration = Number(options.duration);
const connections = Number(options.connections);
const viewsPerSecond = Number(options["views-per-second"]);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const uploadsDir = path.resolve("data/bench-uploads");
const FIXED_PATH = "/listings?search=oscilloscope&condition=used_good&sort=price:asc&page=3";
/** The targets for the varied mix, 20 connections, per database size. */
const TARGETS = (size) => (size <= 100_000 ? { p95: 50, share: 1 / 150, slowest: 50 } : { p95: 150, share: 1 / 250, slowest: 100 });

const BARE_SERVER = `
const http = require("node:http");
http.createServer((req, res) => { res.writeHead(200, { "Content-Type": "text/plain" }); res.end("ok"); })
  .listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
`;

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function summarise(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}

/**
 * autocannon against `base`: a fixed path, or the mix's sequence replayed in order (shared by all connections,
 * wrapping around). Every response's latency is kept with its path, so percentiles are exact and per address.
 */
async function load(base, { path: fixedPath, sequence }) {
  const latencies = [];
  const byPath = new Map();
  const statuses = new Map();
  let next = 0;
  const requests = sequence
    ? [
        {
          method: "GET",
          setupRequest: (request, context) => {
            const item = sequence[next % sequence.length];
            next += 1;
            context.item = item;
            return { ...request, path: item.path };
          },
        },
      ]
    : undefined;
  // A slow answer is a figure, not an error: autocannon's 10 s timeout would drop it from the percentiles.
  const instance = autocannon({ url: `${base}${fixedPath ?? ""}`, connections, duration, requests, timeout: 120, headers: { "user-agent": "bench-listings" } });
  instance.on("response", (client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const item = client.requestIterator?.context?.item;
    if (item) {
      const entry = byPath.get(item.path) ?? { shape: item.shape, latencies: [], status };
      entry.latencies.push(responseTime);
      entry.status = status;
      byPath.set(item.path, entry);
    }
  });
  const result = await instance;
  if (result.timeouts > 0) statuses.set("timeout", result.timeouts);
  if (result.errors - result.timeouts > 0) statuses.set("error", result.errors - result.timeouts);
  return { rps: result.requests.average, ...summarise(latencies), statuses, byPath };
}

/** Listing views at `perSecond`, each from a new client address (X-Forwarded-For, TRUST_PROXY=1): every one is counted, a write. */
function startViews(base, ids, perSecond) {
  const latencies = [];
  const statuses = new Map();
  let sent = 0;
  if (perSecond <= 0 || ids.length === 0) return { stop: async () => ({ latencies, statuses, sent }) };
  const pending = new Set();
  const timer = setInterval(() => {
    sent += 1;
    const id = ids[(sent * 7919) % ids.length];
    const ip = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
    const started = performance.now();
    const request = fetch(`${base}/listings/${id}`, { headers: { "x-forwarded-for": ip, "user-agent": "bench-views" } })
      .then(async (response) => {
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      })
      .catch(() => statuses.set("error", (statuses.get("error") ?? 0) + 1))
      .finally(() => pending.delete(request));
    pending.add(request);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { latencies, statuses, sent };
    },
  };
}

function ensureBuild() {
  if (fs.existsSync(path.join(buildDir, "server", "index.js"))) return;
  console.log(`Building into ${buildDir} …`);
  const built = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (built.status !== 0) throw new Error("build failed");
}

function activeListingIds(file, count) {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    const max = sqlite.prepare("select max(id) as id from equipment_listings").get().id;
    const step = Math.max(1, Math.floor(max / count));
    return sqlite.prepare("select id from equipment_listings where status = 'active' and id % ? = 0 limit ?").pluck().all(step, count);
  } finally {
    sqlite.close();
  }
}

function startServer(database, port, extraEnv = {}) {
  return startProcess(["server.mjs"], {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: database.url,
    SEED_DEMO: "0",
    UPLOADS_DIR: uploadsDir,
    BUILD_DIR: buildDir,
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    PUBLIC_URL: `http://localhost:${port}`,
    TRUST_PROXY: "1",
    COOKIE_SECURE: "0",
    ...extraEnv,
  });
}

const statusText = (statuses) =>
  [...statuses]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
const row = (name, r, bare) => {
  const ratio = bare ? r.rps / bare.rps : NaN;
  return `${name.padEnd(44)} ${fmt(r.rps).padStart(8)} ${fmt(r.p50).padStart(7)} ${fmt(r.p95).padStart(7)} ${fmt(r.p99).padStart(7)} ${(Number.isFinite(ratio) ? `1/${fmt(1 / ratio, 0)}` : "–").padStart(8)}  ${statusText(r.statuses)}`;
};

/** The mix on one server process (started here, stopped after): views arrive meanwhile. */
async function runMix(database, mix, warmUp, ids, extraEnv) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(database, port, extraEnv);
  try {
    const startedAt = performance.now();
    await waitForOk(`${base}/healthz`, server.child, server.output);
    const readyMs = performance.now() - startedAt;
    // Warm-up (compiled code paths, the database's pages) on addresses of another mix, 4 at a time.
    let warmed = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (warmed < warmUp.length) await (await fetch(`${base}${warmUp[warmed++]}`)).arrayBuffer();
      }),
    );
    const views = startViews(base, ids, viewsPerSecond);
    const cpuBefore = await serverCpu(server.child.pid);
    const result = await load(base, { sequence: mix.sequence });
    const cpuAfter = await serverCpu(server.child.pid);
    result.views = await views.stop();
    result.cpuMsPerRequest = cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / (result.count + result.views.sent) : NaN;
    result.readyMs = readyMs;
    const failures = [...result.statuses.keys(), ...result.views.statuses.keys()].filter((status) => !(Number(status) < 500));
    if (failures.length > 0) {
      const errors = server.output
        .join("")
        .split("\n")
        .filter((text) => /error|busy|locked/i.test(text));
      console.log(
        `  server errors (${failures.join(", ")}), last lines:\n${errors
          .slice(-4)
          .map((text) => `    ${text.slice(0, 300)}`)
          .join("\n")}`,
      );
    }
    return result;
  } finally {
    await stopProcess(server.child);
  }
}

/**
 * Every distinct address of the mix once, in the mix's order, on one connection, caches off (RENDER_MEMO=0
 * SEARCH_RESULT_CACHE=0): each answer is the full cost of that address. The same warm-up as the mix first.
 */
async function runSingle(database, mix, warmUp) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(database, port, { RENDER_MEMO: "0", SEARCH_RESULT_CACHE: "0" });
  try {
    await waitForOk(`${base}/healthz`, server.child, server.output);
    for (const warm of warmUp) await (await fetch(`${base}${warm}`)).arrayBuffer();
    const seen = new Set();
    const answers = [];
    for (const item of mix.sequence) {
      if (seen.has(item.path)) continue;
      seen.add(item.path);
      const started = performance.now();
      const response = await fetch(`${base}${item.path}`, { headers: { "user-agent": "bench-listings" } });
      await response.arrayBuffer();
      answers.push({ ...item, status: response.status, ms: performance.now() - started });
    }
    return answers;
  } finally {
    await stopProcess(server.child);
  }
}

function printSingle(answers, target, count = 10) {
  const s = summarise(answers.map((a) => a.ms));
  const statuses = new Map();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  console.log(
    `  one connection, caches off, each of ${answers.length} distinct addresses once: p50 ${fmt(s.p50)} ms, p95 ${fmt(s.p95)} ms, ` +
      `p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms, ${answers.filter((a) => a.ms > target).length} over ${target} ms; ${statusText(statuses)}`,
  );
  console.log(`  slowest ${count} (one connection):`);
  for (const a of [...answers].sort((x, y) => y.ms - x.ms).slice(0, count)) {
    console.log(`    ${fmt(a.ms).padStart(7)} ms  ${String(a.status).padEnd(3)} ${a.shape.padEnd(24)} ${a.path}`);
  }
  return s.max;
}

/**
 * The server's CPU time so far (user + system, ms), from /proc: its process and every process under it (the workers,
 * with WEB_CONCURRENCY); undefined where there is no /proc.
 */
async function serverCpu(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
    let total = own;
    for (const child of children) total += (await serverCpu(Number(child))) ?? 0;
    return total;
  } catch {
    return undefined;
  }
}

function printMixDetails(label, r) {
  const views = summarise(r.views.latencies);
  console.log(
    `  ${label}: ${r.count} requests, ${r.byPath.size} distinct addresses; ${r.views.sent} listing views meanwhile (${fmt(r.views.sent / duration)}/s, ` +
      `p50 ${fmt(views.p50)} ms, p95 ${fmt(views.p95)} ms, ${statusText(r.views.statuses)}); server CPU ${fmt(r.cpuMsPerRequest, 2)} ms per request`,
  );
}

function printShapes(r) {
  const shapes = new Map();
  for (const entry of r.byPath.values()) shapes.set(entry.shape, [...(shapes.get(entry.shape) ?? []), ...entry.latencies]);
  console.log(`  per shape (${connections} connections):  ${"n".padStart(5)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"max".padStart(7)}`);
  for (const [shape, latencies] of [...shapes].sort((a, b) => a[0].localeCompare(b[0]))) {
    const s = summarise(latencies);
    console.log(`    ${shape.padEnd(32)} ${String(s.count).padStart(5)} ${fmt(s.p50).padStart(7)} ${fmt(s.p95).padStart(7)} ${fmt(s.max).padStart(7)}`);
  }
}

function printSlowest(r, count = 10) {
  const slowest = [...r.byPath].map(([p, entry]) => ({ path: p, ...entry, max: Math.max(...entry.latencies) })).sort((a, b) => b.max - a.max);
  console.log(`  slowest ${count} addresses (their slowest answer, under ${connections} connections):`);
  for (const entry of slowest.slice(0, count)) {
    console.log(`    ${fmt(entry.max, 0).padStart(6)} ms  ${String(entry.status).padEnd(3)} ${entry.shape.padEnd(24)} ${entry.path}`);
  }
}

async function benchSize(size) {
  const database = await benchDatabase(size, options.database);
  const sqlite = new SQLite(database.sqliteFile, { readonly: true });
  const vocabulary = readVocabulary(sqlite);
  const mix = listingQueryMix(vocabulary, { distinct: Number(options.distinct) });
  const measured = new Set(mix.sequence.map((item) => item.path));
  const warmUp = listingQueryMix(vocabulary, { distinct: 150, seed: 99 })
    .sequence.map((item) => item.path)
    .filter((p) => !measured.has(p));
  sqlite.close();
  const ids = activeListingIds(database.sqliteFile, 5000);
  console.log(
    `\n== ${size.toLocaleString("en-US")} listings on ${database.engine} (${database.label}), ${connections} connections × ${duration} s, ` +
      `mix of ${mix.distinct} distinct addresses (${mix.sequence.length} in its sequence), ${viewsPerSecond} views/s, load average ${loadAverage()}`,
  );

  const results = [];
  const single = options["no-single"] ? undefined : await runSingle(database, mix, warmUp);
  const barePort = await freePort();
  const bare = startProcess(["-e", BARE_SERVER], { PORT: String(barePort) });
  let bareResult;
  try {
    await waitForOk(`http://127.0.0.1:${barePort}/`, bare.child, bare.output);
    bareResult = await load(`http://127.0.0.1:${barePort}`, { path: "/" });
    results.push(["bare node:http", bareResult]);
  } finally {
    await stopProcess(bare.child);
  }

  const mixed = await runMix(database, mix, warmUp, ids, {});
  results.push(["/listings mix (memo + result cache on)", mixed]);
  let uncached;
  if (!options["no-uncached"]) {
    uncached = await runMix(database, mix, warmUp, ids, { RENDER_MEMO: "0", SEARCH_RESULT_CACHE: "0" });
    results.push(["/listings mix, RENDER_MEMO=0 SEARCH_RESULT_CACHE=0", uncached]);
  }
  if (!options["no-fixed"]) {
    const port = await freePort();
    const server = startServer(database, port);
    try {
      await waitForOk(`http://127.0.0.1:${port}/healthz`, server.child, server.output);
      for (let i = 0; i < 10; i += 1) await (await fetch(`http://127.0.0.1:${port}${FIXED_PATH}`)).arrayBuffer();
      results.push([`cache-hit figure: one fixed URL, no views`, await load(`http://127.0.0.1:${port}`, { path: FIXED_PATH })]);
    } finally {
      await stopProcess(server.child);
    }
  }

  console.log(
    `${"".padEnd(44)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"vs bare".padStart(8)}  statuses`,
  );
  for (const [name, r] of results) console.log(row(name, r, bareResult));
  if (options["no-fixed"] === false)
    console.log(`  (cache-hit figure: ${FIXED_PATH} over and over; the render memo and the result cache answer it, no SQL runs)`);
  printMixDetails("mix, caches on", mixed);
  if (uncached) printMixDetails("mix, caches off", uncached);
  printShapes(mixed);
  printSlowest(mixed);
  if (uncached) {
    console.log(
      `  what the caches contribute on this mix: p95 ${fmt(uncached.p95)} → ${fmt(mixed.p95)} ms, req/s ${fmt(uncached.rps)} → ${fmt(mixed.rps)} ` +
        `(${fmt(mixed.rps / uncached.rps, 2)}×)`,
    );
  }
  const target = TARGETS(size);
  const share = mixed.rps / bareResult.rps;
  console.log(`target: /listings mix p95 ${fmt(mixed.p95)} ms ≤ ${target.p95} ms: ${mixed.p95 <= target.p95 ? "PASS" : "FAIL"}`);
  console.log(
    `target: /listings mix throughput 1/${fmt(1 / share, 0)} of bare node:http ≥ 1/${fmt(1 / target.share, 0)}: ${share >= target.share ? "PASS" : "FAIL"}`,
  );
  if (single) {
    const slowest = printSingle(single, target.slowest);
    console.log(
      `target: slowest address of the mix, one connection, ${fmt(slowest)} ms ≤ ${target.slowest} ms: ${slowest <= target.slowest ? "PASS" : "FAIL"}`,
    );
  }
  console.log(`load average after: ${loadAverage()}`);
}

ensureBuild();
for (const size of sizes) await benchSize(size);
