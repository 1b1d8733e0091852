// The bulk import benchmark's engine (run by bench/bulk-import.mjs with tsx): a 5,000-row CSV with 2 photos per row
// served from a loopback server (let through by PHOTO_FETCH_ALLOWED_HOSTS, as only tests and benchmarks do), through
// the real services on a copy of data/bench-100000.sqlite: parse + validate (stream parse, rows stored, mapping and the
// listing form's checks), the AI step (built-in generator: no model key), the import (photos fetched and converted,
// listings created in batches). Meanwhile the production server on the same database answers the /listings query mix
// (bench/listing-mix.mjs) from 4 concurrent clients: p95 idle (before) and during the import. Prints one JSON line.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import sharp from "sharp";
import { listingQueryMix, readVocabulary } from "./listing-mix.mjs";
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";

const { values: options } = parseArgs({
  options: {
    rows: { type: "string", default: "5000" },
    size: { type: "string", default: "100000" },
    "load-seconds": { type: "string", default: "15" },
  },
});
const ROWS = Number(options.rows);
const source = path.resolve(`data/bench-${options.size}.sqlite`);
const copy = path.resolve(`.scratch/bulk-bench-${process.pid}.sqlite`);
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-bulk-bench-"));
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

/** Latency percentiles of the /listings mix from `clients` concurrent clients until `until()` says stop. */
async function listingsLoad(
  base: string,
  urls: string[],
  until: () => boolean,
  clients = 4,
): Promise<{ count: number; errors: number; p50: number; p95: number }> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!until()) {
        const url = urls[next++ % urls.length]!;
        const started = performance.now();
        try {
          const answer = await fetch(`${base}${url}`);
          await answer.arrayBuffer();
          if (answer.status >= 500) errors += 1;
          else times.push(performance.now() - started);
        } catch {
          // A connection the server closed while idle (EPIPE): counted, and the client goes on.
          errors += 1;
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { count: times.length, errors, p50: at(0.5), p95: at(0.95) };
}

const note = (text: string) => console.error(`[bulk-import bench ${new Date().toISOString().slice(11, 19)}] ${text}`);

async function main() {
  fs.copyFileSync(source, copy);
  // Two small JPEG photos, as a seller's host would serve them.
  const photos = await Promise.all(
    [
      { r: 30, g: 90, b: 160 },
      { r: 200, g: 120, b: 40 },
    ].map((background) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
  const photoServer = http.createServer((request, response) => {
    const index = request.url?.includes("-b") ? 1 : 0;
    response.writeHead(200, { "Content-Type": "image/jpeg" });
    response.end(photos[index]);
  });
  await new Promise<void>((resolve) => photoServer.listen(0, "127.0.0.1", resolve));
  const photoPort = (photoServer.address() as AddressInfo).port;
  process.env.PHOTO_FETCH_ALLOWED_HOSTS = `127.0.0.1:${photoPort}`;
  delete process.env.OPENAI_API_KEY;
  process.env.DATABASE_URL = copy;
  process.env.UPLOADS_DIR = uploadsDir;

  // The site under load: the production server on the same database (it migrates it on start).
  const port = await freePort();
  const server = startProcess(["server.mjs"], {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: copy,
    SEED_DEMO: "0",
    UPLOADS_DIR: uploadsDir,
    BUILD_DIR: buildDir,
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    PUBLIC_URL: `http://localhost:${port}`,
    TRUST_PROXY: "1",
    COOKIE_SECURE: "0",
    AUCTION_SCHEDULER_INTERVAL_MS: "0",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/healthz`, server.child, server.output);
    const sqlite = new SQLite(copy, { readonly: true });
    const mix = listingQueryMix(readVocabulary(sqlite), { distinct: 1_000 }) as { sequence: Array<string | { path: string }> };
    const urls = mix.sequence.map((entry) => (typeof entry === "string" ? entry : entry.path));
    sqlite.close();

    const { openDatabase } = await import("../db/dialect.ts");
    const { migrateToLatest } = await import("../db/migrate.ts");
    const opened = openDatabase({ url: copy });
    await migrateToLatest(opened.db, opened.dialect);
    const db = opened.db;
    const { parseBulkCsv, chunksOf } = await import("../app/services/bulk-import/bulk-csv.server.ts");
    const { applyBulkMapping, createBulkImport, continueToPayment, startBulkImport, getBulkImport } =
      await import("../app/services/bulk-import/bulk-import.server.ts");
    const { runBulkAiJob, runBulkImportJob, startBulkAi } = await import("../app/flows/bulk-import-jobs.server.ts");
    const { DiskStore } = await import("../app/services/storage/index.server.ts");

    const sellerId = crypto.randomUUID();
    await db
      .insertInto("users")
      .values({ id: sellerId, email: `bulk-bench-${sellerId}@example.com`, password_hash: "x" } as never)
      .execute();
    await db
      .insertInto("profiles")
      .values({ id: sellerId, email: `bulk-bench-${sellerId}@example.com`, role: "seller" } as never)
      .execute();

    const brands = ["Fluke", "Keysight", "Tektronix", "Rohde & Schwarz", "Hioki", "Yokogawa", "Anritsu", "Siemens"];
    const conditions = ["new", "like_new", "excellent", "good", "fair", "poor"];
    let text = "brand,model,condition,price,photo_urls,description,location\r\n";
    for (let i = 0; i < ROWS; i += 1) {
      const photo = (k: string) => `http://127.0.0.1:${photoPort}/p${i}-${k}.jpg`;
      const description = i % 2 === 0 ? `"Unit ${i}, tested, with ""calibration"" report"` : "";
      text += `${brands[i % brands.length]},M${1000 + i},${conditions[i % conditions.length]},${(100 + (i % 900)).toFixed(2)},${photo("a")};${photo("b")},${description},"Dayton, OH"\r\n`;
    }
    const bytes = new TextEncoder().encode(text);

    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
    const cpuAt = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };

    const idle = await (async () => {
      const stopAt = Date.now() + Number(options["load-seconds"]) * 1000;
      return listingsLoad(base, urls, () => Date.now() > stopAt);
    })();

    note(`idle /listings: ${idle.count} requests, p95 ${idle.p95.toFixed(1)} ms`);
    let t = performance.now();
    let cpu = cpuAt();
    const parsed = await parseBulkCsv(chunksOf(bytes));
    const importId = await createBulkImport(db, sellerId, "bench.csv", parsed);
    const mapping = (await getBulkImport(db, sellerId, importId)).mapping;
    await applyBulkMapping(db, sellerId, importId, mapping);
    const parseMs = performance.now() - t;
    const parseCpuMs = cpuAt() - cpu;
    const afterParse = await getBulkImport(db, sellerId, importId);

    note(`parsed and checked in ${parseMs.toFixed(0)} ms; AI step starts`);
    t = performance.now();
    cpu = cpuAt();
    await startBulkAi(db, sellerId, importId);
    await runBulkAiJob(db, importId);
    const aiMs = performance.now() - t;
    const aiCpuMs = cpuAt() - cpu;

    note(`AI step done in ${aiMs.toFixed(0)} ms; import starts`);
    await continueToPayment(db, sellerId, importId);
    await startBulkImport(db, sellerId, importId, null);
    t = performance.now();
    cpu = cpuAt();
    let importing = true;
    const during = listingsLoad(base, urls, () => !importing);
    await runBulkImportJob(db, new DiskStore(uploadsDir), importId);
    importing = false;
    const importMs = performance.now() - t;
    const importCpuMs = cpuAt() - cpu;
    const duringLoad = await during;
    clearInterval(sampler);
    const done = await getBulkImport(db, sellerId, importId);
    await opened.close();
    console.log(
      JSON.stringify({
        rows: ROWS,
        fileBytes: bytes.byteLength,
        readyAfterParse: afterParse.readyCount,
        errorsAfterParse: afterParse.errorCount,
        parseMs,
        parseCpuMs,
        aiMs,
        aiCpuMs,
        importMs,
        importCpuMs,
        created: done.createdCount,
        failed: done.failedCount,
        peakRssMb: peakRss / 1024 / 1024,
        idle,
        duringImport: duringLoad,
        load: os.loadavg(),
        cpus: os.cpus().length,
      }),
    );
  } finally {
    await stopProcess(server.child);
    photoServer.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${copy}${suffix}`, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
