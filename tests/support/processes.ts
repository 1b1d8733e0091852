// Runs test scripts as separate OS processes that start work at the same moment: each process opens what it needs,
// prints "ready", waits for "go" on stdin, does its work and prints its report as the last line of stdout (JSON).
// Used by the tests that race server processes on one database, a SQLite file or PostgreSQL (each script opens the
// database from `opened.url`): tests/support/lifecycle-process.ts, buy-now-worker.ts, bidder-process.ts,
// ending-soon-process.ts.
import { spawn } from "node:child_process";
import path from "node:path";

export interface TestProcess {
  /** The script, relative to the project root; it runs under tsx. */
  script: string;
  args?: string[];
  /** Added to this process's environment (e.g. the configuration as JSON). */
  env?: Record<string, string>;
}

interface Started<Report> {
  ready: Promise<void>;
  exited: Promise<Report>;
  go: () => void;
}

function start<Report>({ script, args = [], env = {} }: TestProcess): Started<Report> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(script), ...args], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += String(chunk);
    if (stdout.startsWith("ready\n")) markReady();
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
  const exited = new Promise<Report>((resolve, reject) => {
    child.on("exit", (code) => {
      markReady();
      const last = stdout.trim().split("\n").pop() ?? "";
      if (code !== 0 || !last.startsWith("{")) reject(new Error(`${path.basename(script)} exited with ${code}:\n${stdout}\n${stderr}`));
      else resolve(JSON.parse(last) as Report);
    });
  });
  return { ready, exited, go: () => child.stdin.end("go\n") };
}

/** Starts every process, says "go" to all of them once all are ready, and resolves with their reports in order. */
export async function runTogether<Report>(processes: TestProcess[]): Promise<Report[]> {
  const started = processes.map((spec) => start<Report>(spec));
  await Promise.all(started.map((child) => child.ready));
  for (const child of started) child.go();
  return Promise.all(started.map((child) => child.exited));
}
