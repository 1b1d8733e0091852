// End-to-end tests against the production build, on a random port with a fresh database,
// in Debian's Chromium (found or installed by scripts/test.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// The runner evaluates this file first; workers inherit these variables, so every process agrees.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 30_000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-e2e-"));
// The fake OpenAI-compatible server the app's AI service talks to (tests/support/fake-openai-server.ts).
// Drawn above the app's range, so the two never collide.
process.env.E2E_OPENAI_PORT ??= String(50_000 + Math.floor(Math.random() * 10_000));
const port = Number(process.env.E2E_PORT);
const openAiPort = Number(process.env.E2E_OPENAI_PORT);
const dataDir = process.env.E2E_DATA_DIR;
export const e2eDatabaseFile = path.join(dataDir, "tradebench.sqlite");
/** A credential that exists only on the server: tests/e2e/ai-wizard.spec.ts proves no client file holds it. */
export const E2E_OPENAI_API_KEY = "sk-e2e-tradebench-never-in-bundle";
export const E2E_OPENAI_BASE_URL = `http://127.0.0.1:${openAiPort}/v1`;

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
    // The service worker stays out of the way of every other test; tests/e2e/pwa-install.spec.ts and the offline
    // specs opt in with test.use({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: [
    {
      command: `npx tsx tests/support/fake-openai-server.ts ${openAiPort}`,
      url: `http://127.0.0.1:${openAiPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
    },
    {
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
        OPENAI_API_KEY: E2E_OPENAI_API_KEY,
        OPENAI_BASE_URL: E2E_OPENAI_BASE_URL,
        OPENAI_MODEL: "fake-gpt-e2e",
        OPENAI_VISION_MODEL: "fake-gpt-e2e-vision",
      },
    },
  ],
});
