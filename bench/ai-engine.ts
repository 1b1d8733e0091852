// The AI listing benchmark's engine (run by bench/ai.mjs with tsx): POST /resources/ai-listing, in process, with four
// deterministic 12-megapixel photos, the fake OpenAI server answering at once. Each generation's server time is its
// wall time minus the time the row in ai_generations says was spent on the model. Prints one JSON line.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "30" },
    warmup: { type: "string", default: "3" },
    photos: { type: "string", default: "4" },
    demo: { type: "boolean", default: false },
  },
});
const RUNS = Number(options.runs);
const WARMUP = Number(options.warmup);
const PHOTOS = Number(options.photos);

/** A 4000 × 3000 photo-like JPEG (quality 90): smooth gradients, a panel with fine detail, a label; seed varies it. */
async function twelveMegapixelPhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const panel = x > 800 && x < 3200 && y > 600 && y < 2400;
      const detail = ((x * 7 + y * 13 + seed * 31) % 29) * 3;
      pixels[i] = panel ? 40 + detail : (x * 255) / width;
      pixels[i + 1] = panel ? 45 + ((x ^ y) & 15) * 4 : (y * 255) / height;
      pixels[i + 2] = panel ? 50 + ((seed * 40 + x / 8) % 60) : 128 + seed * 20;
    }
  }
  const label = Buffer.from(
    `<svg width="1200" height="300"><rect width="1200" height="300" fill="#eee"/><text x="40" y="180" font-size="120" fill="#111">MODEL DSOX${1200 + seed}</text></svg>`,
  );
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([{ input: label, left: 1400, top: 2500 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

// The fake model in its own process, so this process's CPU time is the server's alone.
const port = (await freePort()) as number;
const fake = startProcess(["--import", "tsx", "tests/support/fake-openai-server.ts", String(port)], {});
await waitForOk(`http://127.0.0.1:${port}/healthz`, fake.child, fake.output);
const fakeUrl = `http://127.0.0.1:${port}/v1`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-ai-bench-"));
Object.assign(process.env, {
  NODE_ENV: "production",
  DATABASE_URL: path.join(dir, "bench.sqlite"),
  UPLOADS_DIR: path.join(dir, "uploads"),
  SESSION_SECRET: "bench-secret-bench-secret-bench-secret-000",
  SEED_DEMO: options.demo ? "1" : "0",
  OPENAI_API_KEY: "bench-key",
  OPENAI_BASE_URL: fakeUrl,
  OPENAI_MODEL: "fake-writer",
  OPENAI_VISION_MODEL: "fake-vision",
});

try {
  const { getDb, prepareDatabase } = await import("~/db.server.ts");
  const route = await import("~/routes/resources.ai-listing.ts");
  const { analysisPhotos } = await import("~/services/ai/photos.server.ts");
  const { seedDemoMarketplace } = await import("#db/seed/demo.ts");
  await prepareDatabase(() => {}, seedDemoMarketplace);
  const db = getDb();

  const madeAt = performance.now();
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, seed) => twelveMegapixelPhoto(seed)));
  const photoMs = performance.now() - madeAt;
  const photoInfo = await Promise.all(photos.map(async (bytes) => ({ ...(await sharp(bytes).metadata()), bytes: bytes.length })));

  async function generateOnce(run: number) {
    const form = new FormData();
    form.set("brand", "Keysight");
    form.set("model", "DSOX1204G");
    form.set("condition", "used_good");
    photos.forEach((bytes, i) => form.append("photos", new File([new Uint8Array(bytes)], `photo-${i}.jpg`, { type: "image/jpeg" })));
    const request = new Request("http://localhost/resources/ai-listing", { method: "POST", body: form, headers: { Accept: "application/json" } });
    const cpu = process.cpuUsage();
    const started = performance.now();
    // A new client address per run: the visitors' rate limit is not what is measured.
    const response = await route.action({ request, params: {}, context: { cspNonce: "", clientIp: `10.0.${run >> 8}.${run & 255}` } });
    const body = (await response.json()) as { generationId?: number; fallbackMode?: boolean };
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (response.status !== 200 || typeof body.generationId !== "number") throw new Error(`run ${run}: HTTP ${response.status} ${JSON.stringify(body)}`);
    if (body.fallbackMode) throw new Error(`run ${run}: the fallback wrote the draft; the fake model should have`);
    const row = await db.selectFrom("ai_generations").select(["server_ms", "model_ms"]).where("id", "=", body.generationId).executeTakeFirstOrThrow();
    return { wallMs, modelMs: row.model_ms, recordedServerMs: row.server_ms, serverMs: wallMs - row.model_ms, cpuMs: (used.user + used.system) / 1000 };
  }

  for (let i = 0; i < WARMUP; i += 1) await generateOnce(10_000 + i);
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await generateOnce(i));

  const shrinkRuns: number[] = [];
  const shrinkCpu: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    await analysisPhotos(photos);
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
  await stopProcess(fake.child);
  fs.rmSync(dir, { recursive: true, force: true });
}
