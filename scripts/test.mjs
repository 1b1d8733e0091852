// `npm test`: typecheck, lint, unit + integration tests, production build, end-to-end tests.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds}s)`);
}

function findChromium() {
  return CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package…");
    run("apt-get update", "apt-get", ["update", "-qq"]);
    run("apt-get install chromium", "apt-get", ["install", "-y", "-qq", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
    found = findChromium();
  }
  if (!found) {
    console.error(
      "The end-to-end tests need Chromium. Install Debian's package (sudo apt-get install chromium)\n" +
        "or point CHROMIUM_PATH at a Chromium binary, then run npm test again.",
    );
    process.exit(1);
  }
  return found;
}

const started = Date.now();
run("typecheck", "npx", ["tsc", "--noEmit"]);
run("typecheck (service worker)", "npx", ["tsc", "--noEmit", "-p", "service-worker"]);
run("lint", "npx", ["eslint", "--max-warnings", "0", "."]);
run("unit and integration tests", "npx", ["vitest", "run"]);
const chromium = ensureChromium();
// The README's `npm start` on a fresh clone (no build, no database) makes the production build — the app, then the
// service worker, offline page and manifest icons — and serves the installable app; the end-to-end tests use that build.
run("npm start as a newcomer runs it", "node", ["scripts/newcomer-start.mjs", "--chromium", chromium]);
run("end-to-end tests", "npx", ["playwright", "test"], { CHROMIUM_PATH: chromium });
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
