// Prints which domain writes each table: every `insertInto("t")`, `updateTable("t")`, `deleteFrom("t")` (an alias,
// "t as x", counts as t) and every INSERT INTO / UPDATE / DELETE FROM inside a `sql` template in app/. A domain is a
// folder of app/services/, or app/flows, app/web, app/routes (db/seed is not read: demo data is not an owner).
// `node scripts/table-writers.mjs` prints per table its writer domains with counts, then the tables written by more
// than one domain; `--json` prints { tables: { table: { domain: [functions] } }, shared: [tables] }.
// scripts/table-writers.allowed.json lists, per table, the domains allowed to write it today;
// tests/unit/build/table-owners.test.ts fails when a table gains a writer domain the list does not name.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const APP = path.join(ROOT, "app");

const BUILDER = /\.(insertInto|updateTable|deleteFrom)\(\s*["'`]([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?["'`]/g;
const SQL_TEMPLATE = /\bsql(?:<[^>`]*>)?`([^`]*)`/g;
// "for update" (a row lock) and "do update" (an upsert's second half) are not writes of a table named after them.
const SQL_WRITE = /(?<!\b(?:for|do|key)\s+)\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?(?=[\s(])/gi;
/** Top-level functions (declarations and `const f = (…) =>`), with the offset they start at. */
const FUNCTION =
  /^(?:export\s+)?(?:(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)|(?:const|let)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?=\s*(?:async\s+)?(?:\(|[A-Za-z_$][\w$]*\s*=>))/gm;

/** Every TypeScript source under a folder. */
function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The domain a file of app/ belongs to: services/<domain>/…, or flows, web, routes; "services" for app/services/*.ts. */
function domainOf(file) {
  const [top, second, ...rest] = path.relative(APP, file).split(path.sep);
  if (top === "services") return rest.length > 0 ? second : "services";
  return top.replace(/\.(ts|tsx)$/, "");
}

/** The name of the innermost named function that starts before an offset ("(top level)" when none). */
function functionAt(functions, offset) {
  let name = "(top level)";
  for (const [start, found] of functions) {
    if (start > offset) break;
    name = found;
  }
  return name;
}

/** Every write in app/: { table, domain, file, fn, kind }. */
export function tableWrites() {
  const writes = [];
  for (const file of sourceFiles(APP)) {
    const text = fs.readFileSync(file, "utf8");
    const functions = [...text.matchAll(FUNCTION)].map((m) => [m.index, m[1] ?? m[2]]);
    const record = (table, kind, offset) =>
      writes.push({ table, kind, domain: domainOf(file), file: path.relative(ROOT, file), fn: functionAt(functions, offset) });
    for (const m of text.matchAll(BUILDER)) record(m[2], m[1], m.index);
    for (const t of text.matchAll(SQL_TEMPLATE)) {
      for (const w of t[1].matchAll(SQL_WRITE)) {
        record(w[2].toLowerCase(), w[1].toLowerCase().replace(/\s+/, " "), t.index);
      }
    }
  }
  return writes;
}

/** table → domain → function names ("file#fn"), sorted. */
export function writersByTable(writes = tableWrites()) {
  const tables = {};
  for (const { table, domain, file, fn } of writes) {
    const domains = (tables[table] ??= {});
    (domains[domain] ??= []).push(`${path.basename(file)}#${fn}`);
  }
  const sorted = {};
  for (const table of Object.keys(tables).sort()) {
    sorted[table] = {};
    for (const domain of Object.keys(tables[table]).sort()) sorted[table][domain] = tables[table][domain].sort();
  }
  return sorted;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const tables = writersByTable();
  const shared = Object.keys(tables).filter((table) => Object.keys(tables[table]).length > 1);
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ tables, shared }, null, 2));
  } else {
    for (const [table, domains] of Object.entries(tables)) {
      const list = Object.entries(domains).map(([domain, fns]) => `${domain} ${fns.length}`);
      console.log(`${table}: ${list.join(", ")}`);
    }
    console.log(`\n${Object.keys(tables).length} tables written; ${shared.length} written by more than one domain:`);
    for (const table of shared) {
      console.log(`  ${table}`);
      for (const [domain, fns] of Object.entries(tables[table])) console.log(`    ${domain}: ${[...new Set(fns)].join(", ")}`);
    }
  }
}
