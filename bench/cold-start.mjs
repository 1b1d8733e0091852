// Cold start: a fresh data folder, `node server.mjs` on the production build, time until /healthz answers
// (migrations + reference data + demo seed included) and until the home page is served.
// Usage: npm run build && node bench/cold-start.mjs
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-bench-"));
const port = 30_000 + Math.floor(Math.random() * 20_000);
const started = performance.now();
const server = spawn("node", ["server.mjs"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATABASE_URL: path.join(dir, "db.sqlite") },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
server.stdout.on("data", (d) => (output += d));
server.stderr.on("data", (d) => (output += d));

async function waitFor(url, deadlineMs) {
  while (performance.now() - started < deadlineMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no answer from ${url}\n${output}`);
}

try {
  await waitFor(`http://localhost:${port}/healthz`, 60_000);
  const ready = performance.now() - started;
  const t = performance.now();
  const home = await fetch(`http://localhost:${port}/`);
  await home.text();
  const firstPage = performance.now() - t;
  const samples = [];
  for (let i = 0; i < 20; i += 1) {
    const s = performance.now();
    await (await fetch(`http://localhost:${port}/`)).text();
    samples.push(performance.now() - s);
  }
  samples.sort((a, b) => a - b);
  console.log(`cold start to /healthz (migrate + seed): ${ready.toFixed(0)} ms`);
  console.log(`first home page render: ${firstPage.toFixed(0)} ms`);
  console.log(`home page, 20 warm requests: median ${samples[10].toFixed(1)} ms, max ${samples[19].toFixed(1)} ms`);
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
