// `npm start`: builds the app when the build is missing, incomplete or older than the sources, then serves it.
// The build is `npm run build` itself (package.json's one definition: the Remix app, then the service worker, the
// offline page and the manifest's icons), so a newcomer's server is the one the tests test.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildIsCurrent } from "./build-freshness.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

if (!buildIsCurrent(root, buildDir)) {
  console.log("Building Tradebench…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV = "production";
await import(path.join(root, "server.mjs"));
