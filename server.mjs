// The HTTP server: security headers, Origin check, static files, then Remix.
// `node server.mjs` serves the production build; `node server.mjs --dev` runs Vite in middleware mode.
// WEB_CONCURRENCY=<n> (production only) runs n worker processes sharing the port, one per core at most
// (docs/decisions/0008-server-rendering-speed.md). Several such servers may share one PostgreSQL database: live
// events, the scheduler's jobs and the rate limits then go through the database (docs/decisions/0034).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import { admissionControl, admissionLimits, neverQueued, sameOriginOnly, strictTransportSecurity } from "./server-guards.mjs";

const dev = process.argv.includes("--dev");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!dev) process.env.NODE_ENV ??= "production";

function workerCount() {
  const value = process.env.WEB_CONCURRENCY;
  if (dev || value === undefined || value === "") return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`\nTradebench could not start.\nWEB_CONCURRENCY: use a whole number of worker processes, at least 1 (got "${value}").\n`);
    process.exit(1);
  }
  return count;
}

const workers = workerCount();

function requestAdmissionLimits() {
  try {
    return admissionLimits();
  } catch (error) {
    console.error(`\nTradebench could not start.\n${error.message}\n`);
    process.exit(1);
  }
}
const requestLimits = requestAdmissionLimits();
// node:cluster (and child_process under it, ~20 ms of a start) is loaded only when the server runs several workers.
const cluster = workers > 1 ? (await import("node:cluster")).default : undefined;
if (cluster?.isPrimary) superviseWorkers(workers);
else await startServer();

/**
 * The primary process only supervises: the first worker prepares the database (migrations, reference data, demo
 * seed) and starts listening before the others start, so they never migrate at the same time; a worker that dies
 * is replaced.
 */
function superviseWorkers(count) {
  let listening = false;
  let stopping = false;
  const fork = () =>
    cluster.fork().on("exit", (code, signal) => {
      if (stopping) return;
      // A worker that cannot start (bad configuration, database) would fail the same way again.
      if (!listening) process.exit(code || 1);
      console.error(`A worker stopped (${signal ?? `exit code ${code}`}); starting another.`);
      setTimeout(fork, 1000);
    });
  // Live events (bids, auction ends, notifications) reach browsers connected to any worker: on SQLite the primary
  // passes each worker's events to the others; on PostgreSQL every worker listens itself (LISTEN/NOTIFY) and sends
  // nothing here (app/services/platform/live-events.server.ts).
  cluster.on("message", (sender, message) => {
    if (!message || typeof message !== "object" || !("tradebenchLiveEvent" in message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== sender && worker.isConnected()) worker.send(message);
    }
  });
  fork().once("listening", () => {
    listening = true;
    for (let i = 1; i < count; i += 1) fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
}

async function loadBuild(vite) {
  return vite ? vite.ssrLoadModule("virtual:remix/server-build") : import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
}

/**
 * The demo seed (db/seed/demo.ts), handed to the app's start so the app itself never imports seed code. The build
 * puts it in build/seed/ (vite.config.ts); it is loaded only when SEED_DEMO is on and the database needs it.
 */
async function loadDemoSeed(vite) {
  const seed = vite ? await vite.ssrLoadModule("/db/seed/demo.ts") : await import(pathToFileURL(path.join(buildDir, "seed/index.js")).href);
  return seed.seedDemoMarketplace;
}

/**
 * Pictures may come from object storage's public address (S3_PUBLIC_URL, a CDN): the app then redirects /uploads/...
 * there (app/web/upload-answer.server.ts), so the page must be allowed to load images from that origin.
 */
function uploadsImageSource() {
  try {
    return process.env.UPLOADS_STORAGE === "s3" && process.env.S3_PUBLIC_URL ? ` ${new URL(process.env.S3_PUBLIC_URL).origin}` : "";
  } catch {
    return ""; // app/env.server.ts refuses the malformed address with a clear message at start.
  }
}
const IMAGE_SOURCES = `img-src 'self' data: blob:${uploadsImageSource()}`;

function contentSecurityPolicy(nonce) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Chakra writes its styles at run time and Ark sets inline style attributes for positioning.
    "style-src 'self' 'unsafe-inline'",
    IMAGE_SOURCES,
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function securityHeaders(req, res, next) {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  if (!dev) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(self), geolocation=(), microphone=()");
  next();
}

/**
 * The service worker script and the web app manifest are revalidated on every load: browsers look for a new worker
 * at each navigation, and a cached copy would delay an update by the static files' hour.
 */
function noCacheForServiceWorker(res, filePath) {
  const name = path.basename(filePath);
  if (name === "sw.js" || name === "manifest.webmanifest") res.setHeader("Cache-Control", "no-cache");
}

/**
 * Runs the static file middleware only for addresses under a name the built client folder holds at its top level
 * (sw.js, icons/, offline/, …). Pages never are: without this, every page request cost a file-system lookup or two
 * (the static middleware looks for /listings as a file, / as a folder with an index.html) before Remix answered.
 */
function builtFilesOnly(folder, serveStatic) {
  const names = new Set(fs.readdirSync(folder));
  return (req, res, next) => {
    const first = req.path.split("/", 2)[1] ?? "";
    let name = first;
    try {
      name = decodeURIComponent(first);
    } catch {
      // A malformed escape names no file (the static middleware passed those on too).
    }
    if (names.has(name)) serveStatic(req, res, next);
    else next();
  };
}

const BID_API_BODY_LIMIT = 4096;

/** The request body as text, or null when it is longer than `limit` bytes. */
function readSmallBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > limit ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function startServer() {
  const vite = dev ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" })) : undefined;
  const initialBuild = await loadBuild(vite);
  let startInfo;
  try {
    startInfo = await initialBuild.entry.module.prepareServer({
      seedDemo: (db, options) => loadDemoSeed(vite).then((seed) => seed(db, options)),
      // Compiled by the build (vite.config.ts); in development the first page compiles it.
      siteStylesheetFile: vite ? undefined : path.join(buildDir, "server", "site-stylesheet.json"),
    });
  } catch (error) {
    console.error(`\nTradebench could not start.\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }

  const app = express();
  app.disable("x-powered-by");
  if (startInfo.trustProxy) app.set("trust proxy", true);
  app.use(securityHeaders);
  if (startInfo.httpsOnly) {
    app.use(strictTransportSecurity);
  }

  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(
      builtFilesOnly(path.join(buildDir, "client"), express.static(path.join(buildDir, "client"), { maxAge: "1h", setHeaders: noCacheForServiceWorker })),
    );
  }

  app.use(sameOriginOnly);
  // At most REQUEST_CONCURRENCY requests are worked on at once; the rest wait their turn or, past the queue's bounds,
  // get 503 with Retry-After before any work starts (never an abort mid-render; docs/decisions/0066).
  app.use(admissionControl({ ...requestLimits, bypass: neverQueued }));
  // The JSON bidding endpoint, answered ahead of Remix (the same answer as the bid route's JSON mode, with less work
  // per request; see docs/decisions/0015-bidding-throughput.md).
  app.all("/api/auctions/:id/bids", async (req, res, next) => {
    if (req.method !== "POST") {
      res.status(405).set("Allow", "POST").json({ ok: false, error: "Send bids with POST." });
      return;
    }
    try {
      const body = await readSmallBody(req, BID_API_BODY_LIMIT);
      if (body === null) {
        res.status(413).json({ ok: false, error: "This bid form is too large." });
        return;
      }
      const build = vite ? await loadBuild(vite) : initialBuild;
      const answer = await build.entry.module.answerBidApi({
        auctionId: req.params.id,
        cookie: req.get("Cookie") ?? null,
        contentType: req.get("Content-Type") ?? null,
        body,
      });
      res.status(answer.status).json(answer.body);
    } catch (error) {
      next(error);
    }
  });
  // Remix's request handler comes from the build (app/entry.server.tsx): the production build bundles Remix's server
  // runtime, and the handler must use the same copy as the app's routes. Importing @remix-run/express (or
  // @remix-run/node) here would load a second one from node_modules.
  app.all(
    "*",
    initialBuild.entry.module.createRequestHandler({
      build: vite ? () => loadBuild(vite) : initialBuild,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientIp: req.ip ?? "unknown" }),
    }),
  );

  const port = Number(process.env.PORT ?? 3000);
  const server = app.listen(port, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    console.log(`Tradebench is ready on http://localhost:${actualPort}${cluster?.isWorker ? ` (worker ${cluster.worker.id} of ${workers})` : ""}`);
  });

  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => server.close(() => process.exit(0)));
  }
}
