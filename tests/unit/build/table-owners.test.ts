// Which domains write each table (scripts/table-writers.mjs): a table written by several domains may only have the
// writers scripts/table-writers.allowed.json lists (docs/architecture/table-ownership.md names each table's owner),
// so the shared writes can only shrink.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const ALLOWED_FILE = path.join(ROOT, "scripts", "table-writers.allowed.json");

interface Analysis {
  tables: Record<string, Record<string, string[]>>;
  shared: string[];
}

const analysis = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, "scripts", "table-writers.mjs"), "--json"], { encoding: "utf8" })) as Analysis;
const allowed = Object.fromEntries(
  Object.entries(JSON.parse(fs.readFileSync(ALLOWED_FILE, "utf8")) as Record<string, unknown>).filter((entry): entry is [string, string[]] =>
    Array.isArray(entry[1]),
  ),
);

describe("table writers", () => {
  it("finds the writes of the services (a sanity check of the parser)", () => {
    expect(Object.keys(analysis.tables).length).toBeGreaterThan(50);
    expect(Object.keys(analysis.tables.orders ?? {})).toEqual(["orders"]);
    expect(analysis.tables.saved_search_matches?.alerts?.length).toBeGreaterThan(0);
  });

  it("no table gains a writer domain the allowlist does not name", () => {
    const unlisted = analysis.shared.flatMap((table) =>
      Object.keys(analysis.tables[table]!)
        .filter((domain) => !(allowed[table] ?? []).includes(domain))
        .map((domain) => `${table} ← ${domain} (${analysis.tables[table]![domain]!.join(", ")})`),
    );
    expect(unlisted, "route the write through the owner's function, or record the new writer in the allowlist and the doc").toEqual([]);
  });

  it("the allowlist names only writers that still write (it only shrinks)", () => {
    const stale = Object.entries(allowed).flatMap(([table, domains]) =>
      domains.filter((domain) => !analysis.shared.includes(table) || !analysis.tables[table]?.[domain]).map((domain) => `${table} ← ${domain}`),
    );
    expect(stale, "remove these from scripts/table-writers.allowed.json and docs/architecture/table-ownership.md").toEqual([]);
  });
});
