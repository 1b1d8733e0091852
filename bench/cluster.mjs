// The scale-out benchmark (not run in CI): on this machine, a throwaway PostgreSQL 15 cluster with N
// listings (default 1M), two production app servers on it and Debian's nginx in front with the shipped config
// (deploy/nginx/tradebench.conf), against the SQLite single server on the same listings in the same run.
//
//   1. /listings under a varied workload: thousands of distinct search/filter/sort/page URLs, 20 connections, while a
//      writer adds a listing every 50 ms (each write moves the database version, so the search memo and render memo
//      start over). p50/p95/req/s through nginx on PostgreSQL, the same for the SQLite server, and the ratio. Then
//      the same with caches defeated: every request a URL never asked before (no memo can answer).
//   2. The time for a live event to cross servers: a bid posted to server A, its auction event read on an /events
//      stream held open on server B (PostgreSQL LISTEN/NOTIFY), p50/p95.
//   3. 50 bidders through nginx on one lot, server A killed (SIGKILL) halfway: accepted bids/s, every acknowledged
//      bid found in the bids table, the ledger's invariants (tests/support/bidding-model.ts through bench/bidding-engine.ts).
//
// Usage: npm run build && npm run bench:cluster [-- --listings 1000000 --duration 20 --connections 20 --bidders 50]
// Needs nginx (`apt-get install nginx`) and PostgreSQL (scripts/postgres-cluster.mjs finds or installs it). The
// SQLite bench database data/bench-N.sqlite is made by seed:bench when missing and copied into PostgreSQL by
// db:copy-to-postgres. The throwaway cluster runs with fsync off (as the test cluster does): durability is not measured.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createCookie } from "@remix-run/node";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import pg from "pg";
import { findNginx, startNginx } from "../deploy/nginx/local-nginx.mjs";
import { startThrowawayCluster } from "../scripts/postgres-cluster.mjs";
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";
import { varyingListingsPaths } from "./cluster-workload.mjs";

const { values: options } = parseArgs({
  options: {
    listings: { type: "string", default: "1000000" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "20" },
    bidders: { type: "string", default: "50" },
    "write-every-ms": { type: "string", default: "50" },
    "event-samples": { type: "string", default: "200" },
  },
});
const total = Number(options.listings.replace(/_/g, ""));
const duration = Number(options.duration);
const connections = Number(options.connections);
const bidderCount = Number(options.bidders);
const writeEveryMs = Number(options["write-every-ms"]);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const uploadsDir = path.resolve("data/bench-uploads");
const sqliteFile = path.resolve(`data/bench-${total}.sqlite`);
const secret = crypto.randomBytes(32).toString("hex");
const START_CENTS = 100_000;
const INCREMENT_CENTS = 1000;

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
const lines = [];
function report(line = "") {
  console.log(line);
  lines.push(line);
}

function run(command, args, env = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status ?? result.signal})`);
  return (performance.now() - started) / 1000;
}

// ── Setup ──────────────────────────────────────────────────────────────────────────────────────────────────────

const nginx = findNginx();
if (!nginx) {
  console.error("bench:cluster needs Debian's nginx: apt-get install nginx");
  process.exit(1);
}
if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) run("npx", ["remix", "vite:build"], { BUILD_DIR: buildDir });
if (!fs.existsSync(sqliteFile) || !fs.existsSync(path.join(uploadsDir, "listings", "0"))) {
  const seconds = run("npm", ["run", "seed:bench", "--", "--listings", String(total), "--force"]);
  report(`seed:bench ${total.toLocaleString("en-US")} listings into SQLite: ${fmt(seconds)} s`);
}

const cluster = await startThrowawayCluster({ log: (line) => console.log(`[postgres] ${line}`) });
const admin = new pg.Client({ connectionString: cluster.url });
await admin.connect();
await admin.query("create database tradebench");
await admin.end();
const pgUrl = cluster.url.replace(/\/postgres$/, "/tradebench");
const copySeconds = run("npm", ["run", "seed:bench", "--", "--listings", String(total), "--database", pgUrl]);
report(`PostgreSQL ${cluster.version}: ${total.toLocaleString("en-US")} listings moved in by seed:bench (db:copy-to-postgres) in ${fmt(copySeconds)} s`);

const [portA, portB, portSqlite, nginxPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
const nginxBase = `http://127.0.0.1:${nginxPort}`;
const serverEnv = (port, databaseUrl, publicUrl) => ({
  NODE_ENV: "production",
  PORT: String(port),
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: "10",
  SEED_DEMO: "0",
  UPLOADS_DIR: uploadsDir,
  BUILD_DIR: buildDir,
  SESSION_SECRET: secret,
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: "1",
  COOKIE_SECURE: "0",
});
let serverA = startProcess(["server.mjs"], serverEnv(portA, pgUrl, nginxBase));
const serverB = startProcess(["server.mjs"], serverEnv(portB, pgUrl, nginxBase));
const sqliteServer = startProcess(["server.mjs"], serverEnv(portSqlite, sqliteFile, `http://127.0.0.1:${portSqlite}`));
const proxy = startNginx(nginx, {
  dir: fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-nginx-")),
  upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
  port: nginxPort,
  workers: 1,
});
const stopAll = async () => {
  await Promise.all([stopProcess(serverA.child), stopProcess(serverB.child), stopProcess(sqliteServer.child)]);
  await proxy.stop();
  await cluster.stop();
};

try {
  await Promise.all([
    waitForOk(`http://127.0.0.1:${portA}/healthz`, serverA.child, serverA.output),
    waitForOk(`http://127.0.0.1:${portB}/healthz`, serverB.child, serverB.output),
    waitForOk(`http://127.0.0.1:${portSqlite}/healthz`, sqliteServer.child, sqliteServer.output),
  ]);
  await waitForOk(`${nginxBase}/healthz`, proxy.child, proxy.output);

  // ── 1. /listings ─────────────────────────────────────────────────────────────────────────────────────────────
  const sqlite = new SQLite(sqliteFile, { readonly: true });
  const paths = varyingListingsPaths(sqlite, 5000);
  sqlite.close();
  report(`\n== /listings, ${paths.length} distinct URLs, ${connections} connections × ${duration} s, a new listing every ${writeEveryMs} ms`);
  report(`${"".padEnd(44)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)}`);
  const results = {};
  for (const variant of ["varied", "never repeated"]) {
    for (const target of [
      { name: "PostgreSQL, 2 servers behind nginx", base: nginxBase, engine: "postgres" },
      { name: "SQLite, 1 server", base: `http://127.0.0.1:${portSqlite}`, engine: "sqlite" },
    ]) {
      // Warm-up on other URLs, so both targets start with compiled code and warm page caches.
      for (const warm of paths.slice(-40)) await fetch(`${target.base}${warm}`).then((r) => r.text());
      const writer = startWriter(target.engine);
      const result = await loadListings(target.base, paths, variant === "never repeated");
      const writes = await writer.stop();
      results[`${target.engine} ${variant}`] = result;
      report(
        `${`${target.name} (${variant})`.padEnd(44)} ${fmt(result.rps).padStart(8)} ${fmt(result.p50).padStart(8)} ${fmt(result.p95).padStart(8)} ${fmt(result.p99).padStart(8)} ${String(result.non2xx).padStart(8)}   ${writes} writes`,
      );
    }
  }
  for (const variant of ["varied", "never repeated"]) {
    const p = results[`postgres ${variant}`];
    const s = results[`sqlite ${variant}`];
    report(`ratio PostgreSQL+nginx / SQLite (${variant}): p95 ${fmt(p.p95 / s.p95, 2)}×, req/s ${fmt(p.rps / s.rps, 2)}×`);
  }
  report(`load average: ${loadAverage()}`);

  // ── 2. An event crossing servers ─────────────────────────────────────────────────────────────────────────────
  // A lot of its own, so the bidders' ledger below holds only their bids.
  const crossing = await measureCrossing(await prepareLot(2), Number(options["event-samples"]));
  report(`\n== a bid on server A reaching an /events stream on server B (${crossing.samples} bids, one at a time)`);
  report(`after A acknowledged the bid: p50 ${fmt(crossing.afterAck.p50)} ms, p95 ${fmt(crossing.afterAck.p95)} ms, max ${fmt(crossing.afterAck.max)} ms`);
  report(`after the bid was sent:       p50 ${fmt(crossing.afterSend.p50)} ms, p95 ${fmt(crossing.afterSend.p95)} ms; events missing: ${crossing.missing}`);

  // ── 3. 50 bidders through nginx, server A killed halfway ─────────────────────────────────────────────────────
  const lot = await prepareLot(bidderCount);
  const bidding = await runBidders(lot, duration * 1000);
  report(`\n== ${bidderCount} bidders through nginx on one lot, ${duration} s, server A killed (SIGKILL) after ${fmt(duration / 2, 0)} s`);
  report(
    `accepted ${bidding.accepted.length} bids (${fmt(bidding.accepted.length / bidding.seconds)} /s), refused ${bidding.refused}, failed requests ${bidding.failed} (${[...bidding.failures].map(([k, n]) => `${k} ×${n}`).join(", ") || "none"})`,
  );
  report(
    `accepted before the kill ${fmt(bidding.beforeKillRate)} /s, after ${fmt(bidding.afterKillRate)} /s; bid latency p50 ${fmt(bidding.p50)} ms, p95 ${fmt(bidding.p95)} ms`,
  );
  const lost = await lostBids(lot, bidding.accepted);
  report(`acknowledged bids missing from the bids table: ${lost}`);
  const check = spawnSync(
    process.execPath,
    ["--import", "tsx", "bench/bidding-engine.ts", "check", "--db", pgUrl, "--accepted", writeAccepted(bidding.accepted), "--auction", String(lot.auctionId)],
    { encoding: "utf8" },
  );
  const verdict = JSON.parse(check.stdout.trim().split("\n").pop() ?? "{}");
  report(
    `ledger: ${verdict.rows} bid rows, price ${fmt((verdict.priceCents ?? NaN) / 100, 2)}; invariants: ${verdict.problems?.length === 0 ? "hold" : JSON.stringify(verdict.problems?.slice(0, 5) ?? check.stderr)}`,
  );
  report(`load average: ${loadAverage()}`);
  console.log(`\n${"─".repeat(60)}\n${lines.join("\n")}`);
} finally {
  await stopAll();
}

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────────────────────

/** autocannon over the URL list (each connection takes the next URL); `unique` adds a never-repeated parameter. */
async function loadListings(base, urlPaths, unique) {
  let next = 0;
  const latencies = [];
  const instance = autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = urlPaths[next++ % urlPaths.length];
          request.path = unique ? `${chosen}${chosen.includes("?") ? "&" : "?"}r=${next}` : chosen;
          return request;
        },
      },
    ],
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** A listing written every `writeEveryMs` while a load runs, straight into the database as a seller's new listing. */
function startWriter(engine) {
  let writes = 0;
  let stopped = false;
  const title = () => `Bench write ${crypto.randomUUID().slice(0, 8)} oscilloscope`;
  const columns = `user_id, title, description, brand, model, category_id, condition, listing_type, price_cents, currency, location, status, created_at, updated_at`;
  const done = (async () => {
    if (engine === "postgres") {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      const template = (await client.query(`select ${columns} from equipment_listings where status = 'active' order by id desc limit 1`)).rows[0];
      while (!stopped) {
        const now = new Date().toISOString();
        const values = { ...template, title: title(), created_at: now, updated_at: now };
        const names = Object.keys(values);
        await client.query(
          `insert into equipment_listings (${names.join(", ")}) values (${names.map((_, i) => `$${i + 1}`).join(", ")})`,
          Object.values(values),
        );
        writes += 1;
        await new Promise((resolve) => setTimeout(resolve, writeEveryMs));
      }
      await client.end();
    } else {
      const db = new SQLite(sqliteFile);
      db.pragma("busy_timeout = 5000");
      const template = db.prepare(`select ${columns} from equipment_listings where status = 'active' order by id desc limit 1`).get();
      const names = Object.keys(template);
      const insert = db.prepare(`insert into equipment_listings (${names.join(", ")}) values (${names.map((n) => `@${n}`).join(", ")})`);
      while (!stopped) {
        const now = new Date().toISOString();
        insert.run({ ...template, title: title(), created_at: now, updated_at: now });
        writes += 1;
        await new Promise((resolve) => setTimeout(resolve, writeEveryMs));
      }
      db.close();
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return writes;
    },
  };
}

/** A seller's auction lot and `count` bidders with sessions, written into PostgreSQL the way the app stores them. */
async function prepareLot(count) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const cookie = createCookie("__session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [secret] });
  const iso = (ms) => new Date(ms).toISOString();
  const now = Date.now();
  const addUser = async (role, first, last) => {
    const id = crypto.randomUUID();
    const email = `${role}-${id}@bench.test`;
    await client.query("insert into users (id, email, password_hash, email_confirmed_at) values ($1, $2, 'not-a-real-hash', $3)", [
      id,
      email,
      new Date().toISOString(),
    ]);
    await client.query("insert into profiles (id, email, role, first_name, last_name, is_verified) values ($1, $2, $3, $4, $5, 1)", [
      id,
      email,
      role,
      first,
      last,
    ]);
    return id;
  };
  // Without the app's type parser (db/postgres.ts), pg hands bigint ids over as text: the ledger check wants numbers.
  const sellerId = await addUser("seller", "Sam", "Seller");
  const category = (await client.query("select id from categories where level = 3 order by id limit 1")).rows[0].id;
  const listingId = Number(
    (
      await client.query(
        "insert into equipment_listings (user_id, title, category_id, condition, listing_type, price_cents, status) values ($1, $2, $3, 'used_good', 'auction', $4, 'active') returning id",
        [sellerId, "Keysight N9030B PXA signal analyzer (cluster bench lot)", category, START_CENTS],
      )
    ).rows[0].id,
  );
  const auctionId = Number(
    (
      await client.query(
        `insert into auctions (listing_id, start_date, end_date, starting_price_cents, current_price_cents, bid_increment_cents, status, auto_extend)
       values ($1, $2, $3, $4, $4, $5, 'active', 1) returning id`,
        [listingId, iso(now - 60_000), iso(now + 7 * 86_400_000), START_CENTS, INCREMENT_CENTS],
      )
    ).rows[0].id,
  );
  const bidders = [];
  for (let i = 0; i < count; i += 1) {
    const id = await addUser("buyer", `Bidder${i}`, `Bench${i}`);
    const sessionId = crypto.randomBytes(32).toString("base64url");
    await client.query("insert into sessions (id_hash, user_id, expires_at) values ($1, $2, $3)", [
      crypto.createHash("sha256").update(sessionId).digest("hex"),
      id,
      iso(now + 86_400_000),
    ]);
    bidders.push({ id, cookie: (await cookie.serialize(sessionId)).split(";")[0] });
  }
  await client.end();
  return { auctionId, bidders };
}

function money(cents) {
  return (cents / 100).toFixed(2);
}
function parseMoney(text) {
  return Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
}

async function postBid(base, auctionId, bidder, amountCents) {
  const response = await fetch(`${base}/api/auctions/${auctionId}/bids`, {
    method: "POST",
    headers: { Accept: "application/json", Origin: base, Cookie: bidder.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ amount: money(amountCents) }),
  });
  return { status: response.status, answer: await response.json().catch(() => null) };
}

/** An /events stream on `base` for the lot; calls `onAuction(snapshot)` for each auction event. */
function openStream(base, auctionId, onAuction) {
  const abort = new AbortController();
  const opened = (async () => {
    const response = await fetch(`${base}/events?auction=${auctionId}`, { signal: abort.signal });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.startsWith("event: auction")) continue;
            onAuction(JSON.parse(block.slice(block.indexOf("data: ") + 6)).snapshot);
          }
        }
      } catch {
        // closed at the end
      }
    })();
  })();
  return { opened, close: () => abort.abort() };
}

async function measureCrossing(lot, samples) {
  const baseA = `http://127.0.0.1:${portA}`;
  const baseB = `http://127.0.0.1:${portB}`;
  const seen = new Map();
  const waiting = new Map();
  const stream = openStream(baseB, lot.auctionId, (snapshot) => {
    seen.set(snapshot.version, performance.now());
    waiting.get(snapshot.version)?.();
  });
  await stream.opened;
  // Let the stream subscribe before the first bid.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const afterAck = [];
  const afterSend = [];
  let missing = 0;
  let price = START_CENTS - INCREMENT_CENTS;
  for (let i = 0; i < samples; i += 1) {
    const bidder = lot.bidders[i % 2];
    price += INCREMENT_CENTS;
    const sent = performance.now();
    const { status, answer } = await postBid(baseA, lot.auctionId, bidder, price);
    const acked = performance.now();
    if (status !== 200 || !answer?.ok) throw new Error(`bid on server A refused: ${status} ${JSON.stringify(answer)}`);
    price = answer.snapshot.currentPriceCents;
    const version = answer.snapshot.version;
    if (!seen.has(version)) {
      const arrived = await Promise.race([
        new Promise((resolve) => waiting.set(version, () => resolve(true))),
        new Promise((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      waiting.delete(version);
      if (!arrived) {
        missing += 1;
        continue;
      }
    }
    const at = seen.get(version);
    afterAck.push(Math.max(0, at - acked));
    afterSend.push(at - sent);
  }
  stream.close();
  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
  };
  return { samples, missing, afterAck: summary(afterAck), afterSend: summary(afterSend) };
}

/** Every bidder bids one increment over the price it last heard, one request at a time; server A dies halfway. */
async function runBidders(lot, durationMs) {
  const started = performance.now();
  const deadline = started + durationMs;
  const killAt = started + durationMs / 2;
  const accepted = [];
  const latencies = [];
  const failures = new Map();
  let refused = 0;
  let known = START_CENTS;
  let killed = false;
  const killTimer = setTimeout(() => {
    serverA.child.kill("SIGKILL");
    killed = true;
  }, durationMs / 2);
  const loop = async (bidder) => {
    while (performance.now() < deadline) {
      const amountCents = known + INCREMENT_CENTS * (1 + Math.floor(Math.random() * 2));
      const sent = performance.now();
      let outcome;
      try {
        outcome = await postBid(nginxBase, lot.auctionId, bidder, amountCents);
      } catch (error) {
        failures.set(String(error.cause?.code ?? error), (failures.get(String(error.cause?.code ?? error)) ?? 0) + 1);
        continue;
      }
      const { status, answer } = outcome;
      if (status === 200 && answer?.ok) {
        latencies.push(performance.now() - sent);
        const { snapshot } = answer;
        accepted.push({
          auctionId: lot.auctionId,
          bidderId: bidder.id,
          amountCents,
          maxCents: null,
          result: answer.result,
          bidCents: answer.bidCents,
          bidCount: snapshot.bidCount,
          at: performance.now(),
          afterKill: killed,
        });
        known = Math.max(known, snapshot.currentPriceCents);
      } else if (status >= 400 && status < 500 && answer?.ok === false) {
        refused += 1;
        const named = /current price of (\$[\d,.]+)/.exec(String(answer.error)) ?? /at least (\$[\d,.]+)/.exec(String(answer.error));
        if (named) known = Math.max(known, parseMoney(named[1]) - (named[0].startsWith("at least") ? INCREMENT_CENTS : 0));
      } else {
        const key = `HTTP ${status}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all(lot.bidders.map(loop));
  clearTimeout(killTimer);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const before = accepted.filter((bid) => !bid.afterKill).length;
  const killSeconds = (killAt - started) / 1000;
  // Server A comes back for anything that follows (the crossing test has already run).
  serverA = startProcess(["server.mjs"], serverEnv(portA, pgUrl, nginxBase));
  return {
    accepted,
    refused,
    failed: [...failures.values()].reduce((a, b) => a + b, 0),
    failures,
    seconds,
    beforeKillRate: before / killSeconds,
    afterKillRate: (accepted.length - before) / (seconds - killSeconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

/** Acknowledged bids with no row of that bidder at that amount on the lot. */
async function lostBids(lot, accepted) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const { rows } = await client.query("select user_id, amount_cents, max_amount_cents from bids where auction_id = $1", [lot.auctionId]);
  await client.end();
  const stored = new Set(rows.map((row) => `${row.user_id}:${row.amount_cents}`));
  return accepted.filter((bid) => bid.result !== "maximum_raised" && !stored.has(`${bid.bidderId}:${bid.bidCents}`)).length;
}

function writeAccepted(accepted) {
  const file = path.join(os.tmpdir(), `tradebench-cluster-accepted-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(accepted.map(({ at: _at, afterKill: _afterKill, ...bid }) => bid)));
  return file;
}
