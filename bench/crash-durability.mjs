// Crash durability, the heavy variant: a bidding server killed with SIGKILL many times at random moments
// under HTTP bidding load and restarted on the same database file; after each restart the database must hold every
// acknowledged bid, obey the bidding rules and pass `PRAGMA integrity_check`. The run and its checks are those of
// tests/integration/auctions/crash-durability.test.ts (tests/support/crash-durability.ts, loaded here through tsx).
// Prints the kills, requests, acknowledged bids and how many were found, the requests cut off by a kill (and how
// many of them had committed), the integrity results and the time to restart (p50/p95/max); exits 1 on any failure.
//
// Usage: npm run bench:crash [-- --kills 100 --bidders 10 --answers 40-200 --seed 15 --server child|production]
//   --server child (default): tests/support/crash-bid-server.ts, the app's production start and bid endpoint
//   without a build. --server production: `node server.mjs` on the production build (BUILD_DIR, default build/,
//   which must exist: npm run build), bids through its POST /api/auctions/{id}/bids.
//   DATABASE_SYNCHRONOUS is passed on to the server (default FULL, as in production).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

const { values: options } = parseArgs({
  options: {
    kills: { type: "string", default: "100" },
    bidders: { type: "string", default: "10" },
    answers: { type: "string", default: "40-200" },
    seed: { type: "string", default: "15" },
    server: { type: "string", default: "child" },
    verbose: { type: "boolean", default: false },
  },
});
const kills = Number(options.kills);
const [fewest, most] = options.answers.split("-").map(Number);
if (!Number.isInteger(kills) || kills < 1) throw new Error(`--kills: a whole number, at least 1 (got "${options.kills}")`);
if (!(fewest >= 1 && most >= fewest)) throw new Error(`--answers: two numbers such as 40-200 (got "${options.answers}")`);
if (!["child", "production"].includes(options.server)) throw new Error(`--server: child or production (got "${options.server}")`);

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (options.server === "production" && !fs.existsSync(path.join(buildDir, "server", "index.js"))) {
  console.error(`No production build in ${buildDir}: run npm run build first (or use --server child).`);
  process.exit(1);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-crash-bench-"));
const file = path.join(dir, "crash.sqlite");
const sessionSecret = crypto.randomBytes(24).toString("hex");
// The support code reads the app's configuration when it signs sessions; it must name this database.
Object.assign(process.env, { DATABASE_URL: file, SESSION_SECRET: sessionSecret, SEED_DEMO: "0" });

register();
const { openDatabase } = await import("../db/dialect.ts");
const { migrateToLatest } = await import("../db/migrate.ts");
const { syncReferenceData } = await import("../db/reference-data.ts");
const { crashBidServerCommand, runCrashDurability } = await import("../tests/support/crash-durability.ts");

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const synchronous = process.env.DATABASE_SYNCHRONOUS ?? "FULL";

let failed = false;
try {
  const opened = openDatabase({ url: file, synchronous: "OFF" });
  await migrateToLatest(opened.db, opened.dialect);
  await syncReferenceData(opened.db);
  await opened.close();

  const server =
    options.server === "production"
      ? {
          args: ["server.mjs"],
          env: { NODE_ENV: "production", BUILD_DIR: buildDir, DATABASE_URL: file, SESSION_SECRET: sessionSecret, SEED_DEMO: "0", PORT: "0" },
        }
      : crashBidServerCommand(file, sessionSecret);
  console.log(
    `Crash durability: ${kills} kills of the ${options.server === "production" ? `production server (${buildDir})` : "crash bid server (tests/support/crash-bid-server.ts)"}, ` +
      `${options.bidders} bidders, a kill after ${fewest}–${most} answers, DATABASE_SYNCHRONOUS=${synchronous}, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
  const report = await runCrashDurability({
    databaseFile: file,
    sessionSecret,
    server,
    kills,
    bidders: Number(options.bidders),
    answersBeforeKill: [fewest, most],
    seed: Number(options.seed),
    log: (line) => {
      const restart = Number(/^restart (\d+)/.exec(line)?.[1]);
      if (options.verbose || restart % 10 === 0 || !/integrity ok; (\d+)\/\1 acknowledged.* 0 problems$/.test(line)) console.log(`  ${line}`);
    },
  });

  const restartMs = report.checks.map((check) => check.restartMs).sort((a, b) => a - b);
  const integrityOk = report.checks.filter((check) => check.integrity === "ok").length;
  const complete = report.checks.filter((check) => check.found === check.acknowledged).length;
  const problems = report.checks.flatMap((check) => check.problems.map((problem) => `restart ${check.restart}: ${problem}`));
  const seconds = report.ms / 1000;
  console.log("");
  console.log(`kills                       ${report.kills} in ${seconds.toFixed(1)} s`);
  console.log(`requests                    ${report.requests} (${(report.requests / seconds).toFixed(0)}/s over the whole run, restarts included)`);
  console.log(`acknowledged bids           ${report.acknowledged}; refused ${report.refused}`);
  console.log(
    `acknowledged bids found     ${report.found} of ${report.acknowledged} after the last restart; all found after ${complete} of ${report.checks.length} restarts`,
  );
  console.log(`requests cut off by a kill  ${report.inDoubt}, of which ${report.inDoubtStored} had committed (a bid whose answer was lost)`);
  console.log(`integrity_check             ok after ${integrityOk} of ${report.checks.length} restarts`);
  console.log(`rule problems               ${problems.length}`);
  console.log(
    `time to restart             p50 ${percentile(restartMs, 50).toFixed(0)} ms, p95 ${percentile(restartMs, 95).toFixed(0)} ms, max ${restartMs[restartMs.length - 1].toFixed(0)} ms (start of the process to a healthy /healthz)`,
  );
  for (const problem of problems.slice(0, 20)) console.log(`  ✖ ${problem}`);
  for (const error of report.errors.slice(0, 20)) console.log(`  ✖ ${error}`);
  failed = problems.length > 0 || report.errors.length > 0 || integrityOk < report.checks.length || complete < report.checks.length;
  console.log(failed ? "\nFAILED" : "\nEvery acknowledged bid survived every kill.");
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
