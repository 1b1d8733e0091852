// The AI listing benchmark's engine (run by bench/ai.mjs with tsx): the production server (server.mjs on BUILD_DIR)
// receives POST /resources/ai-listing over HTTP as a browser sends it, multipart with four deterministic photos
// (12 megapixels unless --megapixels says otherwise), from a new client address each time (the visitors' rate limit
// is not what is measured); the fake OpenAI server answers at once. Each generation's server overhead is its wall
// time (upload and answer included) minus the time its ai_generations row says was spent on the model. Prints one
// JSON line. The database is a fresh SQLite file, or with --database / DATABASE_URL postgres://… a fresh database
// in that cluster (dropped afterwards).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import sharp from "sharp";
import { chosenDatabase } from "./bench-database.mjs";
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "30" },
    warmup: { type: "string", default: "3" },
    photos: { type: "string", default: "4" },
    megapixels: { type: "string", default: "12" },
    demo: { type: "boolean", default: false },
    database: { type: "string" },
  },
});
const RUNS = Number(options.runs);
const WARMUP = Number(options.warmup);
const PHOTOS = Number(options.photos);
const MEGAPIXELS = Number(options.megapixels);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

/** A 4:3 photo-like JPEG of `megapixels` (quality 90): smooth gradients, a panel with fine detail, a label; seed varies it. */
async function photoOf(megapixels: number, seed: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megapixels * 1e6 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const panel = x > width / 5 && x < (width * 4) / 5 && y > height / 5 && y < (height * 4) / 5;
      const detail = ((x * 7 + y * 13 + seed * 31) % 29) * 3;
      pixels[i] = panel ? 40 + detail : (x * 255) / width;
      pixels[i + 1] = panel ? 45 + ((x ^ y) & 15) * 4 : (y * 255) / height;
      pixels[i + 2] = panel ? 50 + ((seed * 40 + x / 8) % 60) : 128 + seed * 20;
    }
  }
  const labelWidth = Math.round(width * 0.3);
  const labelHeight = Math.round(labelWidth / 4);
  const label = Buffer.from(
    `<svg width="${labelWidth}" height="${labelHeight}"><rect width="${labelWidth}" height="${labelHeight}" fill="#eee"/><text x="${labelWidth / 30}" y="${(labelHeight * 3) / 5}" font-size="${labelHeight * 0.4}" fill="#111">MODEL DSOX${1200 + seed}</text></svg>`,
  );
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([{ input: label, left: Math.round(width * 0.35), top: Math.round(height * 0.83) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** A process's CPU time so far (user + system, ms), from /proc; NaN where there is none. */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
  const built = spawnSync("npx", ["remix", "vite:build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR: buildDir } });
  if (built.status !== 0) throw new Error("build failed");
}

// The fake model in its own process, so the server's CPU time is the server's alone.
const fakePort = (await freePort()) as number;
const fake = startProcess(["--import", "tsx", "tests/support/fake-openai-server.ts", String(fakePort)], {});
await waitForOk(`http://127.0.0.1:${fakePort}/healthz`, fake.child, fake.output);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-ai-bench-"));
const chosen = chosenDatabase(options.database) as string | undefined;
const postgresBase = chosen && /^postgres(ql)?:\/\//i.test(chosen) ? chosen : undefined;
let databaseUrl = path.join(dir, "bench.sqlite");
let dropDatabase = async () => {};
if (postgresBase) {
  const name = `tradebench_bench_ai_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresBase });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresBase);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: postgresBase });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  };
}
/** The model's time of one generation, from its row. */
async function modelMs(generationId: number): Promise<{ model: number; server: number }> {
  if (postgresBase) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const row = (await client.query("select model_ms, server_ms from ai_generations where id = $1", [generationId])).rows[0];
      return { model: Number(row.model_ms), server: Number(row.server_ms) };
    } finally {
      await client.end();
    }
  }
  const sqlite = new SQLite(databaseUrl, { readonly: true });
  try {
    const row = sqlite.prepare("select model_ms, server_ms from ai_generations where id = ?").get(generationId) as { model_ms: number; server_ms: number };
    return { model: row.model_ms, server: row.server_ms };
  } finally {
    sqlite.close();
  }
}

const port = (await freePort()) as number;
const base = `http://127.0.0.1:${port}`;
const server = startProcess(["server.mjs"], {
  NODE_ENV: "production",
  PORT: String(port),
  BUILD_DIR: buildDir,
  DATABASE_URL: databaseUrl,
  UPLOADS_DIR: path.join(dir, "uploads"),
  SESSION_SECRET: "bench-secret-bench-secret-bench-secret-000",
  PUBLIC_URL: base,
  TRUST_PROXY: "1",
  COOKIE_SECURE: "0",
  SEED_DEMO: options.demo ? "1" : "0",
  OPENAI_API_KEY: "bench-key",
  OPENAI_BASE_URL: `http://127.0.0.1:${fakePort}/v1`,
  OPENAI_MODEL: "fake-writer",
  OPENAI_VISION_MODEL: "fake-vision",
});

try {
  await waitForOk(`${base}/healthz`, server.child, server.output);
  const { analysisPhotos } = await import("~/services/ai/photos.server.ts");

  const madeAt = performance.now();
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, seed) => photoOf(MEGAPIXELS, seed)));
  const photoMs = performance.now() - madeAt;
  const photoInfo = await Promise.all(photos.map(async (bytes) => ({ ...(await sharp(bytes).metadata()), bytes: bytes.length })));

  async function generateOnce(run: number) {
    const form = new FormData();
    form.set("brand", "Keysight");
    form.set("model", "DSOX1204G");
    form.set("condition", "used_good");
    photos.forEach((bytes, i) => form.append("photos", new File([new Uint8Array(bytes)], `photo-${i}.jpg`, { type: "image/jpeg" })));
    const cpu = processCpuMs(server.child.pid);
    const started = performance.now();
    const response = await fetch(`${base}/resources/ai-listing`, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json", Origin: base, "X-Forwarded-For": `10.0.${run >> 8}.${run & 255}` },
    });
    const body = (await response.json()) as { generationId?: number; fallbackMode?: boolean };
    const wallMs = performance.now() - started;
    const cpuMs = processCpuMs(server.child.pid) - cpu;
    if (response.status !== 200 || typeof body.generationId !== "number") throw new Error(`run ${run}: HTTP ${response.status} ${JSON.stringify(body)}`);
    if (body.fallbackMode) throw new Error(`run ${run}: the fallback wrote the draft; the fake model should have`);
    const row = await modelMs(body.generationId);
    return { wallMs, modelMs: row.model, recordedServerMs: row.server, serverMs: wallMs - row.model, cpuMs };
  }
  for (let i = 0; i < WARMUP; i += 1) await generateOnce(10_000 + i);
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await generateOnce(i));

  const shrinkRuns: number[] = [];
  const shrinkCpu: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    // Fresh copies: the service remembers its answer per buffer, and an upload's bytes are always new buffers.
    const copies = photos.map((bytes) => Buffer.from(bytes));
    const cpu = process.cpuUsage();
    const t = performance.now();
    await analysisPhotos(copies);
    shrinkRuns.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    shrinkCpu.push((used.user + used.system) / 1000);
  }

  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
  };
  console.log(
    JSON.stringify({
      runs: RUNS,
      engine: postgresBase ? "postgres" : "sqlite",
      photos: photoInfo.map((p) => ({ width: p.width, height: p.height, bytes: p.bytes })),
      photoMakingMs: photoMs,
      serverMs: stats(runs.map((r) => r.serverMs)),
      recordedServerMs: stats(runs.map((r) => r.recordedServerMs)),
      modelMs: stats(runs.map((r) => r.modelMs)),
      wallMs: stats(runs.map((r) => r.wallMs)),
      shrinkMs: stats(shrinkRuns),
      shrinkCpuMs: stats(shrinkCpu),
      cpuMs: stats(runs.map((r) => r.cpuMs)),
      loadAverage: os.loadavg(),
    }),
  );
} finally {
  await stopProcess(server.child);
  await stopProcess(fake.child);
  await dropDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
}
