import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    env: {
      NODE_ENV: "test",
      SESSION_SECRET: "test-secret-test-secret-test-secret-000",
      DATABASE_URL: "tests/.tmp/unused.sqlite",
      SEED_DEMO: "0",
    },
    // Vitest's default on a 2-core machine is one worker (cores − 1); the test files are independent (each copies the
    // template database into its own file or PostgreSQL database), so both cores run files (TEST_WORKERS overrides).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    // A worker runs file after file in one process (docs/decisions/0079): the libraries (React, Chakra, Kysely, zod…)
    // load once per worker instead of once per file, while tests/support/fresh-modules.ts empties the app's module
    // registry before each file, so every file still gets its own app modules, mocks and database handle.
    isolate: false,
    setupFiles: ["tests/support/fresh-modules.ts"],
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
