// Whether the production build in a folder is complete and newer than every source it is made from: `npm start`
// builds when it is not (scripts/start.mjs), and the scale-out check reuses a build only when it is
// (scripts/scale-out-check.mjs).
import fs from "node:fs";
import path from "node:path";

/** The sources `npm run build` reads (relative to the repository's root). */
export const BUILD_SOURCES = [
  "app",
  "db",
  "migrations",
  "public",
  "service-worker",
  "scripts/build-pwa.mjs",
  "scripts/pwa-icons.mjs",
  "vite.config.ts",
  "remix.config.js",
  "package.json",
];

/** The last files `npm run build` writes: the server bundle and the service worker (scripts/build-pwa.mjs). */
export function builtFiles(buildDir) {
  return [path.join(buildDir, "server/index.js"), path.join(buildDir, "client/sw.js")];
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** True when every built file exists and is newer than the newest source. */
export function buildIsCurrent(root, buildDir) {
  const builtAt = Math.min(...builtFiles(buildDir).map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  const sourcesAt = Math.max(...BUILD_SOURCES.map((source) => newestMtime(path.join(root, source))));
  return builtAt >= sourcesAt;
}
