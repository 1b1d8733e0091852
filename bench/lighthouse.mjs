// The Lighthouse benchmark: Lighthouse 12 in Debian's Chromium, default (mobile) configuration with
// simulated throttling, categories performance and accessibility, against the production build for /, /listings and
// /listings/{an active listing}. Prints per page: the two scores, LCP, TBT, CLS and the first-load JavaScript, with
// the budgets' verdicts. It is a report: it exits 0 whatever the figures (1 only when it cannot run).
//
// Usage: npm run build && npm run bench:lighthouse [-- --runs 3] [--desktop] [--throttling devtools] [--no-gzip] [--save DIR]
//        --desktop: Lighthouse's desktop profile instead of the phone one; --throttling devtools: a throttled load
//        measured as it happens instead of Lantern's estimate from an unthrottled one; --save DIR keeps each page's
//        Lighthouse report as JSON in DIR.
// Env:   BUILD_DIR (default build; built beforehand, this script builds nothing), CHROMIUM_PATH (/usr/bin/chromium).
//
// The server is `node server.mjs` on a free port with a fresh demo-seeded SQLite database in a temporary folder.
// Tradebench leaves compression to the reverse proxy (docs/decisions/0008-server-rendering-speed.md), so by default
// Lighthouse talks to a small gzip proxy in front of the server, as a deployment would; --no-gzip measures the bare
// server. With --runs N each page is measured N times and the median run (by performance score) is reported.
//
// First-load JS (gzip): every JavaScript file the page loads before it is interactive — the build's files named by
// the page's HTML (modulepreload links and module script imports), closed over their static imports — each gzipped
// with zlib (level 6) from the build folder. Lighthouse's own count (bytes of JavaScript transferred, as served) is
// printed beside it.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import SQLite from "better-sqlite3";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    "no-gzip": { type: "boolean", default: false },
    save: { type: "string" },
    throttling: { type: "string", default: "simulate" },
    desktop: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(options.runs) || 1);
if (!["simulate", "devtools"].includes(options.throttling)) {
  console.error("--throttling is simulate (Lighthouse's default: Lantern's model from an unthrottled load) or devtools (throttled load)");
  process.exit(1);
}
const gzipProxy = !options["no-gzip"];
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const BUDGETS = { performance: 95, accessibility: 95, firstLoadJsKb: 200 };

if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
  console.error(`No production build in ${buildDir}. Build first: npm run build (or BUILD_DIR=… npx remix vite:build).`);
  process.exit(1);
}

/** An active listing of the seeded database, with pictures (the page a buyer lands on from a search). */
function activeListingId(file) {
  const db = new SQLite(file, { readonly: true });
  try {
    const row = db
      .prepare(
        `select l.id from equipment_listings l where l.status = 'active'
         and exists (select 1 from equipment_images i where i.listing_id = l.id) order by l.id limit 1`,
      )
      .get();
    if (!row) throw new Error("the seeded database has no active listing with pictures");
    return row.id;
  } finally {
    db.close();
  }
}

const COMPRESSIBLE = /^(text\/(html|css|plain|javascript)|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

/** A reverse proxy that gzips text responses (what nginx's `gzip on` does); event streams pass through untouched. */
function startGzipProxy(targetPort, port) {
  const server = http.createServer((req, res) => {
    const upstream = http.request({ host: "127.0.0.1", port: targetPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const type = String(answer.headers["content-type"] ?? "");
      const accepts = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
      if (!accepts || !COMPRESSIBLE.test(type) || answer.headers["content-encoding"]) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const headers = { ...answer.headers, "content-encoding": "gzip", vary: "Accept-Encoding" };
      delete headers["content-length"];
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(zlib.createGzip({ level: 6 })).pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** Static imports of a built module (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not import(). */
function staticImports(file) {
  const code = fs.readFileSync(file, "utf8");
  const found = new Set();
  for (const match of code.matchAll(/\bfrom\s*["']([^"']+\.js)["']|\bimport\s*["']([^"']+\.js)["']/g)) {
    found.add(path.resolve(path.dirname(file), match[1] ?? match[2]));
  }
  return found;
}

/** The build's JS files a page loads first, and their gzip size in bytes. */
function firstLoadJs(html) {
  const pending = [];
  const add = (href) => {
    if (href.startsWith("/") && href.endsWith(".js")) pending.push(path.join(clientDir, href));
  };
  for (const [link] of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) add(link.match(/\bhref="([^"]+)"/)?.[1] ?? "");
  for (const [, attributes, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    add(attributes.match(/\bsrc="([^"]+)"/)?.[1] ?? "");
    // An inline module script's imports (Remix imports the matched route modules this way); not the manifest's JSON.
    if (/\btype="module"/.test(attributes)) {
      for (const match of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+\sfrom\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g)) add(match[1] ?? match[2]);
    }
  }
  const files = new Set();
  while (pending.length > 0) {
    const file = pending.pop();
    if (files.has(file) || !fs.existsSync(file)) continue;
    files.add(file);
    pending.push(...staticImports(file));
  }
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    const content = fs.readFileSync(file);
    raw += content.length;
    gzip += zlib.gzipSync(content, { level: 6 }).length;
  }
  return { files: files.size, raw, gzip };
}

async function audit(url, port, run) {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      throttlingMethod: options.throttling,
    },
    options.desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (options.save) {
    fs.mkdirSync(options.save, { recursive: true });
    const name = new URL(url).pathname.replace(/^\/$/, "home").replace(/^\//, "").replace(/\//g, "-");
    fs.writeFileSync(path.join(options.save, `${name}-${run + 1}.json`), String(result.report));
  }
  const scriptBytes = (lhr.audits["network-requests"]?.details?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const failing = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 0.9)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    fcp: lhr.audits["first-contentful-paint"].numericValue,
    scriptBytes,
    below: [...failing("performance"), ...failing("accessibility")],
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated. */
async function auditWithRetries(url, port, run, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port, run);
    } catch (error) {
      if (attempt >= attempts || !String(error?.message).startsWith("Lighthouse:")) throw error;
      console.error(`${url}: ${error.message.split(" ").slice(0, 2).join(" ")}; measuring again`);
    }
  }
}

const median = (results) => [...results].sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok) => (ok ? "PASS" : "FAIL");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-lighthouse-"));
const databaseFile = path.join(dataDir, "tradebench.sqlite");
const [appPort, proxyPort] = await Promise.all([freePort(), freePort()]);
const app = startProcess(["server.mjs"], {
  NODE_ENV: "production",
  PORT: String(appPort),
  DATABASE_URL: databaseFile,
  SEED_DEMO: "1",
  BUILD_DIR: buildDir,
  PUBLIC_URL: `http://localhost:${gzipProxy ? proxyPort : appPort}`,
});
let proxy;
let chrome;
let exitCode = 0;
try {
  await waitForOk(`http://localhost:${appPort}/healthz`, app.child, app.output);
  if (gzipProxy) proxy = await startGzipProxy(appPort, proxyPort);
  const base = `http://localhost:${gzipProxy ? proxyPort : appPort}`;
  const pages = ["/", "/listings", `/listings/${activeListingId(databaseFile)}`];

  // Warm the server (first renders compile paths and fill caches), and read each page's HTML for its scripts.
  const js = new Map();
  for (const page of pages) {
    let html = "";
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`http://localhost:${appPort}${page}`);
      if (!response.ok) throw new Error(`${page} answers ${response.status}`);
      html = await response.text();
    }
    js.set(page, firstLoadJs(html));
  }

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const results = new Map();
  for (const page of pages) {
    const measured = [];
    for (let i = 0; i < runs; i += 1) measured.push(await auditWithRetries(`${base}${page}`, chrome.port, i));
    results.set(page, median(measured));
  }

  console.log(
    `\nLighthouse 12 (${options.desktop ? "desktop" : "mobile"}, ${options.throttling === "simulate" ? "simulated" : "devtools"} throttling) · ${path.relative(process.cwd(), buildDir) || "."} · ${gzipProxy ? "behind a gzip proxy" : "bare server, no compression"} · ` +
      `${runs === 1 ? "1 run" : `median of ${runs} runs`} · load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
  );
  const header = ["page", "perf", "a11y", "LCP", "TBT", "CLS", "FCP", "first-load JS gzip", "JS transferred"];
  const rows = pages.map((page) => {
    const r = results.get(page);
    const j = js.get(page);
    return [
      page,
      String(r.performance),
      String(r.accessibility),
      `${(r.lcp / 1000).toFixed(2)} s`,
      `${Math.round(r.tbt)} ms`,
      r.cls.toFixed(3),
      `${(r.fcp / 1000).toFixed(2)} s`,
      `${kb(j.gzip)} (${j.files} files)`,
      kb(r.scriptBytes),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));

  console.log(`\nBudgets: performance ≥ ${BUDGETS.performance}, accessibility ≥ ${BUDGETS.accessibility}, first-load JS ≤ ${BUDGETS.firstLoadJsKb} KB gzip`);
  for (const page of pages) {
    const r = results.get(page);
    const j = js.get(page);
    console.log(
      `${page.padEnd(widths[0])}  performance ${verdict(r.performance >= BUDGETS.performance)}  ` +
        `accessibility ${verdict(r.accessibility >= BUDGETS.accessibility)}  ` +
        `first-load JS ${verdict(j.gzip <= BUDGETS.firstLoadJsKb * 1024)}` +
        (r.below.length > 0 ? `\n${"".padEnd(widths[0])}  audits under 0.9: ${r.below.join(", ")}` : ""),
    );
  }
  console.log(
    "\nFirst-load JS: the build's files named by each page's HTML (modulepreload + module script imports) and their static imports, gzipped with zlib level 6; " +
      "JS transferred: Lighthouse's network records (bytes on the wire).",
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  if (chrome) await chrome.kill();
  if (proxy) {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  }
  await stopProcess(app.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
