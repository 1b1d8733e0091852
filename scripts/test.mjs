// `npm test`: typecheck, lint, unit + integration tests (on SQLite, then the service suite on a throwaway PostgreSQL),
// production build (npm start as a newcomer runs it), the scale-out deployment on that build, end-to-end tests.
import { spawn, spawnSync } from "node:child_process";
import { ensureChromium } from "./install-test-tools.mjs";
import { findPostgres, startThrowawayCluster } from "./postgres-cluster.mjs";

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

/** Runs checks side by side (each single-threaded, so two cores finish them sooner); prints each one's output whole. */
async function runTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (status) => resolve({ label, status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }));
        }),
    ),
  );
  for (const { label, status, output, seconds } of results) {
    console.log(`\n▶ ${label}`);
    if (output) process.stdout.write(output);
    console.log(status === 0 ? `✔ ${label} (${seconds}s)` : `✖ ${label} failed after ${seconds}s`);
  }
  if (results.some(({ status }) => status !== 0)) process.exit(1);
}

// The service integration suite again on a real PostgreSQL: a throwaway cluster in a temp dir on a free
// port, installed from Debian's packages first when missing and this runs as root. Skipped, loudly, only when
// PostgreSQL cannot be had; once it runs, a failing test fails `npm test`.
async function integrationSuiteOnPostgres() {
  const label = "service integration suite on PostgreSQL";
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const { binaries, reason } = findPostgres();
  if (!binaries) {
    const rule = "!".repeat(100);
    console.warn(
      `\n${rule}\n!! SKIPPED: ${label}\n!! ${reason}.\n` +
        "!! The services were tested on SQLite only. Install PostgreSQL 15 with pg_trgm (Debian: apt-get install postgresql)\n" +
        `!! or set POSTGRES_BIN_DIR to its bin directory, then run npm test again.\n${rule}\n`,
    );
    return;
  }
  let cluster;
  try {
    cluster = await startThrowawayCluster({ binaries });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(`✖ ${label} failed: PostgreSQL ${binaries.version} is installed but its throwaway cluster did not start`);
    process.exit(1);
  }
  console.log(`PostgreSQL ${cluster.version} throwaway cluster on port ${cluster.port} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  const env = { ...process.env, TEST_DATABASE_URL: cluster.url, TEST_TMP_DIR: "tests/.tmp-postgres" };
  let result = spawnSync("npx", ["vitest", "run", "tests/integration", "--exclude", ALONE], { stdio: "inherit", env });
  if (result.status === 0) result = spawnSync("npx", ["vitest", "run", ALONE], { stdio: "inherit", env: { ...env, TEST_WORKERS: "1" } });
  await cluster.stop();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds}s)`);
}

// The hostile-input suite measures how long the server's event loop ever stalls (no request may stall it): it runs
// alone, after the others, so a second test worker on the same two cores does not count as a stall.
const ALONE = "tests/integration/security/hostile-input.test.ts";

function requireChromium() {
  const found = ensureChromium();
  if (!found) {
    console.error(
      "The end-to-end tests need Chromium. Install Debian's package (sudo apt-get install chromium)\n" +
        "or point CHROMIUM_PATH at a Chromium binary, then run npm test again.",
    );
    process.exit(1);
  }
  return found;
}

/**
 * scripts/install-test-tools.mjs in the background: PostgreSQL, nginx and Chromium download and install while the
 * type check, lint and SQLite tests run; awaited (its output printed) before the first step that needs one of them.
 */
function installTestToolsMeanwhile() {
  const child = spawn("node", ["scripts/install-test-tools.mjs"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on("close", () => {
      console.log("\n▶ test tools (installed meanwhile when missing)");
      process.stdout.write(output);
      resolve();
    }),
  );
}

const started = Date.now();
const testTools = installTestToolsMeanwhile();
await runTogether([
  { label: "typecheck", command: "npx", args: ["tsc", "--noEmit"] },
  { label: "lint", command: "npx", args: ["eslint", "--max-warnings", "0", "."] },
  { label: "domain graph (no cycle, no domain importing a flow)", command: "node", args: ["scripts/domain-graph.mjs", "--check"] },
  { label: "formatting (Prettier)", command: "npx", args: ["prettier", "--check", ".", "--log-level", "warn"] },
]);
run("unused exports", "node", ["scripts/unused-exports.mjs"]);
run("typecheck (service worker)", "npx", ["tsc", "--noEmit", "-p", "service-worker"]);
run("unit and integration tests", "npx", ["vitest", "run", "--exclude", ALONE], { TEST_DATABASE_URL: "" });
run("the hostile-input suite, alone", "npx", ["vitest", "run", ALONE], { TEST_DATABASE_URL: "", TEST_WORKERS: "1" });
await testTools;
await integrationSuiteOnPostgres();
const chromium = requireChromium();
// The README's `npm start` on a fresh clone (no build, no database) makes the production build — the app, then the
// service worker, offline page and manifest icons — and serves the installable app; the end-to-end tests use that build.
run("npm start as a newcomer runs it", "node", ["scripts/newcomer-start.mjs", "--chromium", chromium]);
// The README's "Deploying several servers" on the build the newcomer check just made: PostgreSQL, two app servers
// started together on an empty database with the demo, nginx in front, shared object storage; a bid, a photo and a
// sign-in checked across servers (scripts/scale-out-check.mjs; skipped loudly only when PostgreSQL or nginx cannot
// be installed).
run("the production build on PostgreSQL, two servers behind nginx", "node", ["--import", "tsx", "scripts/scale-out-check.mjs"]);
run("end-to-end tests", "npx", ["playwright", "test"], { CHROMIUM_PATH: chromium });
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
