// What `npm test` needs from Debian besides Node (PostgreSQL 15 with pg_trgm, nginx, Chromium), installed when missing
// (as root with apt-get). scripts/test.mjs starts this at its beginning, beside the type check and lint, so the
// downloads overlap with work instead of waiting in line before the PostgreSQL, scale-out and end-to-end steps; those
// steps still look for their tool themselves and say loudly when it cannot be had. Exits 0 whatever it could install.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { ensureNginx } from "../deploy/nginx/local-nginx.mjs";
import { findPostgres } from "./postgres-cluster.mjs";

export const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);

export function findChromium() {
  return CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

/** Debian's chromium, installed first (as root with apt-get) when missing; the path, or undefined. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) return undefined;
  console.log("Chromium not found: installing Debian's chromium package…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const result = spawnSync("apt-get", ["-o", "DPkg::Lock::Timeout=120", ...args], { stdio: "inherit", env, timeout: 10 * 60_000 });
    if (result.status !== 0) return undefined;
  }
  return findChromium();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const { reason } = findPostgres({ log: (line) => console.log(`[postgres] ${line}`) });
  if (reason) console.log(`[postgres] ${reason}`);
  const nginx = ensureNginx();
  if (nginx.reason) console.log(`[nginx] ${nginx.reason}`);
  if (!ensureChromium()) console.log("[chromium] not found and could not be installed");
  console.log(`Test tools checked in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
