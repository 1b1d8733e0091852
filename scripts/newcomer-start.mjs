// The README's first command, tried the way a newcomer runs it: `npm start` with no build and no database, then
// the installable app checked from outside: /sw.js, every icon the manifest names and /offline.html answer 200,
// and in Chromium the service worker activates and controls the page. `npm test` runs this in place of a
// separate build step, so the end-to-end tests then run on the build `npm start` made.
//
//   node scripts/newcomer-start.mjs [--chromium /usr/bin/chromium]
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const chromiumPath = process.argv.includes("--chromium") ? process.argv[process.argv.indexOf("--chromium") + 1] : "/usr/bin/chromium";
const START_TIMEOUT_MS = 15 * 60_000;
const port = 20_000 + Math.floor(Math.random() * 30_000);
const origin = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-newcomer-"));

// A fresh clone has no build: remove ours so `npm start` has to make it.
fs.rmSync(path.join(root, process.env.BUILD_DIR ?? "build"), { recursive: true, force: true });

/** The caller's environment without anything a test runner set for itself, plus this run's port and database. */
function newcomerEnv() {
  const env = { ...process.env, PORT: String(port), DATABASE_URL: path.join(dataDir, "tradebench.sqlite") };
  for (const name of ["NODE_ENV", "BUILD_DIR", "UPLOADS_DIR", "SEED_DEMO", "SESSION_SECRET"]) delete env[name];
  return env;
}

const started = Date.now();
const server = spawn("npm", ["start"], {
  cwd: root,
  detached: true,
  stdio: ["ignore", "pipe", "pipe"],
  // Only what keeps this run apart from a developer's own: its port and a database of its own.
  env: newcomerEnv(),
});
let output = "";
server.stdout.on("data", (chunk) => (output += chunk));
server.stderr.on("data", (chunk) => (output += chunk));
let exited = null;
server.on("exit", (code) => (exited = code));

function stop() {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

function fail(message) {
  console.error(`✖ ${message}\n--- npm start said (last 4000 characters) ---\n${output.slice(-4000)}`);
  stop();
  process.exit(1);
}

async function waitForHealth() {
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (exited !== null) fail(`npm start exited with ${exited} before serving`);
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`npm start did not answer /healthz within ${START_TIMEOUT_MS / 60_000} minutes`);
}

async function expectOk(pathname) {
  const response = await fetch(`${origin}${pathname}`);
  if (response.status !== 200) fail(`${pathname} answered ${response.status}`);
  return response;
}

try {
  await waitForHealth();
  console.log(`npm start served ${origin} after ${((Date.now() - started) / 1000).toFixed(0)} s (build, migrations, demo data)`);
  const manifest = await (await expectOk("/manifest.webmanifest")).json();
  const icons = [...(manifest.icons ?? []), ...(manifest.shortcuts ?? []).flatMap((s) => s.icons ?? []), ...(manifest.screenshots ?? [])];
  if (icons.length === 0) fail("the manifest names no icons");
  for (const icon of icons) await expectOk(new URL(icon.src, `${origin}/`).pathname);
  await expectOk("/sw.js");
  await expectOk("/offline.html");

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage();
    const consoleErrors = [];
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    await page.goto(origin);
    // Installed, activated, and in control of the page (the first version claims the open page).
    await page
      .waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, { timeout: 60_000 })
      .catch(async () => {
        const state = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? "not registered");
        fail(`the service worker did not activate and control the page (it is ${state})`);
      });
    const workerErrors = consoleErrors.filter((text) => /service ?worker|sw\.js/i.test(text));
    if (workerErrors.length > 0) fail(`the console reported the worker failing: ${workerErrors.join(" | ")}`);
  } finally {
    await browser.close();
  }
  console.log(`✔ ${icons.length} icons, /sw.js and /offline.html answer 200; the service worker activated and controls the page`);
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
