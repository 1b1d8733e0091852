// The bidding benchmark: the production server on a fresh database, one hot lot, 50 signed-in bidders
// POSTing to /api/auctions/{id}/bids (or /auctions/{id}/bid) over HTTP for 20 s. Prints accepted and refused bids
// per second, latency of accepted bids, the invariants of the stored bids (tests/support/bidding-model.ts checkBidLedger, through
// bench/bidding-engine.ts), and in the same run the raw in-process placeBid rate on a copy of the database.
//
// Usage: npm run build && npm run bench:bidding [-- --duration 20 --bidders 50 --proxy-share 0.2 --live --route api]
//   BUILD_DIR picks the build (default build/, built first when missing). DATABASE_SYNCHRONOUS is passed on to the
//   server (default FULL, as in production). DATABASE_URL=postgres://user@host:port/db runs it on PostgreSQL instead:
//   a fresh database is made in that cluster for the run (the server migrates it) and dropped afterwards; the raw
//   placeBid rates then run on it too (SQLite's synchronous modes and bare statements are left out).
//   --route api|remix: post to the JSON endpoint POST /api/auctions/{id}/bids (default, answered ahead of Remix) or
//   to the Remix route POST /auctions/{id}/bid with Accept: application/json (the same answers).
//   --live: every bidder also keeps the lot's live stream open (GET /events, as the lot page does) and learns the
//   price from it too; each accepted bid is then pushed to all of them.
//   --profile: runs the server under the V8 CPU profiler and prints where its time went (by package and function).
//   --breakdown: after the run, autocannon (50 connections, 5 s each) on requests that stop at successive stages of
//   a bid (health check; bid without a session; with a session but an unreadable amount; a bid the rules refuse),
//   with the server's CPU time per request, to show what each stage costs.
//
// How the bidders bid, as people on the lot page do: each bidder clicks one of the bid panel's suggested bids (the
// current price + 1, 2 or 5 increments, app/lib/bidding.ts suggestedBids; chosen at random) computed from the latest
// price it knows: the answer to its own last bid, or the current price a refusal named ("Bid must be higher than
// current price of $X"), and with --live the lot's stream. A share of the bids (--proxy-share) carries a maximum
// (proxy). A bidder told it leads does not bid against itself: now and then it raises its maximum, else it waits for
// the "You have been outbid" notification (which names the new price). Each bidder sends one request at a time.
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
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    bidders: { type: "string", default: "50" },
    "proxy-share": { type: "string", default: "0.2" },
    "rate-seconds": { type: "string", default: "3" },
    live: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    breakdown: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    route: { type: "string", default: "api" },
  },
});
const durationMs = Number(options.duration) * 1000;
const bidderCount = Number(options.bidders);
const proxyShare = Number(options["proxy-share"]);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const BUDGET_ACCEPTED_PER_SECOND = 500;
const START_CENTS = 100_000;
const INCREMENT_CENTS = 1000;

function ensureBuild() {
  if (fs.existsSync(path.join(buildDir, "server", "index.js"))) return;
  console.log(`Building into ${buildDir} …`);
  const built = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (built.status !== 0) throw new Error("build failed");
}

function startServer(env, nodeArgs = []) {
  return startProcess([...nodeArgs, "server.mjs"], env);
}

/** Runs bench/bidding-engine.ts with tsx; returns its JSON answer. */
function engineHelper(args) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "bench/bidding-engine.ts", ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const last = run.stdout.trim().split("\n").pop() ?? "";
  if (!last.startsWith("{")) throw new Error(`bench/bidding-engine.ts ${args[0]} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(last);
}

/**
 * The lot and its bidders, written straight into the database the way the app stores them: a seller with an auction
 * listing and an active auction ending in a week; bidders with profiles and sessions (only the session id's SHA-256
 * is stored; the cookie holds the id, signed with SESSION_SECRET the way app/services/accounts/session.server.ts signs it).
 */
async function prepareLot(database, secret) {
  const db = await openForSetup(database);
  // Production without COOKIE_SECURE=0: the cookie is Secure and named with the __Host- prefix (decision 0065).
  const cookie = createCookie("__Host-session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [secret] });
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const addUser = async (role, first, last) => {
    const id = crypto.randomUUID();
    const email = `${role}-${id}@bench.test`;
    await db.run("insert into users (id, email, password_hash, email_confirmed_at) values (?, ?, 'not-a-real-hash', ?)", [id, email, iso(now)]);
    await db.run("insert into profiles (id, email, role, first_name, last_name, is_verified) values (?, ?, ?, ?, ?, 1)", [id, email, role, first, last]);
    return id;
  };
  const bidders = [];
  await db.run("begin");
  const sellerId = await addUser("seller", "Sam", "Seller");
  const [{ id: category }] = await db.run("select id from categories order by id limit 1");
  const [{ id: listingId }] = await db.run(
    "insert into equipment_listings (user_id, title, category_id, condition, listing_type, price_cents, status) values (?, ?, ?, 'used_good', 'auction', ?, 'active') returning id",
    [sellerId, "Keysight N9030B PXA signal analyzer (bench lot)", category, START_CENTS],
  );
  const [{ id: auctionId }] = await db.run(
    `insert into auctions (listing_id, start_date, end_date, starting_price_cents, current_price_cents, bid_increment_cents, status, auto_extend)
     values (?, ?, ?, ?, ?, ?, 'active', 1) returning id`,
    [listingId, iso(now - 60_000), iso(now + 7 * 86_400_000), START_CENTS, START_CENTS, INCREMENT_CENTS],
  );
  for (let i = 0; i < bidderCount; i += 1) {
    const id = await addUser("buyer", `Bidder${i}`, `Bench${i}`);
    const sessionId = crypto.randomBytes(32).toString("base64url");
    await db.run("insert into sessions (id_hash, user_id, expires_at) values (?, ?, ?)", [
      crypto.createHash("sha256").update(sessionId).digest("hex"),
      id,
      iso(now + 86_400_000),
    ]);
    bidders.push({ id, sessionId });
  }
  await db.run("commit");
  await db.close();
  for (const bidder of bidders) bidder.cookie = (await cookie.serialize(bidder.sessionId)).split(";")[0];
  return { auctionId, bidders };
}

/**
 * The bench database: a SQLite file in the run's folder, or with DATABASE_URL=postgres://… a fresh database in that
 * cluster. `url` is what the server and bench/bidding-engine.ts open; `drop` removes it after the run.
 */
async function benchDatabase(dir) {
  const cluster = process.env.DATABASE_URL;
  if (!cluster || !/^postgres(ql)?:\/\//i.test(cluster)) return { engine: "sqlite", url: path.join(dir, "bench.sqlite"), drop: async () => undefined };
  const name = `tradebench_bench_bidding_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: cluster });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(cluster);
  url.pathname = `/${name}`;
  return {
    engine: "postgres",
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: cluster });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A bare connection for writing the lot: `run(sql with ? placeholders, params)` answers the rows. */
async function openForSetup(database) {
  if (database.engine === "sqlite") {
    const db = new SQLite(database.url);
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 10000");
    return {
      run: async (text, params = []) => {
        const statement = db.prepare(text);
        if (statement.reader) return statement.all(...params);
        statement.run(...params);
        return [];
      },
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    run: async (text, params = []) => {
      let n = 0;
      const { rows } = await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
      // Ids as numbers, as better-sqlite3 and the app's pg handle (db/postgres.ts) give them, not bigint text.
      return rows.map((row) => ("id" in row && typeof row.id === "string" && /^\d+$/.test(row.id) ? { ...row, id: Number(row.id) } : row));
    },
    close: () => client.end(),
  };
}

/** Where the bidders post their bids: the JSON endpoint (default) or the Remix route's JSON mode (--route remix). */
if (!["api", "remix"].includes(options.route)) throw new Error(`--route: api or remix (got "${options.route}")`);
const bidPath = (auctionId) => (options.route === "api" ? `/api/auctions/${auctionId}/bids` : `/auctions/${auctionId}/bid`);

const money = (cents) => (cents / 100).toFixed(2);
const parseMoney = (text) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** CPU seconds a process and its children (cluster workers) have used so far (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    let seconds = (Number(fields[11]) + Number(fields[12])) / 100;
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    for (const child of children ? children.split(" ") : []) seconds += cpuSeconds(Number(child)) || 0;
    return seconds;
  } catch {
    return NaN;
  }
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** docs/product/auctions.md#bidding (app/lib/bidding.ts suggestedBids): the bid panel suggests the current price + 1, 2 and 5 increments. */
const SUGGESTED_BID_STEPS = [1, 2, 5];

/**
 * What one bidder knows of the lot: the price and bid count of the last answer it read (its own bid's answer, or
 * the price a refusal named), and with --live the stream's snapshots. Its bid panel's suggestions come from that.
 */
class BidderView {
  priceCents = START_CENTS;
  bidCount = 0;
  version = -1;

  learn({ version, priceCents, bidCount }) {
    if (version !== undefined) {
      if (version <= this.version) return;
      this.version = version;
    }
    this.priceCents = Math.max(this.priceCents, priceCents);
    if (bidCount !== undefined) this.bidCount = Math.max(this.bidCount, bidCount);
  }

  /** The panel's suggested bids (before the first bid: the starting price, then 1 and 4 increments above it). */
  suggestions() {
    const base = this.bidCount === 0 ? this.priceCents - INCREMENT_CENTS : this.priceCents;
    return SUGGESTED_BID_STEPS.map((steps) => base + steps * INCREMENT_CENTS);
  }
}

/**
 * Who leads, as the accepted answers tell it (in the order the server decided: by version). A bidder that leads does
 * not bid against itself; it waits for the "You have been outbid" notification the server sends when another bid
 * takes the lead (app/services/auctions/bidding.server.ts), which names the new price.
 */
class Leadership {
  version = -1;
  leaderId = null;
  waiters = new Map();

  accepted(bidderId, snapshot) {
    if (snapshot.version <= this.version) return;
    this.version = snapshot.version;
    const leaderId = snapshot.viewerLeads ? bidderId : this.leaderId;
    if (leaderId !== this.leaderId) {
      const wake = this.waiters.get(this.leaderId);
      this.waiters.delete(this.leaderId);
      wake?.({ priceCents: snapshot.currentPriceCents, bidCount: snapshot.bidCount });
    }
    this.leaderId = leaderId;
  }

  /** Resolves with what the outbid notification says, or null at the deadline. */
  outbid(bidderId) {
    if (this.leaderId !== bidderId) return Promise.resolve(null);
    return new Promise((resolve) => this.waiters.set(bidderId, resolve));
  }

  wakeAll() {
    for (const wake of this.waiters.values()) wake(null);
    this.waiters.clear();
  }
}

async function runBidders(base, auctionId, bidders) {
  const leadership = new Leadership();
  const views = new Map(bidders.map((bidder) => [bidder.id, new BidderView()]));
  const deadline = performance.now() + durationMs;
  const stats = { accepted: 0, outbid: 0, raised: 0, rejected: 0, refusals: new Map(), errors: new Map(), acceptedLatency: [], allLatency: [], liveEvents: 0 };
  const accepted = [];
  const url = `${base}${bidPath(auctionId)}`;
  const abort = new AbortController();
  // Wake waiting bidders at the deadline.
  const endTimer = setTimeout(() => leadership.wakeAll(), durationMs);

  if (options.live) {
    for (const bidder of bidders) {
      void (async () => {
        try {
          const response = await fetch(`${base}/events?auction=${auctionId}`, { headers: { Cookie: bidder.cookie }, signal: abort.signal });
          let buffer = "";
          for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf("\n\n")) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!block.startsWith("event: auction")) continue;
              const { snapshot } = JSON.parse(block.slice(block.indexOf("data: ") + 6));
              stats.liveEvents += 1;
              views.get(bidder.id).learn({ version: snapshot.version, priceCents: snapshot.currentPriceCents, bidCount: snapshot.bidCount });
            }
          }
        } catch {
          // aborted at the end
        }
      })();
    }
  }

  async function bidderLoop(bidder) {
    const view = views.get(bidder.id);
    while (performance.now() < deadline) {
      let amountCents;
      let maxCents = null;
      if (leadership.leaderId === bidder.id) {
        if (Math.random() < 0.7) {
          const notice = await leadership.outbid(bidder.id);
          if (notice) view.learn(notice);
          continue;
        }
        // Raise the maximum while leading (the panel's "raise your maximum" form).
        amountCents = view.suggestions()[0];
        maxCents = amountCents + INCREMENT_CENTS * (5 + Math.floor(Math.random() * 20));
      } else {
        const suggestions = view.suggestions();
        amountCents = suggestions[Math.floor(Math.random() * suggestions.length)];
        if (Math.random() < proxyShare) maxCents = amountCents + INCREMENT_CENTS * (1 + Math.floor(Math.random() * 5));
      }
      const body = new URLSearchParams({ amount: money(amountCents) });
      if (maxCents !== null) body.set("maxAmount", money(maxCents));
      const started = performance.now();
      let response;
      let answer;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { Accept: "application/json", Origin: base, Cookie: bidder.cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body,
        });
        answer = await response.json();
      } catch (error) {
        stats.errors.set(String(error), (stats.errors.get(String(error)) ?? 0) + 1);
        continue;
      }
      const ms = performance.now() - started;
      stats.allLatency.push(ms);
      if (response.status === 200 && answer.ok) {
        stats.accepted += 1;
        stats.acceptedLatency.push(ms);
        if (answer.result === "outbid") stats.outbid += 1;
        if (answer.result === "maximum_raised") stats.raised += 1;
        const { snapshot } = answer;
        accepted.push({ auctionId, bidderId: bidder.id, amountCents, maxCents, result: answer.result, bidCents: answer.bidCents, bidCount: snapshot.bidCount });
        view.learn({ version: snapshot.version, priceCents: snapshot.currentPriceCents, bidCount: snapshot.bidCount });
        leadership.accepted(bidder.id, snapshot);
      } else if (response.status >= 400 && response.status < 500 && answer && answer.ok === false) {
        stats.rejected += 1;
        const error = String(answer.error);
        const key = error.replace(/\$[\d,.]+/, "{x}");
        stats.refusals.set(key, (stats.refusals.get(key) ?? 0) + 1);
        // The re-read: a refusal names the current price or the lowest acceptable bid.
        const atLeast = /at least (\$[\d,.]+)/.exec(error);
        const higherThan = /current price of (\$[\d,.]+)/.exec(error);
        if (higherThan) view.learn({ priceCents: parseMoney(higherThan[1]), bidCount: 1 });
        else if (atLeast) view.learn({ priceCents: parseMoney(atLeast[1]) - INCREMENT_CENTS, bidCount: 1 });
      } else {
        const key = `${response.status} ${JSON.stringify(answer).slice(0, 120)}`;
        stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
      }
    }
  }

  const started = performance.now();
  await Promise.all(bidders.map(bidderLoop));
  const seconds = (performance.now() - started) / 1000;
  clearTimeout(endTimer);
  abort.abort();
  return { stats, accepted, seconds };
}

/** Self time of the server's CPU profile by package (node_modules/<name>, the app build, Node internals) and by function. */
function printProfile(profileDir) {
  const files = fs.existsSync(profileDir) ? fs.readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile")) : [];
  if (files.length === 0) return console.log("no CPU profile was written (the server did not exit cleanly)");
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, files[0]), "utf8"));
  const selfMs = new Map(profile.nodes.map((node) => [node.id, 0]));
  profile.samples.forEach((id, index) => selfMs.set(id, selfMs.get(id) + (profile.timeDeltas[index] ?? 0) / 1000));
  const byPackage = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id);
    if (!ms) continue;
    const { url, functionName, lineNumber } = node.callFrame;
    const pkg =
      /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.includes("/server/index.js") ? "app (server build)" : url.startsWith("node:") ? "node internals" : url ? path.basename(url) : functionName);
    if (functionName === "(idle)") continue;
    total += ms;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
    const fn = `${functionName || "(anonymous)"} ${pkg}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`\n== server CPU profile: ${fmt(total / 1000)} s busy (idle left out)`);
  for (const [name, ms] of top(byPackage, 12)) console.log(`  ${fmt((100 * ms) / total).padStart(5)}%  ${name}`);
  console.log("  top functions (self time):");
  for (const [name, ms] of top(byFunction, 20)) console.log(`  ${fmt((100 * ms) / total).padStart(5)}%  ${name}`);
}

/** Server CPU per request for requests that stop at successive stages of a bid. */
async function breakdown(base, auctionId, bidders, pid) {
  const bid = (cookie, amount) => ({
    method: "POST",
    headers: {
      Accept: "application/json",
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: `amount=${amount}`,
  });
  const stages = [
    { name: "GET /healthz (Express + Remix + one query)", path: "/healthz", request: { method: "GET" }, status: 200 },
    { name: "bid without a session (401)", path: bidPath(auctionId), request: bid(null, "5"), status: 401 },
    { name: "bid with a session, amount unreadable (400)", path: bidPath(auctionId), request: bid(bidders[1].cookie, "abc"), status: 400 },
    { name: "bid the rules refuse: too low (409, rolled back)", path: bidPath(auctionId), request: bid(bidders[1].cookie, "5"), status: 409 },
  ];
  // Accepted bids need rising amounts in the order the server reads them: one connection, bidders taking turns.
  let next = Number.NaN;
  let turn = 0;
  const acceptedStage = {
    name: "accepted bid (1 connection, bidders taking turns)",
    path: bidPath(auctionId),
    connections: 1,
    request: {
      requests: [
        {
          setupRequest: (request) => {
            turn += 1;
            next += 3 * INCREMENT_CENTS;
            return { ...request, ...bid(bidders[turn % bidders.length].cookie, money(next)) };
          },
        },
      ],
    },
    status: 200,
  };
  const refusedOne = { ...stages[3], name: "bid the rules refuse (1 connection)", connections: 1 };
  console.log(`\n== where a bid's time goes: autocannon, 5 s per stage (50 connections unless said), load average ${load()}`);
  for (const stage of [...stages, refusedOne, acceptedStage]) {
    if (stage === acceptedStage) {
      // Start well above whatever the lot reached.
      const state = await fetch(`${base}${bidPath(auctionId)}`, bid(bidders[2].cookie, "1")).then((r) => r.json());
      const floor = /of (\$[\d,.]+)|at least (\$[\d,.]+)/.exec(state.error ?? "");
      next = (floor ? parseMoney(floor[1] ?? floor[2]) : START_CENTS) + 100 * INCREMENT_CENTS;
    }
    const before = cpuSeconds(pid);
    const result = await autocannon({ url: `${base}${stage.path}`, connections: stage.connections ?? 50, duration: 5, ...stage.request });
    const cpu = cpuSeconds(pid) - before;
    const wrong = stage.status === 200 ? result.non2xx : result.requests.total - (result["4xx"] ?? 0);
    console.log(
      `${stage.name.padEnd(52)} ${fmt(result.requests.average, 0).padStart(6)} req/s  p50 ${fmt(result.latency.p50).padStart(6)} ms  ` +
        `server CPU ${fmt((1000 * cpu) / result.requests.total, 2)} ms/request${wrong ? `  (${wrong} unexpected answers)` : ""}`,
    );
  }
}

async function main() {
  ensureBuild();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-bidding-"));
  const database = await benchDatabase(dir);
  const secret = crypto.randomBytes(32).toString("hex");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(
    {
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: database.url,
      SEED_DEMO: "0",
      BUILD_DIR: buildDir,
      SESSION_SECRET: secret,
      PUBLIC_URL: base,
    },
    options.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(dir, "profile")}`] : [],
  );
  try {
    await waitForOk(`${base}/healthz`, server.child, server.output);
    const { auctionId, bidders } = await prepareLot(database, secret);

    // One bid to check the route, the session and the Origin check before measuring (it stays in the ledger).
    const probe = await fetch(`${base}${bidPath(auctionId)}`, {
      method: "POST",
      headers: { Accept: "application/json", Origin: base, Cookie: bidders[0].cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ amount: money(START_CENTS) }),
    });
    const probeAnswer = await probe.json().catch(() => null);
    if (probe.status !== 200 || !probeAnswer?.ok) throw new Error(`the first bid was not accepted: ${probe.status} ${JSON.stringify(probeAnswer)}`);
    const probeBid = {
      auctionId,
      bidderId: bidders[0].id,
      amountCents: START_CENTS,
      maxCents: null,
      result: probeAnswer.result,
      bidCents: probeAnswer.bidCents,
      bidCount: probeAnswer.snapshot.bidCount,
    };

    const loadBefore = load();
    console.log(
      `\n== bidding: ${bidders.length} bidders on one lot over HTTP (POST ${bidPath("{id}")}) for ${durationMs / 1000} s${options.live ? " (each with the live stream open)" : ""}, ` +
        `proxy share ${proxyShare}, ${database.engine === "postgres" ? "PostgreSQL" : `SQLite, DATABASE_SYNCHRONOUS ${process.env.DATABASE_SYNCHRONOUS ?? "FULL (default)"}`}, ` +
        `${os.cpus().length} cores, load average ${loadBefore}`,
    );
    const serverCpuBefore = cpuSeconds(server.child.pid);
    const clientCpuBefore = process.cpuUsage();
    const { stats, accepted, seconds } = await runBidders(base, auctionId, bidders);
    const serverCpu = cpuSeconds(server.child.pid) - serverCpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const loadAfter = load();
    stats.acceptedLatency.sort((a, b) => a - b);
    stats.allLatency.sort((a, b) => a - b);
    const acceptedPerSecond = stats.accepted / seconds;
    console.log(
      `accepted bids       ${String(stats.accepted).padStart(7)}  ${fmt(acceptedPerSecond).padStart(8)}/s  (${stats.outbid} answered at once by a maximum, ${stats.raised} maximums raised)`,
    );
    console.log(
      `refused bids        ${String(stats.rejected).padStart(7)}  ${fmt(stats.rejected / seconds).padStart(8)}/s  ${JSON.stringify(Object.fromEntries(stats.refusals))}`,
    );
    const answered = stats.accepted + stats.rejected;
    console.log(
      `bid requests answered ${String(answered).padStart(5)}  ${fmt(answered / seconds).padStart(8)}/s  (acceptance ${fmt((100 * stats.accepted) / answered)}%)`,
    );
    if (stats.errors.size > 0) console.log(`errors              ${JSON.stringify(Object.fromEntries(stats.errors))}`);
    if (options.live) console.log(`live events received ${stats.liveEvents} (${fmt(stats.liveEvents / seconds)}/s over ${bidders.length} streams)`);
    console.log(
      `latency, accepted: p50 ${fmt(percentile(stats.acceptedLatency, 50))} ms, p95 ${fmt(percentile(stats.acceptedLatency, 95))} ms, p99 ${fmt(percentile(stats.acceptedLatency, 99))} ms; ` +
        `all bids: p50 ${fmt(percentile(stats.allLatency, 50))} ms, p95 ${fmt(percentile(stats.allLatency, 95))} ms`,
    );

    const requests = stats.accepted + stats.rejected;
    console.log(
      `CPU: server ${fmt(serverCpu)} s of ${fmt(seconds)} s (${fmt((100 * serverCpu) / seconds, 0)}% of a core, ${fmt((1000 * serverCpu) / requests, 2)} ms per bid request); ` +
        `the bidders (this process) ${fmt((clientCpu.user + clientCpu.system) / 1e6)} s`,
    );
    const acceptedFile = path.join(dir, "accepted.json");
    fs.writeFileSync(acceptedFile, JSON.stringify([probeBid, ...accepted]));
    const checked = engineHelper(["check", "--db", database.url, "--accepted", acceptedFile, "--auction", String(auctionId)]);
    console.log(
      `invariants: ${checked.rows} bid rows (${checked.autoRows} automatic) = bid count ${checked.bidCount}; one leader; no lost or duplicate bid; ` +
        `amounts rising; replay through the reference model gives the stored price ${money(checked.priceCents)}: ` +
        `${checked.problems.length === 0 ? "PASS" : `FAIL\n  ${checked.problems.slice(0, 10).join("\n  ")}`}`,
    );
    console.log(
      `budget: ${fmt(acceptedPerSecond)} accepted bids/s ≥ ${BUDGET_ACCEPTED_PER_SECOND}: ${acceptedPerSecond >= BUDGET_ACCEPTED_PER_SECOND ? "PASS" : "FAIL"}`,
    );
    console.log(`load average before ${loadBefore}, after ${loadAfter}`);
    const serverErrors = server.output
      .join("")
      .split("\n")
      .filter((line) => /error|failed/i.test(line));
    if (serverErrors.length > 0) console.log(`server log:\n  ${serverErrors.slice(0, 10).join("\n  ")}`);

    if (options.breakdown) await breakdown(base, auctionId, bidders, server.child.pid);
    await stopProcess(server.child);
    if (options.profile) printProfile(path.join(dir, "profile"));
    let copy = database.url;
    if (database.engine === "sqlite") {
      copy = path.join(dir, "in-process.sqlite");
      const source = new SQLite(database.url);
      source.prepare("vacuum into ?").run(copy);
      source.close();
    }
    const where = database.engine === "sqlite" ? "a copy of the database" : "new lots in the same database";
    console.log(`\n== raw placeBid in one process (tsx, ${where}, ${options["rate-seconds"]} s each), load average ${load()}`);
    const { results } = engineHelper(["rate", "--db", copy, "--seconds", options["rate-seconds"]]);
    for (const result of results) {
      console.log(
        `${result.label.padEnd(58)} ${fmt(result.perSecond, 0).padStart(7)}/s${result.rejected && result.accepted ? `  (${result.rejected} refused)` : ""}`,
      );
    }
    if (checked.problems.length > 0) process.exitCode = 1;
  } finally {
    await stopProcess(server.child);
    if (!options.keep) {
      fs.rmSync(dir, { recursive: true, force: true });
      await database.drop();
    } else console.log(`kept ${dir}${database.engine === "postgres" ? ` and ${database.url}` : ""}`);
  }
}

await main();
