// Server rendering speed: the built server on a free port with a fresh database, loaded by autocannon
// (20 connections, 10 s per page by default), next to a bare node:http server answering "ok" on the same machine.
// Prints requests per second, p50/p95/p99 latency and bytes per response, and each page's share of the bare
// server's throughput.
// Usage: npm run build && node bench/render.mjs [path…]        (default paths: /login /)
// Env: BUILD_DIR (as for server.mjs), BENCH_CONNECTIONS (20), BENCH_DURATION (10 s), BENCH_WARMUP (2 s),
//      WEB_CONCURRENCY (passed on to the server).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/login", "/"];
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);

const BARE_SERVER = `
const http = require("node:http");
const server = http.createServer((req, res) => { res.setHeader("Content-Type", "text/plain"); res.end("ok"); });
server.listen(0, () => console.log("listening on " + server.address().port));
`;

/** Starts a process and resolves with its port once it prints one. */
function startProcess(command, args, env, pattern) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const timer = setTimeout(() => reject(new Error(`no port after 120 s:\n${output}`)), 120_000);
    const onData = (chunk) => {
      output += chunk;
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
}

function stop(child) {
  child.removeAllListeners("exit");
  return new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One autocannon run; latencies come from every response, so p95 is exact rather than autocannon's p97.5. */
async function load(url, seconds) {
  const latencies = [];
  let bytes = 0;
  const instance = autocannon({ url, connections, duration: seconds });
  instance.on("response", (_client, _status, resBytes, responseTime) => {
    latencies.push(responseTime);
    bytes += resBytes;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    bytes: latencies.length > 0 ? bytes / latencies.length : 0,
    problems: result.non2xx + result.errors + result.timeouts,
  };
}

async function measure(url) {
  if (warmup > 0) await load(url, warmup);
  return load(url, duration);
}

const row = (name, r, bare) =>
  `${name.padEnd(14)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95
    .toFixed(1)
    .padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${(r.bytes / 1024).toFixed(1).padStart(6)} KB/response${
    bare ? `   ${((100 * r.rps) / bare.rps).toFixed(1).padStart(5)}% of bare (1/${(bare.rps / r.rps).toFixed(1)})` : ""
  }${r.problems ? `   ${r.problems} non-2xx/errors!` : ""}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-render-"));
const processes = [];
try {
  const bare = await startProcess(process.execPath, ["-e", BARE_SERVER], {}, /listening on (\d+)/);
  processes.push(bare.child);
  const app = await startProcess(
    process.execPath,
    ["server.mjs"],
    { NODE_ENV: "production", PORT: "0", DATABASE_URL: path.join(dataDir, "db.sqlite") },
    /ready on http:\/\/localhost:(\d+)/,
  );
  processes.push(app.child);

  console.log(
    `autocannon: ${connections} connections, ${duration} s per page after ${warmup} s warm-up; ${os.cpus().length} CPUs; ` +
      `WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "(unset)"}; build ${process.env.BUILD_DIR ?? "build"}`,
  );
  const bareResult = await measure(`http://localhost:${bare.port}/`);
  await stop(bare.child);
  processes.splice(processes.indexOf(bare.child), 1);
  console.log(row("bare node:http", bareResult));
  for (const page of paths) console.log(row(page, await measure(`http://localhost:${app.port}${page}`), bareResult));
} finally {
  await Promise.all(processes.map(stop));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
