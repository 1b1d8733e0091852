// The bulk import benchmark: 5,000 rows with 2 photos each from loopback, through the real services on a
// copy of data/bench-100000.sqlite, while the production server answers the /listings mix. The work is done by
// bench/bulk-import-engine.ts (tsx); this prints its figures.
//
// Usage: BUILD_DIR=build-<you> node bench/bulk-import.mjs [-- --rows 5000 --size 100000 --load-seconds 15]
//   The server runs from BUILD_DIR (default build/), which must hold a build with the bulk import's migration.
import { spawnSync } from "node:child_process";

const run = spawnSync(process.execPath, ["--import", "tsx", "bench/bulk-import-engine.ts", ...process.argv.slice(2)], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
  stdio: ["ignore", "pipe", "inherit"],
});
const last = run.stdout.trim().split("\n").at(-1) ?? "";
if (run.status !== 0 || !last.startsWith("{")) {
  console.error(`bench/bulk-import-engine.ts failed (${run.status}):\n${run.stdout}`);
  process.exit(1);
}
const r = JSON.parse(last);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `== Bulk import: ${r.rows} rows, ${(r.fileBytes / 1e6).toFixed(2)} MB, 2 photos per row (machine: ${r.cpus} cores, load ${r.load.map((l) => l.toFixed(2)).join(" ")})`,
);
console.log(
  `parse + validate    ${s(r.parseMs).padStart(9)}  (CPU ${s(r.parseCpuMs)})  ${Math.round(r.rows / (r.parseMs / 1000))} rows/s; ready ${r.readyAfterParse}, with errors ${r.errorsAfterParse}`,
);
console.log(`AI step (built-in)  ${s(r.aiMs).padStart(9)}  (CPU ${s(r.aiCpuMs)})  ${Math.round(r.rows / (r.aiMs / 1000))} rows/s`);
console.log(
  `import              ${s(r.importMs).padStart(9)}  (CPU ${s(r.importCpuMs)})  ${Math.round(r.created / (r.importMs / 1000))} listings/s; created ${r.created}, failed ${r.failed}`,
);
console.log(`peak memory (bench process, services + photo pipeline): ${r.peakRssMb.toFixed(0)} MB`);
console.log(
  `/listings mix, 4 clients: idle p50 ${r.idle.p50.toFixed(1)} ms p95 ${r.idle.p95.toFixed(1)} ms (${r.idle.count} req); during import p50 ${r.duringImport.p50.toFixed(1)} ms p95 ${r.duringImport.p95.toFixed(1)} ms (${r.duringImport.count} req); ratio ${(r.duringImport.p95 / r.idle.p95).toFixed(2)}× (target ≤ 2×)`,
);
