// What the benchmarks share for the processes they run: a free port, starting a Node process with its output kept,
// waiting until a URL answers, and stopping it (every process started is stopped when the benchmark exits).
import { spawn } from "node:child_process";
export { freePort } from "../scripts/free-port.mjs";

const children = new Set();
function stopChildren() {
  for (const child of children) child.kill("SIGTERM");
}
process.on("exit", stopChildren);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopChildren();
    process.exit(130);
  });
}

/** Starts `node ...args` with `env` added; its stdout and stderr are collected in `output`. */
export function startProcess(args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const output = [];
  child.stdout.on("data", (d) => output.push(String(d)));
  child.stderr.on("data", (d) => output.push(String(d)));
  child.on("exit", () => children.delete(child));
  return { child, output };
}

export async function waitForOk(url, child, output, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join("")}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}:\n${output.join("")}`);
}

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopProcess(child, graceMs = 10_000) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}
