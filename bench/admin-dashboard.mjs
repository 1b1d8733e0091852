// The admin dashboard's benchmark: GET /admin as an administrator on the 1M-listing bench database, through
// the production server. Its target: p95 ≤ 150 ms. Prints p50/p95/p99 for one connection (service time) and for
// a few concurrent ones, the server's CPU time per request (from /proc, steadier than wall time on a shared machine),
// and the machine's load average before and after. Two runs in the same invocation: as shipped (the System Status
// summary reuses checks younger than ADMIN_STATUS_REUSE_MS, 30 s, and the site's render memo reuses the HTML when the
// loaders' data is unchanged — the loaders themselves run on every request), and uncached (ADMIN_STATUS_REUSE_MS=0 and
// RENDER_MEMO=0: every view runs every check and renders the page). Figures, sales and charts are never cached: they
// read the maintained counts and the indexes.
//
// The bench database is never written: SQLite works on a copy (.scratch/admindash-bench-N.sqlite, made once, then
// reused; --fresh to copy again); PostgreSQL (--database postgres://…/postgres) on a copy made from the template
// tradebench_bench_N (admindash_bench_N, made once). On first use the copy gets an administrator with a session, 20,000
// orders over the last 24 months (on sold listings, most completed) and 5,000 AI generations, so the dashboard's sales
// figures have rows to read; the server's start migrates the copy (the dashboard's counts are filled then).
//
// Usage: BUILD_DIR=build-x node bench/admin-dashboard.mjs [--size 1000000] [--requests 300] [--connections 4]
//          [--database postgres://…/postgres] [--fresh] [--no-uncached]
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createCookie } from "@remix-run/node";
import SQLite from "better-sqlite3";
import pg from "pg";
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";

const { values: options } = parseArgs({
  options: {
    size: { type: "string", default: "1000000" },
    requests: { type: "string", default: "300" },
    connections: { type: "string", default: "4" },
    database: { type: "string" },
    fresh: { type: "boolean", default: false },
    "no-uncached": { type: "boolean", default: false },
  },
});
const size = Number(options.size);
const requests = Number(options.requests);
const connections = Number(options.connections);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const uploadsDir = path.resolve("data/bench-uploads");
const ORDERS = 20_000;
const GENERATIONS = 5_000;

function ensureBuild() {
  if (fs.existsSync(path.join(buildDir, "server", "index.js"))) return;
  console.log(`Building into ${buildDir} …`);
  const built = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (built.status !== 0) throw new Error("build failed");
}

/** A small SQL runner over either engine: run(sql, params) → rows. Placeholders are written `?`. */
async function openDatabase() {
  if (options.database) {
    const admin = new pg.Client({ connectionString: options.database });
    await admin.connect();
    const name = `admindash_bench_${size}`;
    const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount > 0;
    if (exists && options.fresh) await admin.query(`drop database ${name}`);
    if (!exists || options.fresh) {
      console.log(`Copying tradebench_bench_${size} to ${name} …`);
      await admin.query(`create database ${name} template tradebench_bench_${size}`);
    }
    await admin.end();
    const url = new URL(options.database);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return {
      label: `PostgreSQL ${name}`,
      url: url.toString(),
      run: async (sql, params = []) => {
        let n = 0;
        return (
          await client.query(
            sql.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows;
      },
      close: () => client.end(),
    };
  }
  const source = path.resolve(`data/bench-${size}.sqlite`);
  const file = path.resolve(`.scratch/admindash-bench-${size}.sqlite`);
  if (!fs.existsSync(source)) throw new Error(`${source} is missing: npm run seed:bench -- --listings ${size}`);
  if (!fs.existsSync(file) || options.fresh) {
    console.log(`Copying ${source} to ${file} …`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    fs.copyFileSync(source, file);
    if (fs.existsSync(`${source}-wal`)) fs.copyFileSync(`${source}-wal`, `${file}-wal`);
  }
  const sqlite = new SQLite(file);
  return {
    label: `SQLite ${path.relative(process.cwd(), file)}`,
    url: file,
    run: async (sql, params = []) => {
      const statement = sqlite.prepare(sql);
      return statement.reader ? statement.all(params) : (statement.run(params), []);
    },
    close: async () => sqlite.close(),
  };
}

/** An administrator with a session, and (once) orders and AI generations for the sales figures. */
async function prepareData(db, secret) {
  const iso = (ms) => new Date(ms).toISOString();
  const now = Date.now();
  const id = crypto.randomUUID();
  const email = `bench-admin-${id}@bench.test`;
  await db.run("insert into users (id, email, password_hash, email_confirmed_at) values (?, ?, 'not-a-real-hash', ?)", [id, email, iso(now)]);
  await db.run("insert into profiles (id, email, role, first_name, last_name, is_verified) values (?, ?, 'admin', 'Bench', 'Admin', 1)", [id, email]);
  const sessionId = crypto.randomBytes(32).toString("base64url");
  await db.run("insert into sessions (id_hash, user_id, expires_at) values (?, ?, ?)", [
    crypto.createHash("sha256").update(sessionId).digest("hex"),
    id,
    iso(now + 86_400_000),
  ]);

  const [{ n: orders }] = await db.run("select count(*) as n from orders");
  if (Number(orders) === 0) {
    console.log(`Adding ${ORDERS} orders and ${GENERATIONS} AI generations …`);
    const listings = await db.run("select id, user_id, price_cents from equipment_listings where status = 'sold' order by id limit ?", [ORDERS]);
    const buyers = (await db.run("select id from profiles where role = 'buyer' order by id")).map((row) => row.id);
    const statuses = ["completed", "completed", "completed", "released", "paid", "shipped", "delivered", "pending", "cancelled", "refunded"];
    await db.run("begin");
    for (let i = 0; i < listings.length; i += 1) {
      const listing = listings[i];
      const buyer = buyers[i % buyers.length] ?? id;
      const at = now - Math.floor((((i * 7919) % ORDERS) / ORDERS) * 730 * 86_400_000);
      await db.run(
        `insert into orders (reference, listing_id, buyer_id, seller_id, sale_type, amount_cents, fee_cents, fee_rate_bp, status, created_at)
         values (?, ?, ?, ?, 'buy_now', ?, ?, 250, ?, ?)`,
        [
          `TB-BENCH-${i}`,
          listing.id,
          buyer,
          listing.user_id,
          listing.price_cents,
          Math.round(listing.price_cents * 0.025),
          statuses[i % statuses.length],
          iso(at),
        ],
      );
    }
    for (let i = 0; i < GENERATIONS; i += 1) {
      await db.run("insert into ai_generations (brand, model, outcome, created_at) values ('Keysight', 'N9020A', ?, ?)", [
        i % 4 === 0 ? "fallback" : "ai",
        iso(now - i * 3_600_000),
      ]);
    }
    await db.run("commit");
  }
  const cookie = createCookie("__session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [secret] });
  return (await cookie.serialize(sessionId)).split(";")[0];
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

async function measure(base, cookie, pid, count, parallel) {
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const cpuBefore = cpuMs(pid);
  const worker = async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const response = await fetch(`${base}/admin`, { headers: { Cookie: cookie } });
      const body = await response.text();
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status !== 200 || !body.includes("Total Listings")) throw new Error(`unexpected answer ${response.status}: ${body.slice(0, 300)}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: count / seconds,
    cpuPerRequest: (cpuMs(pid) - cpuBefore) / count,
    statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(" "),
  };
}

async function run(db, reuseMs) {
  const secret = crypto.randomBytes(32).toString("hex");
  const cookie = await prepareData(db, secret);
  const port = await freePort();
  const { child, output } = startProcess(["server.mjs"], {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: db.url,
    SEED_DEMO: "0",
    UPLOADS_DIR: uploadsDir,
    BUILD_DIR: buildDir,
    SESSION_SECRET: secret,
    PUBLIC_URL: `http://localhost:${port}`,
    COOKIE_SECURE: "0",
    ADMIN_STATUS_REUSE_MS: String(reuseMs),
    // Uncached: the render memo off too (it reuses a render only when the loader data is equal, which fresh checks'
    // latencies never are, so this only makes the pass say so).
    ...(reuseMs === 0 ? { RENDER_MEMO: "0" } : {}),
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/healthz`, child, output, 600_000);
    await measure(base, cookie, child.pid, 20, 1); // warm-up
    const loadBefore = load();
    const single = await measure(base, cookie, child.pid, requests, 1);
    const concurrent = await measure(base, cookie, child.pid, requests, connections);
    return { single, concurrent, loadBefore, loadAfter: load() };
  } finally {
    await stopProcess(child);
  }
}

const fmt = (r) =>
  `p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.rps.toFixed(1)} req/s  server CPU ${r.cpuPerRequest.toFixed(1)} ms/request  [${r.statuses}]`;

ensureBuild();
const db = await openDatabase();
console.log(`Admin dashboard on ${db.label}; ${requests} requests each pass; ${os.cpus().length} CPUs`);
const runs = [["as shipped (status summary reused ≤ 30 s; render memo on)", 30_000]];
if (!options["no-uncached"]) runs.push(["uncached (every check and a full render on every view)", 0]);
try {
  for (const [name, reuseMs] of runs) {
    const result = await run(db, reuseMs);
    console.log(`\n${name}; load average before ${result.loadBefore}, after ${result.loadAfter}`);
    console.log(`  1 connection:   ${fmt(result.single)}`);
    console.log(`  ${connections} connections:  ${fmt(result.concurrent)}`);
    console.log(`  target p95 ≤ 150 ms (1 connection): ${result.single.p95 <= 150 ? "met" : "NOT met"}`);
  }
} finally {
  await db.close();
}
