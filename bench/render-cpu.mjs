// Server CPU per request: the built server (server.mjs) on a seed:bench SQLite database, asked for pages one
// connection at a time and then with 20 connections, for one fixed address and for a varied set (distinct /listings
// addresses of the shared mix, distinct listing ids). CPU per request is the server process's user + system time
// (/proc/<pid>/stat) over the run divided by the requests answered, so it does not depend on how loaded the machine
// is the way latency does. Prints ms of CPU per request and req/s for each page; a report, never a test.
// Usage: BUILD_DIR=build node bench/render-cpu.mjs [--database data/bench-100000.sqlite] [--requests 300] [--only <name part>] [--paths /a,/b (more fixed pages)]
// Env: RENDER_MEMO / SEARCH_RESULT_CACHE are passed on to the server (0 turns the memo / the result cache off);
//      PROFILE=dir writes a --cpu-prof profile of the server into dir; SERVER_OUTPUT=1 shows what the server prints.
// The database is copied first (listing views are writes).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { listingQueryMix, readVocabulary, shuffled } from "./listing-mix.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const source = path.resolve(root, argument("database", "data/bench-100000.sqlite"));
const requestsPerRun = Number(argument("requests", 300));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const ticksPerSecond = 100; // USER_HZ on Linux

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-render-cpu-"));
const database = path.join(workDir, "bench.sqlite");
fs.copyFileSync(source, database);
for (const suffix of ["-wal", "-shm"]) if (fs.existsSync(source + suffix)) fs.copyFileSync(source + suffix, database + suffix);

function cpuMilliseconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

function startServer() {
  return new Promise((resolve, reject) => {
    const args = process.env.PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROFILE}`, "server.mjs"] : ["server.mjs"];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "0",
        DATABASE_URL: database,
        SEED_DEMO: "0",
        UPLOADS_DIR: path.join(workDir, "uploads"),
        BUILD_DIR: buildDir,
        SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
        COOKIE_SECURE: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const onData = (chunk) => {
      output += chunk;
      const match = output.match(/ready on http:\/\/localhost:(\d+)/);
      if (match) resolve({ child, port: Number(match[1]) });
    };
    child.stdout.on("data", onData);
    if (process.env.SERVER_OUTPUT) child.stdout.pipe(process.stderr);
    child.stderr.on("data", (chunk) => {
      onData(chunk);
      if (output.length > 20_000) output = output.slice(-10_000);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function get(port, address) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: address, agent }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode, bytes }));
    });
    request.on("error", reject);
  });
}

/** Asks for `addresses` in turn over `connections` connections; returns CPU ms per request and req/s. */
async function run(server, addresses, connections) {
  let next = 0;
  const statuses = new Map();
  let bytes = 0;
  const cpuBefore = cpuMilliseconds(server.child.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < addresses.length) {
        const address = addresses[next++];
        const answer = await get(server.port, address);
        bytes += answer.bytes;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMilliseconds(server.child.pid) - cpuBefore;
  return { cpuPerRequest: cpu / addresses.length, rps: addresses.length / seconds, bytes: bytes / addresses.length, statuses };
}

const sqlite = new Database(database, { readonly: true });
const mix = listingQueryMix(readVocabulary(sqlite), { distinct: 2_500 });
// Twice as many distinct addresses as requests per run: one half for one connection, the other for 20.
const distinctListings = [...new Set(shuffled(mix.sequence.map((entry) => entry.path)))].slice(0, 2 * requestsPerRun);
const max = sqlite.prepare("select max(id) as id from equipment_listings").get().id;
const step = Math.max(1, Math.floor(max / (2 * requestsPerRun)));
const listingIds = sqlite
  .prepare("select id from equipment_listings where status = 'active' and id % ? = 0 limit ?")
  .pluck()
  .all(step, 2 * requestsPerRun);
const auctionId = sqlite.prepare("select listing_id from auctions where status = 'active' limit 1").pluck().get();
sqlite.close();

const repeat = (address) => Array.from({ length: requestsPerRun }, () => address);
const halves = (addresses) => [addresses.slice(0, requestsPerRun), addresses.slice(requestsPerRun, 2 * requestsPerRun)];
/** [name, addresses for one connection, addresses for 20]; the varied sets never repeat an address. */
const cases = [
  ["/ (fixed)", repeat("/"), repeat("/")],
  ["/auctions (fixed)", repeat("/auctions"), repeat("/auctions")],
  ["/listings (fixed)", repeat("/listings"), repeat("/listings")],
  ["/listings (distinct mix)", ...halves(distinctListings)],
  [`/listings/${listingIds[0]} (fixed)`, repeat(`/listings/${listingIds[0]}`), repeat(`/listings/${listingIds[0]}`)],
  ["/listings/<id> (distinct)", ...halves(listingIds.map((id) => `/listings/${id}`))],
];
for (const extra of argument("paths", "").split(",").filter(Boolean)) cases.push([`${extra} (fixed)`, repeat(extra), repeat(extra)]);
if (auctionId) cases.push([`/auctions/${auctionId} (fixed)`, repeat(`/auctions/${auctionId}`), repeat(`/auctions/${auctionId}`)]);

const only = argument("only", "");
const server = await startServer();
try {
  console.log(
    `${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}; ${path.basename(source)}; build ${path.relative(root, buildDir)}; ` +
      `RENDER_MEMO=${process.env.RENDER_MEMO ?? "(on)"} SEARCH_RESULT_CACHE=${process.env.SEARCH_RESULT_CACHE ?? "(on)"}; ${requestsPerRun} requests per run`,
  );
  // Warm-up (JIT, the server's first-use work), not counted: the fixed pages, and other listing addresses and ids.
  for (const [name, addresses] of cases) if (name.includes("fixed")) for (const address of addresses.slice(0, 30)) await get(server.port, address);
  for (const [name, ...runs] of cases) {
    if (only && !name.includes(only)) continue;
    for (const [index, connections] of [1, 20].entries()) {
      // The distinct sets are asked for once: a second pass would be answered by the caches.
      const r = await run(server, runs[index], connections);
      const statuses = [...r.statuses].map(([s, n]) => `${s}×${n}`).join(" ");
      console.log(
        `${name.padEnd(34)} ${String(connections).padStart(2)} conn  ${r.cpuPerRequest.toFixed(2).padStart(6)} ms CPU/request  ` +
          `${r.rps.toFixed(0).padStart(5)} req/s  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${statuses}`,
      );
    }
  }
} finally {
  server.child.removeAllListeners("exit");
  await new Promise((resolve) => {
    server.child.once("exit", resolve);
    server.child.kill("SIGTERM");
  });
  agent.destroy();
  fs.rmSync(workDir, { recursive: true, force: true });
}
