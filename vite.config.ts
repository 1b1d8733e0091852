import { vitePlugin as remix } from "@remix-run/dev";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";
import { shellChunks } from "./vite.chunks.ts";
import { reactDomOnDemand } from "./vite.react-dom-on-demand.ts";
import { routerMatchCache } from "./vite.router-match-cache.ts";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  server: { port: 3000 },
  build: {
    target: "es2022",
    // Shared chunks under 12 KB are merged into the chunks that import them where that changes no behaviour:
    // fewer files for a page's first load (each is a request a phone makes over a slow link).
    // What every page loads is grouped in two files, "framework" and "shell" (vite.chunks.ts).
    rollupOptions: { output: { experimentalMinChunkSize: 12_000, manualChunks: shellChunks() } },
    // @remix-run/node's `installGlobals` requires undici or @remix-run/web-fetch inside the function; bundled, those
    // requires would become imports loaded at every start. Node 20 has fetch and the app never installs globals, so
    // they stay as they are (a call to installGlobals in the server build would fail: "require is not defined").
    commonjsOptions: { ignore: ["undici", "@remix-run/web-fetch"] },
  },
  // Chakra and the packages under it (Ark, Zag, @internationalized) ship as ~1,500 small ES modules: importing them
  // from node_modules at start cost ~1 s of CPU (resolving, reading and compiling each file), most of a cold start.
  // Bundled into the server build, only what the app uses is kept, in one file (issue 17 §4). So are Kysely (~280
  // modules) and @remix-run/react with its router (a UMD bundle behind CommonJS wrappers): ~120 ms more. React and
  // react-dom stay outside.
  // The production build also bundles Remix's server runtime with its Express adapter: server.mjs takes the request
  // handler from the build (app/entry.server.tsx re-exports it), so the handler, the routes' `data`/`redirect`/cookies
  // and the router they share are one copy, the one vite.router-match-cache.ts changes (docs/decisions/0044). The
  // development server keeps them outside (they are CommonJS, which it does not transform): there server.mjs and the
  // app both load node_modules' copy.
  ssr: {
    noExternal: [
      /^@chakra-ui\//,
      /^@ark-ui\//,
      /^@zag-js\//,
      /^@internationalized\//,
      /^@pandacss\//,
      /^@floating-ui\//,
      "kysely",
      "@remix-run/react",
      "react-router",
      "react-router-dom",
      "@remix-run/router",
      "turbo-stream",
      ...(command === "build" ? ["@remix-run/express", "@remix-run/node", "@remix-run/server-runtime"] : []),
    ],
  },
  plugins: [
    remix({ ...remixConfig, buildEnd: () => Promise.all([buildDemoSeed(), saveSiteStylesheet()]).then(() => undefined) }),
    tsconfigPaths(),
    // The server build matches routes once per route table and pattern (vite.router-match-cache.ts).
    routerMatchCache(),
    // The server build loads react-dom (the browser renderer) only if something calls it (vite.react-dom-on-demand.ts).
    reactDomOnDemand(),
  ],
}));

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

/**
 * The site stylesheet (app/web/site-stylesheet.server.ts), compiled once here from the server build just written and
 * saved beside it as build/server/site-stylesheet.json: server.mjs hands it to the app's start, so a starting server
 * does not spend ~0.4 s of CPU compiling it at its first page (issue 17 §4).
 */
async function saveSiteStylesheet() {
  const serverDir = path.resolve(remixConfig.buildDirectory ?? "build", "server");
  const build = (await import(pathToFileURL(path.join(serverDir, "index.js")).href)) as {
    entry: { module: { precompiledSiteStylesheet(): { version: number; css: string } } };
  };
  await fs.writeFile(path.join(serverDir, "site-stylesheet.json"), JSON.stringify(build.entry.module.precompiledSiteStylesheet()));
}
