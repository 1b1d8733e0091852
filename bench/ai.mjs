// The AI listing benchmark: server overhead of POST /resources/ai-listing over HTTP, multipart with
// 4 photos of 12 megapixels as a browser uploads them, on the production server; the model's own time excluded (a
// local fake OpenAI server answers at once; its time is read from ai_generations). ~30 generations one after another.
// Prints p50/p95 and the budget's verdict (p95 ≤ 150 ms).
//
// Usage: npm run bench:ai [-- --runs 30 --warmup 3 --photos 4 --megapixels 12 --demo --database postgres://…]
//   --demo: the demo marketplace seeded first, so the price guidance reads real comparables.
//   --megapixels 2: what the browser sends once it shrinks photos before upload.
//   --database / DATABASE_URL=postgres://…: a fresh database in that cluster (dropped afterwards); else a fresh SQLite file.
//   The server runs from BUILD_DIR (default build/), built first when missing.
import { spawnSync } from "node:child_process";
import os from "node:os";

const SERVER_P95_BUDGET_MS = 150;

const run = spawnSync(process.execPath, ["--import", "tsx", "bench/ai-engine.ts", ...process.argv.slice(2)], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
  stdio: ["ignore", "pipe", "inherit"],
});
const last = run.stdout.trim().split("\n").at(-1) ?? "";
if (run.status !== 0 || !last.startsWith("{")) {
  console.error(`bench/ai-engine.ts failed (${run.status}):\n${run.stdout}`);
  process.exit(1);
}
const result = JSON.parse(last);
const fmt = (ms) => ms.toFixed(1);
const line = (name, s) =>
  console.log(`${name.padEnd(36)} p50 ${fmt(s.p50).padStart(7)} ms   p95 ${fmt(s.p95).padStart(7)} ms   max ${fmt(s.max).padStart(7)} ms`);

console.log(
  `== AI listing generation over HTTP (${result.engine}): ${result.runs} runs, ${result.photos.length} photos of ${result.photos.map((p) => `${p.width}×${p.height} (${(p.bytes / 1e6).toFixed(1)} MB)`).join(", ")}`,
);
console.log(
  `   ${os.cpus().length} cores, load average at the end ${result.loadAverage.map((l) => l.toFixed(2)).join(" ")} (other work on the machine inflates wall times)`,
);
line("server overhead (wall − model)", result.serverMs);
line("server time (ai_generations row)", result.recordedServerMs);
line("model time (fake, answers at once)", result.modelMs);
line("wall time", result.wallMs);
line("server process CPU time", result.cpuMs);
line("photo shrinking alone, in process", result.shrinkMs);
line("photo shrinking alone, CPU time", result.shrinkCpuMs);
const pass = result.serverMs.p95 <= SERVER_P95_BUDGET_MS;
console.log(`budget: server overhead p95 ${fmt(result.serverMs.p95)} ms ≤ ${SERVER_P95_BUDGET_MS} ms: ${pass ? "PASS" : "FAIL"}`);
if (!pass) process.exitCode = 1;
