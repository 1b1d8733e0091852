// Crash durability: a server under bidding load, killed with SIGKILL five times at random moments and
// restarted on the same database file; after each restart every bid it acknowledged is stored, the stored bids obey
// the bidding rules, and `PRAGMA integrity_check` says ok. The run and its checks: tests/support/crash-durability.ts;
// bench/crash-durability.mjs runs the same with many more kills and prints the figures.
//
// Which server: `npm test` runs vitest before the production build, so the test cannot start `node server.mjs`. It
// starts tests/support/crash-bid-server.ts instead, a child process that runs the production start
// (`prepareServer`: environment, migrations, reference data, scheduler) and answers POST /api/auctions/{id}/bids
// with `answerBidApi`, the very function server.mjs answers that endpoint with. So each bid goes the real way to disk:
// session cookie, the bid form's schema, `placeBid`'s group commit on the app's database handle with
// DATABASE_SYNCHRONOUS at its production default (FULL), and the answer only after the commit. Calling placeBid in
// a bare process instead would skip the app's handle and settings; the production build (Express, Remix) adds no
// write to the path. The bench can run the production server itself (--server production).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { crashBidServerCommand, runCrashDurability } from "../../support/crash-durability.ts";
import { onPostgres } from "../../support/test-database.ts";

const TEMPLATE = path.join(path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp"), "template.sqlite");
const KILLS = Number(process.env.CRASH_DURABILITY_KILLS ?? 5);
const SESSION_SECRET = crypto.randomBytes(24).toString("hex");
// Outside tests/.tmp: another vitest run's global setup empties that folder, and the restarted server would then
// start on a new, empty database.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-crash-"));
const file = path.join(dir, "crash.sqlite");

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// SQLite only: this is about the embedded database's file (a server killed mid-commit, the WAL replayed at the restart,
// PRAGMA integrity_check), copied from the SQLite template. On PostgreSQL the database server keeps the commits; killing
// an app server under load is the cluster bench's run (bench/cluster).
describe.skipIf(onPostgres)("a bidding server killed with SIGKILL", () => {
  it(`keeps every acknowledged bid and an intact database through ${KILLS} kills`, async () => {
    fs.copyFileSync(TEMPLATE, file);
    const report = await runCrashDurability({
      databaseFile: file,
      sessionSecret: SESSION_SECRET,
      server: crashBidServerCommand(file, SESSION_SECRET),
      kills: KILLS,
      bidders: 10,
      answersBeforeKill: [30, 150],
      seed: 15,
    });
    console.log(
      `crash durability: ${report.kills} kills in ${(report.ms / 1000).toFixed(1)} s, ${report.requests} requests, ` +
        `${report.acknowledged} acknowledged (all ${report.found} found), ${report.inDoubt} cut off by a kill ` +
        `(${report.inDoubtStored} of them committed), restarts ${report.checks.map((c) => `${c.restartMs.toFixed(0)}`).join(", ")} ms`,
    );

    expect(report.errors).toEqual([]);
    expect(report.checks).toHaveLength(KILLS);
    for (const check of report.checks) {
      expect(check.integrity, `integrity after restart ${check.restart}`).toBe("ok");
      expect(check.found, `acknowledged bids found after restart ${check.restart}`).toBe(check.acknowledged);
      expect(check.problems, `bids after restart ${check.restart}`).toEqual([]);
    }
    // The kills really came under load: bids were acknowledged in every run before a kill, and requests were cut off.
    const acknowledgedPerRun = report.checks.map((check, i) => check.acknowledged - (report.checks[i - 1]?.acknowledged ?? 0));
    expect(Math.min(...acknowledgedPerRun)).toBeGreaterThan(0);
    expect(report.inDoubt).toBeGreaterThan(0);
  }, 120_000);
});
