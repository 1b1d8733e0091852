// The production build bundles Kysely into build/server while the seed and scripts load node_modules' copy, so a
// handle opened by one copy fails `instanceof` against the other's classes: the demo seed once took the SQLite path on
// PostgreSQL that way. What a handle is (its engine) is recorded when it is opened (db/dialect.ts); no code may ask a
// database library's classes with `instanceof`.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOTS = ["app", "db", "scripts", "migrations"];
const DATABASE_LIBRARIES = /^(kysely|pg|better-sqlite3)(\/|$)/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

/** `instanceof X` where X (or X's namespace) is imported from a database library. */
function instanceofAcrossCopies(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const fromDatabaseLibraries = new Set<string>();
  for (const match of source.matchAll(/import\s+(?:type\s+)?([\s\S]*?)\s+from\s+["']([^"']+)["']/g)) {
    if (!DATABASE_LIBRARIES.test(match[2]!)) continue;
    for (const name of match[1]!.replace(/[{}*]/g, " ").split(/[\s,]+/))
      if (/^[A-Za-z_$][\w$]*$/.test(name) && name !== "as" && name !== "type") fromDatabaseLibraries.add(name);
  }
  return [...source.matchAll(/instanceof\s+([A-Za-z_$][\w$]*)/g)]
    .filter((match) => fromDatabaseLibraries.has(match[1]!))
    .map((match) => `${file}: instanceof ${match[1]}`);
}

describe("database library classes", () => {
  it("are never asked with instanceof (a bundled copy and node_modules' copy are different classes)", () => {
    expect(ROOTS.flatMap((root) => sources(root)).flatMap(instanceofAcrossCopies)).toEqual([]);
  });

  it("the check finds one when it is there", () => {
    const probe = path.join("tests", ".tmp-instanceof-probe.ts");
    fs.writeFileSync(probe, 'import { PostgresAdapter } from "kysely";\nexport const isPg = (a: unknown) => a instanceof PostgresAdapter;\n');
    try {
      expect(instanceofAcrossCopies(probe)).toEqual([`${probe}: instanceof PostgresAdapter`]);
    } finally {
      fs.rmSync(probe);
    }
  });
});
