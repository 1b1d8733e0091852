// One scheduler process for tests/integration/auction-scheduler-processes.test.ts: opens the database file, says
// "ready" on stdout, waits for "go" on stdin so the processes start together, then does what a server process does
// at the same moment as the others: a scheduler pass, and a settle-on-read of every auction (in its own order, before
// or after the pass). Prints one JSON line with what this process's pass started and ended.
//
// Usage: tsx tests/support/lifecycle-process.ts (configuration as JSON in the LIFECYCLE_CONFIG environment variable)
import readline from "node:readline";
import { openDatabase } from "#db/dialect.ts";
import { runAuctionLifecycle, settleAuctionIfDue } from "~/flows/auction-settlement.server.ts";

export interface LifecycleProcessConfig {
  databaseFile: string;
  /** The clock of both processes (ISO). */
  now: string;
  /** Auctions to read (settle on read), in this order. */
  readOrder: number[];
  /** Read them before the pass instead of after it. */
  readFirst: boolean;
}

export interface LifecycleProcessReport {
  started: number;
  ended: number;
  failed: number;
  /** Anything thrown: must stay empty. */
  errors: string[];
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.LIFECYCLE_CONFIG ?? "") as LifecycleProcessConfig;
  const opened = openDatabase({ url: config.databaseFile, synchronous: "NORMAL", busyTimeoutMs: 60_000 });
  const now = new Date(config.now);
  const report: LifecycleProcessReport = { started: 0, ended: 0, failed: 0, errors: [] };
  const failures: unknown[] = [];
  // The service logs a failed auction and goes on; here a failure must be seen.
  console.error = (...args: unknown[]) => failures.push(args.map(String).join(" "));

  const lines = readline.createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.on("line", (line) => line.trim() === "go" && resolve()));
  process.stdout.write("ready\n");
  await go;
  lines.close();

  try {
    const readAll = async () => {
      for (const auctionId of config.readOrder) await settleAuctionIfDue(opened.db, auctionId, now);
    };
    if (config.readFirst) await readAll();
    const counts = await runAuctionLifecycle(opened.db, now);
    report.started = counts.started;
    report.ended = counts.ended;
    report.failed = counts.failed;
    if (!config.readFirst) await readAll();
  } catch (error) {
    report.errors.push(error instanceof Error ? error.message : String(error));
  }
  report.errors.push(...failures.map(String));
  await opened.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

await main();
