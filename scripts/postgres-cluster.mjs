// A throwaway PostgreSQL cluster for tests and benches: initdb into a fresh temp dir, start `postgres`
// on a free port tuned for tests (no fsync), hand back a superuser URL, and remove everything on stop.
//
//   import { findPostgres, startThrowawayCluster } from "./postgres-cluster.mjs";
//   node scripts/postgres-cluster.mjs start [--port N]   prints the URL, runs until Ctrl-C / SIGTERM
//   node scripts/postgres-cluster.mjs find               prints the binaries it would use (installs them as root)
//
// PostgreSQL refuses to run as root, so as root initdb and postgres run as the system user `tradebench-pg` (created
// when absent). When the process that started the cluster dies without cleaning up (SIGKILL, a crash), `postgres` gets
// SIGINT from the kernel (a parent-death signal set with setpriv) and shuts down; its temp dir
// (<tmpdir>/tradebench-pg-*) is left behind and removed by the next start. By hand: `rm -rf /tmp/tradebench-pg-*`
// once no `postgres -D /tmp/tradebench-pg-…` process runs.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";

export const SUPERUSER = "tradebench";
const PREFERRED_MAJOR = 15;
const SYSTEM_USER = "tradebench-pg";
const DIR_PREFIX = "tradebench-pg-";
const POLL_MS = 50;
const APT_UPDATE_TIMEOUT_MS = 3 * 60_000;
const APT_INSTALL_TIMEOUT_MS = 10 * 60_000;

// Settings for a cluster whose data may be lost: no durability, room for many test files' pools.
const TEST_SETTINGS = {
  listen_addresses: "127.0.0.1",
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_connections: "300",
  shared_buffers: "128MB",
  jit: "off",
  max_parallel_workers_per_gather: "0",
  logging_collector: "off",
};

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function binariesIn(binDir) {
  const tools = { initdb: "initdb", pgCtl: "pg_ctl", postgres: "postgres", pgIsready: "pg_isready" };
  const found = { binDir };
  for (const [key, name] of Object.entries(tools)) {
    const file = path.join(binDir, name);
    if (!executable(file)) return null;
    found[key] = file;
  }
  const version = spawnSync(found.postgres, ["--version"], { encoding: "utf8" });
  const match = /(\d+)(?:\.(\d+))?/.exec(version.stdout ?? "");
  if (version.status !== 0 || !match) return null;
  found.version = match[2] ? `${match[1]}.${match[2]}` : match[1];
  found.major = Number(match[1]);
  return found;
}

function candidateBinDirs() {
  const dirs = [];
  if (process.env.POSTGRES_BIN_DIR) dirs.push(process.env.POSTGRES_BIN_DIR);
  const debianRoot = "/usr/lib/postgresql";
  const majors = fs.existsSync(debianRoot)
    ? fs
        .readdirSync(debianRoot)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => (a === PREFERRED_MAJOR ? -1 : b === PREFERRED_MAJOR ? 1 : b - a))
    : [];
  for (const major of majors) dirs.push(path.join(debianRoot, String(major), "bin"));
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) dirs.push(dir);
  return [...new Set(dirs)];
}

/** The extension directory of this installation, from pg_config when it is there, else Debian's layout. */
function extensionDir(binaries) {
  const pgConfig = path.join(binaries.binDir, "pg_config");
  if (executable(pgConfig)) {
    const shared = spawnSync(pgConfig, ["--sharedir"], { encoding: "utf8" });
    if (shared.status === 0 && shared.stdout.trim()) return path.join(shared.stdout.trim(), "extension");
  }
  return path.join("/usr/share/postgresql", String(binaries.major), "extension");
}

function locate() {
  for (const dir of candidateBinDirs()) {
    const found = binariesIn(dir);
    if (found) return found;
  }
  return null;
}

function onlineClusters() {
  const listed = spawnSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" });
  if (listed.status !== 0) return [];
  return listed.stdout
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4 && fields[3].startsWith("online"))
    .map(([version, name]) => ({ version, name }));
}

function aptGet(args, timeout, log) {
  log(`apt-get ${args.join(" ")}`);
  const result = spawnSync("apt-get", ["-o", "DPkg::Lock::Timeout=120", ...args], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    timeout,
  });
  if (result.error?.code === "ETIMEDOUT") return `apt-get ${args[0]} did not finish within ${timeout / 60_000} minutes`;
  if (result.status !== 0) return `apt-get ${args.join(" ")} failed (exit ${result.status ?? result.signal})`;
  return null;
}

/** Installs Debian's postgresql (as root), then stops any cluster the package started: ours are throwaway ones. */
function installDebianPostgres(log) {
  const before = new Set(onlineClusters().map((cluster) => `${cluster.version}/${cluster.name}`));
  const failure =
    aptGet(["update", "-qq"], APT_UPDATE_TIMEOUT_MS, log) ??
    aptGet(["install", "-y", "-qq", "--no-install-recommends", "postgresql", "postgresql-contrib"], APT_INSTALL_TIMEOUT_MS, log);
  for (const cluster of onlineClusters()) {
    if (before.has(`${cluster.version}/${cluster.name}`)) continue;
    log(`stopping the cluster ${cluster.version}/${cluster.name} that the Debian package started`);
    spawnSync("pg_ctlcluster", [cluster.version, cluster.name, "stop", "--mode", "fast"], { stdio: "ignore" });
  }
  return failure;
}

/**
 * Finds initdb, pg_ctl, postgres and pg_isready (POSTGRES_BIN_DIR, /usr/lib/postgresql/<major>/bin preferring 15,
 * then PATH). When they are missing and this runs as root with apt-get, installs Debian's postgresql first.
 * Returns `{ binaries, reason }`: binaries is null when PostgreSQL cannot be used, and reason says why.
 */
export function findPostgres({ install = true, log = (line) => console.error(`[postgres] ${line}`) } = {}) {
  let binaries = locate();
  if (!binaries && install) {
    if (!isRoot()) return { binaries: null, reason: "PostgreSQL is not installed and this is not root, so it cannot be installed" };
    if (!fs.existsSync("/usr/bin/apt-get")) return { binaries: null, reason: "PostgreSQL is not installed and there is no apt-get" };
    log("PostgreSQL not found: installing Debian's postgresql package…");
    const started = Date.now();
    const failure = installDebianPostgres(log);
    if (failure) return { binaries: null, reason: failure };
    log(`installed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    binaries = locate();
  }
  if (!binaries) return { binaries: null, reason: "no initdb/pg_ctl/postgres/pg_isready in /usr/lib/postgresql/*/bin or on PATH" };
  const trigram = path.join(extensionDir(binaries), "pg_trgm.control");
  if (!fs.existsSync(trigram)) return { binaries: null, reason: `PostgreSQL ${binaries.version} has no pg_trgm (${trigram} missing)` };
  return { binaries, reason: null };
}

// ---------------------------------------------------------------------------------------------------------------

function lookupUser(name) {
  const uid = spawnSync("id", ["-u", name], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** As root: the unprivileged user the cluster runs as (created when absent; `nobody` if that fails). */
function clusterUser() {
  if (!isRoot()) return null;
  let user = lookupUser(SYSTEM_USER);
  if (!user) {
    spawnSync("useradd", ["--system", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", SYSTEM_USER], {
      stdio: "ignore",
    });
    user = lookupUser(SYSTEM_USER) ?? lookupUser("nobody");
  }
  if (!user) throw new Error(`cannot run PostgreSQL as root and found no user to run it as (tried ${SYSTEM_USER}, nobody)`);
  return user;
}

/**
 * The command line that runs `file args` as the cluster's user, with a parent-death signal: if the process that
 * spawned it dies, the kernel sends SIGINT (PostgreSQL's fast shutdown). setpriv changes the user first, then sets the
 * signal (a change of user clears it), then execs: the server stays our direct child.
 */
function asClusterUser(user, file, args, { deathSignal = false } = {}) {
  const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find(executable);
  if (setpriv) {
    const options = [];
    if (user) options.push(`--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups");
    if (deathSignal) options.push("--pdeathsig", "INT");
    if (options.length > 0) return [setpriv, [...options, "--", file, ...args]];
  }
  if (user) return ["runuser", ["-u", user.name, "--", file, ...args]];
  return [file, args];
}

function processAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    // A zombie (exited, not yet reaped) counts as gone.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

function readPid(file) {
  try {
    return Number(fs.readFileSync(file, "utf8").split("\n")[0].trim());
  } catch {
    return 0;
  }
}

/** Removes temp dirs of earlier clusters whose starter and server are both gone (a crashed run). */
function sweepStaleClusters(base) {
  let entries = [];
  try {
    entries = fs.readdirSync(base).filter((name) => name.startsWith(DIR_PREFIX));
  } catch {
    return;
  }
  for (const name of entries) {
    const dir = path.join(base, name);
    const starter = readPid(path.join(dir, "starter.pid"));
    const server = readPid(path.join(dir, "data", "postmaster.pid"));
    if (!starter || processAlive(starter) || processAlive(server)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function hasUtf8CLocale() {
  const listed = spawnSync("locale", ["-a"], { encoding: "utf8" });
  return listed.status === 0 && /^c\.utf-?8$/im.test(listed.stdout);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function logTail(logFile) {
  try {
    return fs.readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n");
  } catch {
    return "(no log)";
  }
}

/**
 * Starts a throwaway cluster: initdb (superuser `tradebench`, trust on 127.0.0.1 and the unix socket, UTF8, C.UTF-8
 * or C locale) into a fresh temp dir, `postgres` on `port` or a free one with its socket in that dir, and waits until
 * it accepts connections. Returns `{ url, port, dataDir, socketDir, version, stop(), stopSync() }`; both stops shut
 * it down fast and remove the dir. It is also stopped when this process exits or gets SIGINT/SIGTERM.
 */
export async function startThrowawayCluster({ port, binaries, log = () => {} } = {}) {
  if (!binaries) {
    const found = findPostgres({ log });
    if (!found.binaries) throw new Error(`PostgreSQL unavailable: ${found.reason}`);
    binaries = found.binaries;
  }
  const base = os.tmpdir();
  sweepStaleClusters(base);
  const user = clusterUser();
  const root = fs.mkdtempSync(path.join(base, DIR_PREFIX));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "postgres.log");
  fs.writeFileSync(path.join(root, "starter.pid"), `${process.pid}\n`);
  if (user) fs.chownSync(root, user.uid, user.gid);
  fs.chmodSync(root, 0o700);

  let server = null;
  let exited = false;
  const removeDir = () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });

  const stopSync = () => {
    detachHandlers();
    if (server && !exited && processAlive(server.pid)) {
      // Immediate shutdown: nothing of this cluster is worth a checkpoint.
      server.kill("SIGQUIT");
      const deadline = Date.now() + 10_000;
      const pause = new Int32Array(new SharedArrayBuffer(4));
      while (processAlive(server.pid) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 20);
      if (processAlive(server.pid)) server.kill("SIGKILL");
    }
    removeDir();
  };

  const stop = async () => {
    detachHandlers();
    if (server && !exited) {
      const gone = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGQUIT");
      const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
      await gone;
      clearTimeout(timer);
    }
    removeDir();
  };

  const onExit = () => stopSync();
  const onSignal = (signal) => {
    stopSync();
    // Let the signal do what it would have done had nobody listened.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.once("exit", onExit);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  function detachHandlers() {
    process.off("exit", onExit);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }

  try {
    const startedAt = Date.now();
    const locale = hasUtf8CLocale() ? ["--locale=C.UTF-8"] : ["--no-locale"];
    const initdbArgs = ["-D", dataDir, "-U", SUPERUSER, "--auth=trust", "--encoding=UTF8", ...locale, "--no-sync", "--no-instructions"];
    const [initdbFile, initdbCommandArgs] = asClusterUser(user, binaries.initdb, initdbArgs);
    const initdb = spawnSync(initdbFile, initdbCommandArgs, { encoding: "utf8", cwd: root });
    if (initdb.status !== 0) throw new Error(`initdb failed (exit ${initdb.status ?? initdb.signal}):\n${initdb.stderr || initdb.stdout}`);
    log(`initdb ${((Date.now() - startedAt) / 1000).toFixed(1)}s`);

    const tries = port ? 1 : 5;
    for (let attempt = 1; attempt <= tries; attempt += 1) {
      const chosenPort = port ?? (await freePort());
      const settings = { ...TEST_SETTINGS, port: String(chosenPort), unix_socket_directories: root };
      const args = ["-D", dataDir, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
      const [file, commandArgs] = asClusterUser(user, binaries.postgres, args, { deathSignal: true });
      const logFd = fs.openSync(logFile, "a");
      if (user) fs.fchownSync(logFd, user.uid, user.gid);
      exited = false;
      // Its own process group: a Ctrl-C in the terminal reaches us, and we shut it down in order.
      server = spawn(file, commandArgs, { cwd: root, stdio: ["ignore", logFd, logFd], detached: true });
      fs.closeSync(logFd);
      // The server does not keep this process alive: when it ends, the exit handler stops the cluster.
      server.unref();
      server.once("exit", () => {
        exited = true;
      });
      const ready = await waitUntilReady(binaries, chosenPort, () => exited);
      if (ready) {
        log(`accepting connections on port ${chosenPort} after ${((Date.now() - startedAt) / 1000).toFixed(1)}s`);
        return {
          url: `postgres://${SUPERUSER}@127.0.0.1:${chosenPort}/postgres`,
          port: chosenPort,
          dataDir,
          socketDir: root,
          version: binaries.version,
          stop,
          stopSync,
        };
      }
      const tail = logTail(logFile);
      if (!exited) throw new Error(`postgres did not accept connections within 60s:\n${tail}`);
      // Most likely someone took the free port between our look and postgres's bind: try another.
      if (attempt === tries || !/could not (bind|create)|address already in use/i.test(tail)) {
        throw new Error(`postgres exited during startup:\n${tail}`);
      }
    }
    throw new Error("postgres did not start");
  } catch (error) {
    stopSync();
    throw error;
  }
}

async function waitUntilReady(binaries, port, hasExited) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !hasExited()) {
    const probe = spawnSync(binaries.pgIsready, ["-q", "-h", "127.0.0.1", "-p", String(port), "-U", SUPERUSER, "-d", "postgres", "-t", "1"]);
    if (probe.status === 0) return true;
    await sleep(POLL_MS);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------

async function main(argv) {
  const [command, ...rest] = argv;
  const log = (line) => console.error(`[postgres] ${line}`);
  if (command === "find") {
    const found = findPostgres({ log });
    if (!found.binaries) {
      console.error(`PostgreSQL unavailable: ${found.reason}`);
      process.exit(1);
    }
    console.log(JSON.stringify(found.binaries, null, 2));
    return;
  }
  if (command === "start") {
    const portIndex = rest.indexOf("--port");
    const port = portIndex >= 0 ? Number(rest[portIndex + 1]) : undefined;
    if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
      console.error("--port wants a port number");
      process.exit(2);
    }
    const cluster = await startThrowawayCluster({ port, log });
    console.log(cluster.url);
    log(`PostgreSQL ${cluster.version}, data in ${cluster.dataDir}; Ctrl-C stops it and removes the data`);
    const finish = async (signal) => {
      await cluster.stop();
      log(`stopped (${signal})`);
      process.exit(0);
    };
    process.once("SIGINT", finish);
    process.once("SIGTERM", finish);
    // Keep the process alive until a signal arrives.
    setInterval(() => {}, 1 << 30);
    return;
  }
  console.error("usage: node scripts/postgres-cluster.mjs start [--port N] | find");
  process.exit(2);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
