// Cold start at size: `node server.mjs` (production build) on the seed:bench database of N listings (default 1M),
// timed from the process's start until /healthz answers, until the first /listings is served, and until the first
// search of the mix (bench/listing-mix.mjs) is served; then /listings warm. A new process each run; the operating
// system's file cache stays as it is (a restart, not a reboot). --demo instead times a fresh data folder (migrations,
// reference data and the demo seed).
//
// Usage: node bench/cold-start.mjs [--listings 1000000] [--runs 3] [--database postgres://…] [--demo]
//   The server runs from BUILD_DIR (default build/), built first when missing.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { benchDatabase } from "./bench-database.mjs";
import { listingQueryMix, readVocabulary } from "./listing-mix.mjs";
import { freePort, startProcess, stopProcess } from "./processes.mjs";

const { values: options } = parseArgs({
  options: {
    listings: { type: "string", default: "1000000" },
    runs: { type: "string", default: "3" },
    database: { type: "string" },
    demo: { type: "boolean", default: false },
  },
});
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const fmt = (n) => (Number.isFinite(n) ? n.toFixed(0) : "–");

if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
  const built = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (built.status !== 0) throw new Error("build failed");
}

/** Polls `url` every 10 ms until it answers 2xx; the time since `started`, and the answer's own duration. */
async function firstAnswer(url, started, child, output, deadlineMs = 300_000) {
  while (performance.now() - started < deadlineMs) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join("")}`);
    const at = performance.now();
    try {
      const response = await fetch(url, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status < 400) return { sinceStart: performance.now() - started, own: performance.now() - at };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no answer from ${url}\n${output.join("")}`);
}

async function once(env, searchPath) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = startProcess(["server.mjs"], {
    NODE_ENV: "production",
    PORT: String(port),
    BUILD_DIR: buildDir,
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    PUBLIC_URL: base,
    ...env,
  });
  try {
    const healthz = await firstAnswer(`${base}/healthz`, started, server.child, server.output);
    const listings = await firstAnswer(`${base}/listings`, started, server.child, server.output);
    const search = searchPath ? await firstAnswer(`${base}${searchPath}`, started, server.child, server.output) : undefined;
    const warm = [];
    for (let i = 0; i < 10; i += 1) {
      const at = performance.now();
      await (await fetch(`${base}/listings?page=${i + 2}`)).arrayBuffer();
      warm.push(performance.now() - at);
    }
    warm.sort((a, b) => a - b);
    return { healthz, listings, search, warmMedian: warm[5] };
  } finally {
    await stopProcess(server.child);
  }
}

const runs = Number(options.runs);
if (options.demo) {
  console.log(
    `== cold start, fresh data folder (migrate + reference data + demo seed), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  for (let run = 0; run < runs; run += 1) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-bench-"));
    try {
      const r = await once({ DATABASE_URL: path.join(dir, "db.sqlite"), SEED_DEMO: "1" });
      console.log(
        `run ${run + 1}: /healthz ${fmt(r.healthz.sinceStart)} ms, first /listings ${fmt(r.listings.sinceStart)} ms after start (${fmt(r.listings.own)} ms itself)`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
} else {
  const size = Number(options.listings.replace(/_/g, ""));
  const database = await benchDatabase(size, options.database);
  const sqlite = new SQLite(database.sqliteFile, { readonly: true });
  const mix = listingQueryMix(readVocabulary(sqlite), { distinct: 200 });
  sqlite.close();
  const searchPath = mix.sequence.find((item) => item.shape === "word")?.path;
  console.log(
    `== cold start on ${size.toLocaleString("en-US")} listings, ${database.engine} (${database.label}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(`   targets (issue 17 §4): /healthz within 500 ms, the first /listings within 1000 ms of the process start`);
  for (let run = 0; run < runs; run += 1) {
    const r = await once({ DATABASE_URL: database.url, SEED_DEMO: "0", UPLOADS_DIR: path.resolve("data/bench-uploads") }, searchPath);
    console.log(
      `run ${run + 1}: /healthz ${fmt(r.healthz.sinceStart)} ms; first /listings ${fmt(r.listings.sinceStart)} ms after start (${fmt(r.listings.own)} ms itself); ` +
        `first search ${searchPath} ${fmt(r.search.sinceStart)} ms after start (${fmt(r.search.own)} ms itself); /listings warm median ${fmt(r.warmMedian)} ms`,
    );
  }
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
