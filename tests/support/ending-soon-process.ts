// One server process for tests/integration/watcher-alerts.test.ts: opens the database file, says "ready", waits for
// "go" so the processes start together, then runs the scheduler's "ending soon" step as a server process would and
// prints one JSON line with how many auctions this process told watchers about.
//
// Usage: tsx tests/support/ending-soon-process.ts (configuration as JSON in the ENDING_SOON_CONFIG environment variable)
import readline from "node:readline";
import { openDatabase } from "#db/dialect.ts";
import { alertAuctionsEndingSoon } from "~/services/alerts/watcher-alerts.server.ts";

export interface EndingSoonProcessConfig {
  databaseFile: string;
  /** The clock of the process (ISO). */
  now: string;
}

export interface EndingSoonProcessReport {
  told: number;
  /** Anything thrown or logged as a failure: must stay empty. */
  errors: string[];
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.ENDING_SOON_CONFIG ?? "") as EndingSoonProcessConfig;
  const opened = openDatabase({ url: config.databaseFile, synchronous: "NORMAL", busyTimeoutMs: 60_000 });
  const report: EndingSoonProcessReport = { told: 0, errors: [] };
  // The step logs a failed auction and goes on; here a failure must be seen.
  console.error = (...args: unknown[]) => report.errors.push(args.map(String).join(" "));

  const lines = readline.createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.on("line", (line) => line.trim() === "go" && resolve()));
  process.stdout.write("ready\n");
  await go;
  lines.close();

  try {
    report.told = await alertAuctionsEndingSoon(opened.db, new Date(config.now));
  } catch (error) {
    report.errors.push(error instanceof Error ? error.message : String(error));
  }
  await opened.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

await main();
