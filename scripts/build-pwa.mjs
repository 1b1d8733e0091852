// The installable app's part of `npm run build`, after `remix vite:build`. Writes into <BUILD_DIR>/client/
// (BUILD_DIR defaults to "build", as for Remix and server.mjs):
//   icons/*.png                    app, maskable and shortcut icons and the screenshots (scripts/pwa-icons.mjs)
//   offline.html                   the offline page (from app/offline/offline.html)
//   offline/offline-page.js, .css  its script (a bundle of app/offline/offline-page.ts, ES module) and stylesheet
//   sw.js                          the service worker (service-worker/sw.ts bundled to one classic script, then
//                                  workbox-build's injectManifest adds the precache list)
// manifest.webmanifest comes from public/ with the rest of Vite's public files.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { injectManifest } from "workbox-build";
import { build } from "vite";
import { writePwaImages } from "./pwa-icons.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");

/** Everything the service worker precaches, relative to the client directory. */
const PRECACHE_PATTERNS = [
  "assets/**/*.{js,css,woff,woff2,svg,png,webp}",
  "offline.html",
  "offline/**/*.{js,css,svg,png,webp}",
  "manifest.webmanifest",
  "icons/icon-*.png",
  "icons/maskable-*.png",
  "icons/shortcut-*.png",
  "favicon.svg",
];

function fail(message) {
  console.error(`\nbuild-pwa: ${message}\n`);
  process.exit(1);
}

async function exists(file) {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Bundles one TypeScript entry into a single file with Vite (Rollup + esbuild), resolving the app's `~/` alias. */
async function bundle({ entry, outDir, fileName, format }) {
  await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    resolve: { alias: [{ find: /^~\//, replacement: `${path.join(root, "app")}/` }] },
    // Workbox and React-free libraries check process.env.NODE_ENV to drop their development logging.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: "es2022",
      minify: true,
      sourcemap: false,
      modulePreload: false,
      reportCompressedSize: false,
      rollupOptions: { input: path.join(root, entry), output: { format, entryFileNames: fileName, inlineDynamicImports: true } },
    },
  });
}

async function buildOfflinePage() {
  const sources = {
    html: path.join(root, "app/offline/offline.html"),
    script: path.join(root, "app/offline/offline-page.ts"),
    css: path.join(root, "app/offline/offline-page.css"),
  };
  for (const [what, file] of Object.entries(sources)) {
    if (!(await exists(file))) fail(`the offline page's ${what} is missing: ${path.relative(root, file)}`);
  }
  const outDir = path.join(clientDir, "offline");
  await fs.rm(outDir, { recursive: true, force: true });
  await bundle({ entry: "app/offline/offline-page.ts", outDir, fileName: "offline-page.js", format: "es" });
  await fs.copyFile(sources.css, path.join(outDir, "offline-page.css"));
  await fs.copyFile(sources.html, path.join(clientDir, "offline.html"));
}

async function buildServiceWorker() {
  const workDir = path.join(buildDir, ".service-worker");
  await fs.rm(workDir, { recursive: true, force: true });
  // A classic script (workbox-window registers it without type: "module"), so one IIFE with everything inlined.
  await bundle({ entry: "service-worker/sw.ts", outDir: workDir, fileName: "sw.js", format: "iife" });
  const result = await injectManifest({
    swSrc: path.join(workDir, "sw.js"),
    swDest: path.join(clientDir, "sw.js"),
    globDirectory: clientDir,
    globPatterns: PRECACHE_PATTERNS,
    // Vite's file names carry a content hash already: no revision needed, and no cache-busting parameter.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  });
  await fs.rm(workDir, { recursive: true, force: true });
  for (const warning of result.warnings) console.warn(`build-pwa: ${warning}`);
  return result;
}

const started = Date.now();
if (!(await exists(path.join(clientDir, "assets")))) {
  fail(`no client build in ${path.relative(root, clientDir) || clientDir}: run \`remix vite:build\` first (npm run build does both)`);
}
if (!(await exists(path.join(clientDir, "manifest.webmanifest")))) fail("manifest.webmanifest is missing from the client build (public/)");

const images = await writePwaImages(clientDir);
await buildOfflinePage();
const precache = await buildServiceWorker();
console.log(
  `build-pwa: ${images.length} icons and screenshots, offline page, sw.js precaching ${precache.count} files ` +
    `(${(precache.size / 1024).toFixed(0)} KiB) in ${path.relative(root, clientDir) || clientDir} ` +
    `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
