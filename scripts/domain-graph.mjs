// Prints the import graph between the service domains (the folders of app/services/): how many ordered pairs of
// domains import each other, which pairs do so both ways, and how many imports reach into another domain's file
// instead of its index. `node scripts/domain-graph.mjs` (add --json for a machine-readable answer). With --check it
// exits 1 when the domains import each other in a cycle (any length) or a domain imports app/flows (docs/decisions/0083).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// DOMAIN_GRAPH_ROOT points the script at another tree (its tests build one with a cycle).
const ROOT = path.resolve(process.env.DOMAIN_GRAPH_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
const FLOWS_DIR = path.join(ROOT, "app", "flows");
const SERVICES = path.join(ROOT, "app", "services");
const IMPORT = /(?:from\s+|import\s*\(\s*)["']([^"']+)["']/g;

/** Every source file under a folder. */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The domain folder a path under app/services/ belongs to, or null outside every domain. */
function domainOf(file) {
  const relative = path.relative(SERVICES, file);
  if (relative.startsWith("..")) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : null;
}

/** The file an import specifier names, for relative and `~/` imports (packages are not followed). */
function resolveSpecifier(fromFile, specifier) {
  if (specifier.startsWith("~/")) return path.join(ROOT, "app", specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

const pairs = new Map();
let deepImports = 0;
let indexImports = 0;
const flowImports = [];
for (const file of sourceFiles(SERVICES)) {
  const from = domainOf(file);
  if (!from) continue;
  for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
    const target = resolveSpecifier(file, specifier);
    if (target && !path.relative(FLOWS_DIR, target).startsWith("..")) flowImports.push(`${path.relative(ROOT, file)} → ${specifier}`);
    const to = target && domainOf(target);
    if (!to || to === from) continue;
    const key = `${from} → ${to}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
    if (/\/index(\.server)?(\.ts)?$/.test(target)) indexImports += 1;
    else deepImports += 1;
  }
}

const mutual = [...pairs.keys()]
  .map((key) => key.split(" → "))
  .filter(([a, b]) => a < b && pairs.has(`${b} → ${a}`))
  .map(([a, b]) => `${a} ↔ ${b}`);

/** The cycles between domains: each strongly connected group of two or more domains (Tarjan), its members sorted. */
function cycles() {
  const edges = new Map();
  for (const key of pairs.keys()) {
    const [a, b] = key.split(" → ");
    edges.set(a, [...(edges.get(a) ?? []), b]);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

// The graph between domains runs one way (docs/decisions/0089-one-way-domain-graph.md): the check tolerates no cycle.
if (process.argv.includes("--check")) {
  const groups = cycles();
  for (const group of groups) console.error(`Domains importing each other in a cycle: ${group.join(", ")}`);
  for (const line of flowImports) console.error(`A domain imports a flow: ${line}`);
  if (groups.length > 0 || flowImports.length > 0) process.exit(1);
  console.log("Domain graph: no cycle between domains, no domain importing app/flows.");
} else if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ pairs: Object.fromEntries(pairs), mutual, deepImports, indexImports }, null, 2));
} else {
  console.log(`Domains importing another domain: ${pairs.size} ordered pairs, ${mutual.length} both ways.`);
  console.log(`Imports between domains: ${deepImports + indexImports} (${deepImports} into another domain's file, ${indexImports} through its index).`);
  if (mutual.length > 0) console.log(`Both ways: ${mutual.join(", ")}`);
  for (const [key, count] of [...pairs.entries()].sort()) console.log(`  ${key} (${count})`);
}
