// Prints the import graph between the service domains (the folders of app/services/): how many ordered pairs of
// domains import each other, which pairs do so both ways, and how many imports reach into another domain's file
// instead of its index. `node scripts/domain-graph.mjs` (add --json for a machine-readable answer).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
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
for (const file of sourceFiles(SERVICES)) {
  const from = domainOf(file);
  if (!from) continue;
  for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
    const target = resolveSpecifier(file, specifier);
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

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ pairs: Object.fromEntries(pairs), mutual, deepImports, indexImports }, null, 2));
} else {
  console.log(`Domains importing another domain: ${pairs.size} ordered pairs, ${mutual.length} both ways.`);
  console.log(`Imports between domains: ${deepImports + indexImports} (${deepImports} into another domain's file, ${indexImports} through its index).`);
  if (mutual.length > 0) console.log(`Both ways: ${mutual.join(", ")}`);
  for (const [key, count] of [...pairs.entries()].sort()) console.log(`  ${key} (${count})`);
}
