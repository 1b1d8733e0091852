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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
