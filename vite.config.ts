import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
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
  plugins: [remix(remixConfig), tsconfigPaths()],
});
