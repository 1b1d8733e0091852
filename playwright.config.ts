// End-to-end tests against the production build, on a random port with a fresh database,
// in Debian's Chromium (found or installed by scripts/test.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// The runner evaluates this file first; workers inherit these variables, so every process agrees.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 30_000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-e2e-"));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
export const e2eDatabaseFile = path.join(dataDir, "tradebench.sqlite");

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: "node server.mjs",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: path.join(dataDir, "tradebench.sqlite"),
      DATABASE_SYNCHRONOUS: "NORMAL",
      TRUST_PROXY: "1",
      SEED_DEMO: "1",
      SAVED_SEARCH_ALERT_WINDOW_MS: "0",
      PUBLIC_URL: `http://localhost:${port}`,
    },
  },
});
