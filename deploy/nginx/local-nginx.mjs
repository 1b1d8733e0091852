// Runs the shipped deploy/nginx/tradebench.conf on this machine (the deploy test and bench/cluster.mjs): the same
// file, with its upstream servers and listen lines swapped for local ones, inside a minimal main config whose pid,
// logs and temp files live in a temp dir, so no root-owned path of the system's nginx is touched.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SHIPPED_CONFIG = path.join(path.dirname(fileURLToPath(import.meta.url)), "tradebench.conf");
const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;
const CANDIDATES = [process.env.NGINX_BIN, "/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].filter(Boolean);

/** Debian's nginx binary, or null when it is not installed. */
export function findNginx() {
  return CANDIDATES.find((file) => fs.existsSync(file)) ?? null;
}

/** The shipped site config with `upstreams` ("127.0.0.1:3001", …) and a listen on 127.0.0.1:`port`. */
export function siteConfig({ upstreams, port }) {
  const shipped = fs.readFileSync(SHIPPED_CONFIG, "utf8");
  const servers = upstreams.map((address) => `    server ${address} max_fails=3 fail_timeout=10s;`).join("\n");
  let replaced = false;
  const withServers = shipped.replace(/^(\s*server\s+[\d.]+:\d+[^;]*;\n)+/m, () => {
    replaced = true;
    return `${servers}\n`;
  });
  if (!replaced) throw new Error(`No upstream server lines found in ${SHIPPED_CONFIG}`);
  return withServers.replace(/^\s*listen 80;\n\s*listen \[::\]:80;\n/m, `    listen 127.0.0.1:${port};\n`);
}

/** A main config (nginx -c) that includes `site` (a file path), everything else under `dir`. */
export function mainConfig({ dir, site, workers = 1 }) {
  const temp = (name) => path.join(dir, name);
  return `worker_processes ${workers};
pid ${temp("nginx.pid")};
error_log ${temp("error.log")} warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  include ${site};
}
`;
}

/** Writes the main config for `site` into `dir` and runs `nginx -t` on it: { ok, output }. */
export function testConfig(nginx, { dir, site }) {
  fs.mkdirSync(dir, { recursive: true });
  const main = path.join(dir, "nginx.conf");
  fs.writeFileSync(main, mainConfig({ dir, site }));
  const result = spawnSync(nginx, ["-t", "-c", main, "-e", path.join(dir, "error.log")], { encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/**
 * Starts nginx in the foreground on the shipped config pointed at `upstreams`, listening on 127.0.0.1:`port`.
 * Returns { child, stop() }; stop() ends it and removes `dir`.
 */
export function startNginx(nginx, { dir, upstreams, port, workers = 1 }) {
  fs.mkdirSync(dir, { recursive: true });
  const site = path.join(dir, "tradebench.conf");
  fs.writeFileSync(site, siteConfig({ upstreams, port }));
  const main = path.join(dir, "nginx.conf");
  fs.writeFileSync(main, mainConfig({ dir, site, workers }));
  const child = spawn(nginx, ["-c", main, "-e", path.join(dir, "error.log")], { stdio: ["ignore", "ignore", "pipe"] });
  const output = [];
  child.stderr.on("data", (chunk) => output.push(String(chunk)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { child, output, stop };
}

function systemNginxRunning() {
  try {
    const pid = Number(fs.readFileSync("/run/nginx.pid", "utf8").trim());
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Debian's nginx, installed first (as root with apt-get) when missing: `{ nginx }`, or `{ reason }` it cannot be had. */
export function ensureNginx() {
  let nginx = findNginx();
  if (nginx) return { nginx };
  if (!isRoot() || !fs.existsSync("/usr/bin/apt-get")) return { reason: "nginx is not installed and this is not root with apt-get, so it cannot be installed" };
  console.log("nginx not found: installing Debian's nginx package…");
  const runningBefore = systemNginxRunning();
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "--no-install-recommends", "nginx"]]) {
    const result = spawnSync("apt-get", ["-o", "DPkg::Lock::Timeout=120", ...args], { stdio: "inherit", env, timeout: 10 * 60_000 });
    if (result.status !== 0) return { reason: `apt-get ${args.join(" ")} failed (exit ${result.status ?? result.signal})` };
  }
  // The package may start the system's nginx on port 80: ours runs on its own config, so that one is stopped again.
  nginx = findNginx();
  if (nginx && !runningBefore && systemNginxRunning()) spawnSync(nginx, ["-s", "quit"], { stdio: "ignore" });
  return nginx ? { nginx } : { reason: "apt-get installed nginx but no nginx binary was found" };
}
