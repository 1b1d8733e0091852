// `npm start`: builds the app when the build is missing, incomplete or older than the sources, then serves it.
// The build is `npm run build` itself (package.json's one definition: the Remix app, then the service worker, the
// offline page and the manifest's icons), so a newcomer's server is the one the tests test.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
/** The last files `npm run build` writes: the server bundle and the service worker (scripts/build-pwa.mjs). */
const BUILT_FILES = [path.join(buildDir, "server/index.js"), path.join(buildDir, "client/sw.js")];
const SOURCES = [
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

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const builtAt = Math.min(...BUILT_FILES.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log("Building Tradebench…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV = "production";
await import(path.join(root, "server.mjs"));
