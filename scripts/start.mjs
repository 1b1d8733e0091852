// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const builtServer = path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "server/index.js");
const SOURCES = ["app", "db", "migrations", "public", "service-worker", "vite.config.ts", "remix.config.js", "package.json"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const builtAt = fs.existsSync(builtServer) ? fs.statSync(builtServer).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log("Building Tradebench…");
  const build = spawnSync("npx", ["remix", "vite:build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV = "production";
await import(path.join(root, "server.mjs"));
