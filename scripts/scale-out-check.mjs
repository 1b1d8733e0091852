// The README's "Deploying several servers", followed on this machine the way an operator follows it, on the production
// build, then checked from outside: a throwaway PostgreSQL 15 cluster with a database owned by an
// ordinary role (scripts/postgres-cluster.mjs), S3-compatible object storage (tests/support/fake-s3-server.ts, which
// speaks the protocol the real SDK signs), two app servers started as deploy/systemd/tradebench@.service starts them
// (`node server.mjs`, NODE_ENV=production, PORT=<instance>) with the environment of deploy/tradebench.env.example
// (demo data on: SEED_DEMO=1, plain HTTP: COOKIE_SECURE=0), started at the same time on the empty database, and
// Debian's nginx in front with deploy/nginx/tradebench.conf (its upstream pointed at the two servers). Then:
//   - the demo marketplace was seeded, once, and a demo picture is served by both servers from the bucket;
//   - sign-in works through nginx, and the session is good on both servers;
//   - a bid placed on server A reaches an /events stream held open on server B (and one opened through nginx), and
//     server B's lot page shows it;
//   - a listing photo uploaded through server A's listing form is served by server B, from the bucket.
// `npm test` runs this after the newcomer check and reuses the build that check made (a build missing or older than
// the sources is made first). PostgreSQL and nginx are installed from Debian's packages when missing and this runs as
// root with apt-get; when they cannot be had at all, the check is skipped with a loud warning.
//
//   node --import tsx scripts/scale-out-check.mjs
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { ensureNginx, startNginx } from "../deploy/nginx/local-nginx.mjs";
import { startFakeS3Server } from "../tests/support/fake-s3-server.ts";
import { buildIsCurrent } from "./build-freshness.mjs";
import { freePort } from "./free-port.mjs";
import { findPostgres, startThrowawayCluster } from "./postgres-cluster.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = path.join(root, "build");
const ENV_EXAMPLE = path.join(root, "deploy/tradebench.env.example");
const SYSTEMD_UNIT = path.join(root, "deploy/systemd/tradebench@.service");
const BUCKET = "tradebench-uploads";
const DEMO_PASSWORD = "tradebench-demo";
const BUYER = "buyer@tradebench.test";
const SELLER = "seller@tradebench.test";
const START_TIMEOUT_MS = 10 * 60_000;
const EVENT_TIMEOUT_MS = 15_000;
const started = Date.now();
const seconds = (since = started) => ((Date.now() - since) / 1000).toFixed(1);

// ── What runs, and how it is stopped ─────────────────────────────────────────────────────────────────────────────

const servers = [];
const cleanups = [];
let failed = false;

function step(line) {
  console.log(`✔ ${line} (${seconds()} s)`);
}

async function fail(message) {
  if (failed) return;
  failed = true;
  console.error(`\n✖ scale-out check: ${message}`);
  for (const server of servers) console.error(`--- server ${server.name} (port ${server.port}) said (last 3000 characters) ---\n${server.output.slice(-3000)}`);
  await cleanUp();
  process.exit(1);
}

async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleaning up: ${error instanceof Error ? error.message : error}`);
    }
  }
}

// A run that ends without cleaning up (a crash) still stops the processes it started (the cluster stops itself).
const children = new Set();
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    void cleanUp().then(() => process.exit(130));
  });
}

function skip(reason) {
  const rule = "!".repeat(100);
  console.warn(
    `\n${rule}\n!! SKIPPED: the production build on PostgreSQL with two servers behind nginx (scripts/scale-out-check.mjs)\n!! ${reason}.\n` +
      "!! The scale-out path was not tried. Install PostgreSQL 15 and nginx (Debian: apt-get install postgresql nginx), then run npm test again.\n" +
      `${rule}\n`,
  );
  process.exit(0);
}

// ── nginx: Debian's package, installed as root when missing ──────────────────────────────────────────────────────

// ── The deployment's files, read as the operator's machine reads them ────────────────────────────────────────────

/** KEY=VALUE lines of an EnvironmentFile (comments and blank lines skipped), in order. */
function readEnvironmentFile(file) {
  const values = {};
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) values[match[1]] = match[2].trim();
  }
  return values;
}

/** The unit's `Environment=` lines and the arguments of its `ExecStart=` (after the node binary), for instance `%i`. */
function readSystemdUnit(file, instance) {
  const text = fs.readFileSync(file, "utf8").replaceAll("%i", String(instance));
  const environment = {};
  for (const [, name, value] of text.matchAll(/^Environment=([A-Z][A-Z0-9_]*)=(.*)$/gm)) environment[name] = value.trim();
  const exec = /^ExecStart=(\S+)\s+(.*)$/m.exec(text);
  if (!exec || !/\/node$/.test(exec[1])) throw new Error(`${file} has no ExecStart=…/node line`);
  return { environment, args: exec[2].trim().split(/\s+/) };
}

// ── HTTP from outside ─────────────────────────────────────────────────────────────────────────────────────────────

/** The cookies a browser would keep from the answers it was given (name → value). */
class CookieJar {
  #cookies = new Map();
  take(response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const at = pair.indexOf("=");
      if (at > 0) this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  get header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  get size() {
    return this.#cookies.size;
  }
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server?.exited !== undefined && server.exited !== null) await fail(`server ${server.name} exited (${server.exited}) before it served /healthz`);
    const ok = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await fail(`${base}/healthz did not answer 200 within ${START_TIMEOUT_MS / 60_000} minutes`);
}

async function text(url, init = {}) {
  const response = await fetch(url, { redirect: "manual", ...init });
  return { response, body: await response.text() };
}

async function signIn(base, email) {
  const jar = new CookieJar();
  const form = await fetch(`${base}/login`);
  if (form.status !== 200) await fail(`GET ${base}/login answered ${form.status}`);
  jar.take(form);
  const answer = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: jar.header },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, redirectTo: "/profile" }),
  });
  if (answer.status < 300 || answer.status >= 400)
    await fail(`signing in as ${email} through ${base} answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
  jar.take(answer);
  if (jar.size === 0) await fail(`signing in as ${email} set no cookie`);
  return jar;
}

/** GET /profile with the session: the member's own page (a redirect to /login would mean the session is not known). */
async function expectSignedIn(base, jar, email, where) {
  const { response, body } = await text(`${base}/profile`, { headers: { Cookie: jar.header } });
  if (response.status !== 200 || !body.includes(email)) {
    await fail(
      `/profile on ${where} with ${email}'s session answered ${response.status}${response.headers.get("location") ? ` → ${response.headers.get("location")}` : ""}, not their profile`,
    );
  }
}

/** An /events stream for one auction: resolves `ready` once the server has subscribed it; `next(test)` waits for a matching auction event. */
function openAuctionStream(base, auctionId) {
  const abort = new AbortController();
  const events = [];
  const waiting = new Set();
  let resolveReady;
  let rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  void (async () => {
    try {
      const response = await fetch(`${base}/events?auction=${auctionId}`, { signal: abort.signal, headers: { Accept: "text/event-stream" } });
      if (response.status !== 200) throw new Error(`GET ${base}/events answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name === "ready") resolveReady();
          if (name !== "auction" || data === undefined) continue;
          const event = JSON.parse(data);
          events.push(event);
          for (const waiter of waiting) waiter(event);
        }
      }
    } catch (error) {
      rejectReady(error);
    }
  })();
  return {
    ready,
    events,
    next(test) {
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          resolve(null);
        }, EVENT_TIMEOUT_MS);
        const waiter = (event) => {
          if (!test(event)) return;
          clearTimeout(timer);
          waiting.delete(waiter);
          resolve(event);
        };
        waiting.add(waiter);
      });
    },
    close: () => abort.abort(),
  };
}

/** "12 bids." / "The 10 newest of 12 bids.": the lot page's count of bids (app/components/auction/BidHistory.tsx). */
const bidCountText = (count) => new RegExp(`(^|[^\\d,])${count} bids?\\.`);

// ── The run ──────────────────────────────────────────────────────────────────────────────────────────────────────

// Whatever else goes wrong (an exception, not a failed check) fails the same way: logs, then everything stopped.
main().catch((error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));

async function main() {
  console.log("\n== The production build on PostgreSQL: two app servers behind nginx, shared object storage (README: Deploying several servers)");

  const { binaries, reason: postgresMissing } = findPostgres();
  if (!binaries) skip(postgresMissing);
  const { nginx, reason: nginxMissing } = ensureNginx();
  if (!nginx) skip(nginxMissing);

  if (buildIsCurrent(root, buildDir)) {
    step("the production build is current: reused");
  } else {
    console.log("No current production build: npm run build…");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) await fail(`npm run build failed (exit ${build.status ?? build.signal})`);
    step("npm run build");
  }

  const cluster = await startThrowawayCluster({ binaries }).catch((error) =>
    fail(`PostgreSQL ${binaries.version} is installed but its throwaway cluster did not start: ${error.message}`),
  );
  cleanups.push(() => cluster.stop());
  // README step 1: an ordinary role owning the database (the migrations create their extensions as that owner).
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("create role tradebench_owner login password 'scale-out-check'");
  await admin.query("create database tradebench owner tradebench_owner");
  await admin.end();
  const databaseUrl = `postgres://tradebench_owner:scale-out-check@127.0.0.1:${cluster.port}/tradebench`;
  step(`PostgreSQL ${cluster.version} on port ${cluster.port}: an empty database "tradebench" owned by an ordinary role`);

  const s3 = await startFakeS3Server({ buckets: [BUCKET] });
  cleanups.push(() => s3.close());
  const bucket = s3.bucket(BUCKET);

  const [portA, portB, nginxPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const shared = {
    ...readEnvironmentFile(ENV_EXAMPLE),
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: "5",
    SESSION_SECRET: [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join(""),
    PUBLIC_URL: publicUrl,
    // A plain-HTTP trial (the example's own comment): no TLS in front of this nginx.
    COOKIE_SECURE: "0",
    // The demo marketplace, as the README's `npm start` seeds it on an empty database.
    SEED_DEMO: "1",
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: "1",
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  if (shared.UPLOADS_STORAGE !== "s3" || shared.TRUST_PROXY !== "1") await fail(`${ENV_EXAMPLE} no longer sets UPLOADS_STORAGE=s3 and TRUST_PROXY=1`);

  /** One app server as systemd starts it: a clean environment (the unit's and the env file's only), in the app's folder. */
  function startServer(name, port) {
    const unit = readSystemdUnit(SYSTEMD_UNIT, port);
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? os.tmpdir(),
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      ...shared,
      ...unit.environment,
    };
    const child = spawn(process.execPath, unit.args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    const server = { name, port, base: `http://127.0.0.1:${port}`, child, output: "", exited: null };
    child.stdout.on("data", (chunk) => (server.output += chunk));
    child.stderr.on("data", (chunk) => (server.output += chunk));
    child.on("exit", (code, signal) => (server.exited = code ?? signal));
    servers.push(server);
    cleanups.push(async () => {
      if (server.exited !== null) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await gone;
      clearTimeout(timer);
    });
    return server;
  }

  // README step 3, both servers at once on the empty database (systemctl enable --now tradebench@A tradebench@B): they
  // migrate one at a time and the demo is seeded once.
  const startedServers = Date.now();
  const serverA = startServer("A", portA);
  const serverB = startServer("B", portB);
  const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-scale-out-nginx-"));
  const proxy = startNginx(nginx, { dir: nginxDir, upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`], port: nginxPort });
  children.add(proxy.child);
  cleanups.push(() => proxy.stop());
  await Promise.all([waitForHealth(serverA.base, serverA), waitForHealth(serverB.base, serverB)]);
  step(`servers A (:${portA}) and B (:${portB}) started together on the empty database and answer /healthz after ${seconds(startedServers)} s`);
  await waitForHealth(publicUrl);
  if (proxy.child.exitCode !== null) await fail(`nginx exited: ${proxy.output.join("")}`);
  step(`nginx on ${publicUrl} with deploy/nginx/tradebench.conf in front of both`);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());

  // ── 1. The demo marketplace, once, its pictures in the bucket ──────────────────────────────────────────────────────
  {
    const { rows } = await db.query(
      `select (select count(*) from users where email = $1)::int as buyers, (select count(*) from equipment_listings)::int as listings,
              (select count(*) from auctions)::int as auctions, (select count(*) from equipment_images)::int as images`,
      [BUYER],
    );
    const counts = rows[0];
    if (counts.buyers !== 1 || counts.listings < 100 || counts.auctions < 10) await fail(`the demo marketplace is not there once: ${JSON.stringify(counts)}`);
    const seededBy = servers.filter((server) => server.output.includes("Seeded the demo marketplace")).map((server) => server.name);
    if (seededBy.length !== 1) await fail(`the demo was seeded by ${seededBy.length} servers (${seededBy.join(", ") || "none"}), not one`);
    const picture = (await db.query("select url from equipment_images order by id limit 1")).rows[0]?.url;
    if (!picture?.startsWith("/uploads/")) await fail(`no demo listing picture (got ${picture})`);
    const stored = bucket.get(picture.slice("/uploads/".length));
    if (!stored) await fail(`the demo picture ${picture} is not in the bucket`);
    for (const server of servers) {
      const answer = await fetch(`${server.base}${picture}`);
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (answer.status !== 200 || !bytes.equals(stored.bytes))
        await fail(`server ${server.name} answered ${answer.status} for the demo picture ${picture}, not the bucket's object`);
    }
    step(
      `demo marketplace seeded once (by server ${seededBy[0]}): ${counts.listings} listings, ${counts.auctions} auctions, ${counts.images} pictures in the bucket; both servers serve them`,
    );
  }

  // ── 2. Sign-in through nginx; the session holds on both servers ────────────────────────────────────────────────────
  const buyer = await signIn(publicUrl, BUYER);
  for (let i = 0; i < 4; i += 1) await expectSignedIn(publicUrl, buyer, BUYER, "nginx");
  await expectSignedIn(serverA.base, buyer, BUYER, "server A");
  await expectSignedIn(serverB.base, buyer, BUYER, "server B");
  step("signed in as the demo buyer through nginx; the session is known to servers A and B");

  // ── 3. A bid on server A reaches server B's event stream and lot page ───────────────────────────────────────────────
  {
    const lot = (
      await db.query(
        `select a.id, a.starting_price_cents, a.current_price_cents, a.bid_increment_cents, a.bid_count
           from auctions a
           join equipment_listings l on l.id = a.listing_id
           join users seller on seller.id = l.user_id
           left join bids lead_bid on lead_bid.id = a.leading_bid_id
           left join users leader on leader.id = lead_bid.user_id
          where a.status = 'active' and a.currency = 'USD' and a.end_date > $1 and seller.email <> $2 and coalesce(leader.email, '') <> $2
          order by a.end_date desc limit 1`,
        [new Date(Date.now() + 3_600_000).toISOString(), BUYER],
      )
    ).rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)])))[0];
    // (pg hands bigint columns over as text without the app's type parser: numbers, as the app reads them.)
    if (!lot) await fail("the demo has no live USD auction the buyer may bid on");
    const streamB = openAuctionStream(serverB.base, lot.id);
    const streamNginx = openAuctionStream(publicUrl, lot.id);
    cleanups.push(
      () => streamB.close(),
      () => streamNginx.close(),
    );
    await Promise.all([streamB.ready, streamNginx.ready]).catch((error) => fail(`an /events stream did not open: ${error.message}`));
    const before = await text(`${serverB.base}/auctions/${lot.id}`);
    if (before.response.status !== 200) await fail(`server B's lot page /auctions/${lot.id} answered ${before.response.status}`);

    const bid = async (amountCents) => {
      const response = await fetch(`${serverA.base}/api/auctions/${lot.id}/bids`, {
        method: "POST",
        headers: { Accept: "application/json", Origin: serverA.base, Cookie: buyer.header, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ amount: (amountCents / 100).toFixed(2) }),
      });
      return { status: response.status, answer: await response.json().catch(() => null) };
    };
    let amountCents = lot.bid_count === 0 ? lot.starting_price_cents : lot.current_price_cents + lot.bid_increment_cents;
    let placed = await bid(amountCents);
    // The increment rule may ask for more than the lot's own step (its message names the minimum): bid that once.
    const minimum = placed.answer?.ok === false ? /at least \$([\d,]+(?:\.\d\d)?)/.exec(String(placed.answer.error)) : null;
    if (minimum) {
      amountCents = Math.round(Number(minimum[1].replace(/,/g, "")) * 100);
      placed = await bid(amountCents);
    }
    if (placed.status !== 200 || !placed.answer?.ok) await fail(`the bid on server A was refused: ${placed.status} ${JSON.stringify(placed.answer)}`);
    const { snapshot } = placed.answer;
    const sentAt = Date.now();
    const matches = (event) => event.snapshot?.auctionId === lot.id && event.snapshot.version >= snapshot.version;
    const [onB, onNginx] = await Promise.all([streamB.next(matches), streamNginx.next(matches)]);
    if (!onB)
      await fail(
        `server B's /events stream did not receive the bid placed on server A (version ${snapshot.version}) within ${EVENT_TIMEOUT_MS / 1000} s; it received ${JSON.stringify(streamB.events.map((event) => event.snapshot?.version))}, the stream through nginx ${JSON.stringify(streamNginx.events.map((event) => event.snapshot?.version))}`,
      );
    if (!onNginx) await fail(`the /events stream opened through nginx did not receive the bid within ${EVENT_TIMEOUT_MS / 1000} s`);
    const eventMs = Date.now() - sentAt;
    if (onB.snapshot.bidCount !== snapshot.bidCount || onB.snapshot.currentPriceCents !== snapshot.currentPriceCents) {
      await fail(`server B's event disagrees with server A's answer: ${JSON.stringify(onB.snapshot)} vs ${JSON.stringify(snapshot)}`);
    }
    const after = await text(`${serverB.base}/auctions/${lot.id}`);
    if (after.response.status !== 200 || !bidCountText(snapshot.bidCount).test(after.body) || bidCountText(snapshot.bidCount).test(before.body)) {
      await fail(`server B's lot page /auctions/${lot.id} does not show the bid (${snapshot.bidCount} bids; it answered ${after.response.status})`);
    }
    step(
      `a bid of $${(amountCents / 100).toFixed(2)} on server A (auction ${lot.id}) reached server B's /events stream and the one through nginx (${eventMs} ms after A answered) and B's lot page (${snapshot.bidCount} bids)`,
    );
  }

  // ── 4. A listing photo uploaded through server A is served by server B ────────────────────────────────────────────
  {
    const seller = await signIn(publicUrl, SELLER);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#1f6f8b" } })
      .png()
      .toBuffer();
    const form = new FormData();
    const title = `Scale-out check ${Date.now()}: Keysight DSOX3034T oscilloscope`;
    for (const [name, value] of Object.entries({
      title,
      description: "350 MHz, 4 channels, 5 GSa/s. Listed through server A by the scale-out check.",
      categoryId: "industrial_electronics_test_measurement_oscilloscopes",
      listingType: "buy_now",
      price: "8450.50",
      currency: "USD",
      condition: "used_excellent",
      brand: "Keysight",
      model: "DSOX3034T",
      location: "Austin, TX",
      status: "active",
    })) {
      form.append(name, value);
    }
    form.append("images", new Blob([photo], { type: "image/png" }), "front-panel.png");
    const created = await fetch(`${serverA.base}/create-listing`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: serverA.base, Cookie: seller.header },
      body: form,
    });
    const location = created.headers.get("location") ?? "";
    const listingId = /\/listings\/(\d+)/.exec(location)?.[1];
    if (created.status < 300 || created.status >= 400 || !listingId) {
      await fail(`creating a listing with a photo on server A answered ${created.status} ${location}: ${(await created.text()).slice(0, 800)}`);
    }
    const page = await text(`${serverB.base}/listings/${listingId}`);
    const photoUrl = new RegExp(`/uploads/listings/${listingId}/[0-9a-f-]{36}\\.webp`).exec(page.body)?.[0];
    if (page.response.status !== 200 || !page.body.includes("Scale-out check") || !photoUrl) {
      await fail(`server B's page of listing ${listingId} answered ${page.response.status} without the uploaded photo`);
    }
    const stored = bucket.get(photoUrl.slice("/uploads/".length));
    if (!stored) await fail(`the photo ${photoUrl} is not in the bucket`);
    const answer = await fetch(`${serverB.base}${photoUrl}`);
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (answer.status !== 200 || answer.headers.get("content-type") !== "image/webp" || !bytes.equals(stored.bytes)) {
      await fail(`server B answered ${answer.status} (${answer.headers.get("content-type")}) for ${photoUrl}, not the bucket's object`);
    }
    const { width } = await sharp(bytes).metadata();
    step(`a photo uploaded with a new listing through server A (${listingId}) is served by server B from the bucket (${photoUrl}, ${width} px wide)`);
  }

  await cleanUp();
  console.log(`✔ the scale-out path works on the production build (${seconds()} s in all)`);
}
