import { vitePlugin as remix } from "@remix-run/dev";
import path from "node:path";
import { build, defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: 3000 },
  build: {
    target: "es2022",
    // Shared chunks under 12 KB are merged into the chunks that import them where that changes no behaviour:
    // fewer files for a page's first load (each is a request a phone makes over a slow link).
    rollupOptions: { output: { experimentalMinChunkSize: 12_000 } },
  },
  ssr: { noExternal: [] },
  plugins: [remix({ ...remixConfig, buildEnd: buildDemoSeed }), tsconfigPaths()],
});

/**
 * The demo seed as a server module of its own, beside the app's (build/seed/index.js): server.mjs hands it to the
 * app's start, so `npm start` still fills an empty database while nothing in app/ imports db/seed.
 */
async function buildDemoSeed() {
  await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    plugins: [tsconfigPaths()],
    build: {
      ssr: "db/seed/demo.ts",
      target: "node20",
      outDir: path.join(remixConfig.buildDirectory ?? "build", "seed"),
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: "index.js", format: "es" } },
    },
  });
}
