// The listings benchmark: for each database size, the production server on a seed:bench database under
// autocannon (20 connections, 20 s) against the search page and a listing page, and in the same run a bare
// node:http server answering "ok" as the yardstick. Prints req/s, p50/p95/p99 and the budgets' verdicts.
//
// Usage: npm run bench:listings [-- 100000 1000000] [--duration 20] [--connections 20]
//   Databases are data/bench-N.sqlite (made with `npm run seed:bench -- --listings N` when missing), pictures
//   data/bench-uploads. The server runs from BUILD_DIR (default build/), built first when missing.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "20" },
  },
});
const sizes = (positionals.length > 0 ? positionals : ["100000", "1000000"]).map((s) => Number(s.replace(/_/g, "")));
const duration = Number(options.duration);
const connections = Number(options.connections);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const uploadsDir = path.resolve("data/bench-uploads");
const SEARCH_PATH = "/listings?search=oscilloscope&condition=used_good&sort=price:asc&page=3";
/** Search page p95 budget per database size (issue 3). */
const SEARCH_P95_BUDGET_MS = (size) => (size <= 100_000 ? 50 : 150);
const THROUGHPUT_SHARE_BUDGET = 1 / 20;


const BARE_SERVER = `
const http = require("node:http");
http.createServer((req, res) => { res.writeHead(200, { "Content-Type": "text/plain" }); res.end("ok"); })
  .listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
`;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** autocannon against one URL; latencies are kept per response so p95 is exact. */
async function load(url) {
  const latencies = [];
  const instance = autocannon({ url, connections, duration });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function ensureBuild() {
  if (fs.existsSync(path.join(buildDir, "server", "index.js"))) return;
  console.log(`Building into ${buildDir} …`);
  const built = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (built.status !== 0) throw new Error("build failed");
}

function ensureDatabase(size) {
  const file = path.resolve(`data/bench-${size}.sqlite`);
  if (!fs.existsSync(file) || !fs.existsSync(path.join(uploadsDir, "listings", "0"))) {
    console.log(`Seeding ${file} …`);
    const seeded = spawnSync("npm", ["run", "seed:bench", "--", "--listings", String(size), "--force"], { stdio: "inherit" });
    if (seeded.status !== 0) throw new Error("seed:bench failed");
  }
  return file;
}

/** An active listing from the middle of the database, with pictures. */
function activeListing(file) {
  const db = new SQLite(file, { readonly: true });
  try {
    const max = db.prepare("select max(id) as id from equipment_listings").get().id;
    return db
      .prepare(
        `select l.id, l.model from equipment_listings l where l.id >= ? and l.status = 'active'
         and exists (select 1 from equipment_images i where i.listing_id = l.id) order by l.id limit 1`,
      )
      .get(Math.floor(max / 2));
  } finally {
    db.close();
  }
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

async function benchSize(size) {
  const file = ensureDatabase(size);
  const { id, model } = activeListing(file);
  const [appPort, barePort] = await Promise.all([freePort(), freePort()]);
  const app = startProcess(["server.mjs"], {
    NODE_ENV: "production",
    PORT: String(appPort),
    DATABASE_URL: file,
    SEED_DEMO: "0",
    UPLOADS_DIR: uploadsDir,
    BUILD_DIR: buildDir,
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    PUBLIC_URL: `http://localhost:${appPort}`,
  });
  const bare = startProcess(["-e", BARE_SERVER], { PORT: String(barePort) });
  const base = `http://localhost:${appPort}`;
  try {
    await Promise.all([waitForOk(`${base}/healthz`, app.child, app.output), waitForOk(`http://127.0.0.1:${barePort}/`, bare.child, bare.output)]);
    const targets = [
      { name: "bare node:http", url: `http://127.0.0.1:${barePort}/`, shows: "ok" },
      { name: "search page", url: `${base}${SEARCH_PATH}`, shows: "Oscilloscope" },
      { name: `listing page /listings/${id}`, url: `${base}/listings/${id}`, shows: model },
    ];
    // Warm up: compile paths, fill caches; and check every page answers 200 with what it should show.
    for (const target of targets) {
      for (let i = 0; i < 10; i += 1) {
        const response = await fetch(target.url);
        const body = await response.text();
        if (!response.ok || !body.includes(target.shows)) {
          target.problem = response.ok ? `does not show "${target.shows}"` : `answers ${response.status}`;
          break;
        }
      }
    }
    console.log(`\n== ${size.toLocaleString("en-US")} listings (${path.relative(process.cwd(), file)}), ${connections} connections × ${duration} s, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    const results = new Map();
    for (const target of targets) {
      if (target.problem) {
        console.log(`${target.name.padEnd(32)} skipped: ${target.url} ${target.problem}`);
        continue;
      }
      results.set(target.name, await load(target.url));
    }
    const bareResult = results.get("bare node:http");
    console.log(`${"".padEnd(32)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"vs bare".padStart(9)} ${"non-2xx".padStart(8)}`);
    for (const [name, r] of results) {
      const ratio = bareResult ? r.rps / bareResult.rps : NaN;
      console.log(
        `${name.padEnd(32)} ${fmt(r.rps).padStart(9)} ${fmt(r.p50).padStart(8)} ${fmt(r.p95).padStart(8)} ${fmt(r.p99).padStart(8)} ${(Number.isFinite(ratio) ? `1/${fmt(1 / ratio)}` : "–").padStart(9)} ${String(r.non2xx + r.errors).padStart(8)}`,
      );
    }
    const search = results.get("search page");
    if (search && bareResult) {
      const budget = SEARCH_P95_BUDGET_MS(size);
      const share = search.rps / bareResult.rps;
      console.log(`budget: search page p95 ${fmt(search.p95)} ms ≤ ${budget} ms: ${search.p95 <= budget ? "PASS" : "FAIL"}`);
      console.log(`budget: search page throughput ${fmt(search.rps)} req/s ≥ 1/20 of bare (${fmt(bareResult.rps * THROUGHPUT_SHARE_BUDGET)} req/s): ${share >= THROUGHPUT_SHARE_BUDGET ? "PASS" : "FAIL"}`);
    }
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  } finally {
    await Promise.all([stopProcess(app.child), stopProcess(bare.child)]);
  }
}

ensureBuild();
for (const size of sizes) await benchSize(size);
