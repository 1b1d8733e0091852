// The long hostile-input fuzz: the suite of tests/integration/security/hostile-input.test.ts — fast-check
// bodies against every action in app/routes, as a visitor and as the route's member, the huge streamed bodies, the
// checks of every answer — with many more generated bodies per route than `npm test` sends. One generator, one set of
// checks: this runs the same file with HOSTILE_RUNS raised and reads the figures it writes.
//
// Usage: node bench/hostile-input.mjs [--runs 300] [--seed N]
//   --runs: generated bodies per route and visitor (the suite's default is 16).
//   --seed: fast-check's seed, to replay a run (default: a new one each time).
// Prints the requests sent, the 5xx answers, refusals that stored something, the longest event-loop stall (a 50 ms
// timer task's lateness) and the slowest single request; exits 1 when any check failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "300" }, seed: { type: "string" } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs takes a whole number of bodies per route and visitor");
  process.exit(2);
}

const report = path.join(os.tmpdir(), `hostile-input-${process.pid}.json`);
const started = performance.now();
const run = spawnSync("npx", ["vitest", "run", "tests/integration/security/hostile-input.test.ts", "--reporter=dot"], {
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
  env: { ...process.env, HOSTILE_RUNS: String(runs), HOSTILE_REPORT: report, ...(values.seed ? { HOSTILE_SEED: values.seed } : {}) },
  stdio: ["ignore", "pipe", "pipe"],
});
const seconds = (performance.now() - started) / 1000;
if (!fs.existsSync(report)) {
  console.error(`The suite wrote no figures (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  process.exit(1);
}
const figures = JSON.parse(fs.readFileSync(report, "utf8"));
fs.rmSync(report, { force: true });

console.log(`== hostile input: ${runs} generated bodies per route and visitor, ${os.cpus().length} cores, ${seconds.toFixed(0)} s in all`);
console.log(`requests sent                     ${String(figures.requests).padStart(8)}`);
console.log(`answered 5xx                      ${String(figures.serverErrors).padStart(8)}`);
console.log(`refused but stored something      ${String(figures.stored).padStart(8)}`);
console.log(`max event-loop stall              ${String(figures.maxStallMs).padStart(8)} ms   (a 50 ms timer task's lateness; budget 1000 ms)`);
console.log(`slowest single request            ${String(figures.slowestMs).padStart(8)} ms`);
if (figures.seed !== undefined) console.log(`fast-check seed                   ${String(figures.seed).padStart(8)}`);
if (figures.problems.length > 0) {
  console.log(`\nproblems (first ${figures.problems.length}):`);
  for (const problem of figures.problems) console.log(`  ${problem.split("\n")[0]}`);
}
const failed = run.status !== 0;
if (failed) console.log(`\nthe suite failed (exit ${run.status}); its output:\n${run.stdout.split("\n").slice(-60).join("\n")}`);
process.exit(failed ? 1 : 0);
