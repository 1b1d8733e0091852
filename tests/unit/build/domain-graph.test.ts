// The graph between service domains (scripts/domain-graph.mjs): it runs one way, and the check refuses any cycle,
// of two domains or more, with no group tolerated (docs/decisions/0089-one-way-domain-graph.md).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SCRIPT = path.join(ROOT, "scripts", "domain-graph.mjs");
const trees: string[] = [];

function graph(args: string[], root?: string) {
  const env = root ? { ...process.env, DOMAIN_GRAPH_ROOT: root } : process.env;
  return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8", env });
}

/** A tree of domains, each importing the faces named for it. */
function treeOf(imports: Record<string, string[]>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "domain-graph-"));
  trees.push(root);
  for (const [domain, targets] of Object.entries(imports)) {
    const dir = path.join(root, "app", "services", domain);
    fs.mkdirSync(dir, { recursive: true });
    const lines = targets.map((target, index) => `import { x${index} } from "../${target}/index.server.ts";`);
    fs.writeFileSync(path.join(dir, "index.server.ts"), `${lines.join("\n")}\nexport const x = 1;\n`);
  }
  return root;
}

afterAll(() => {
  for (const root of trees) fs.rmSync(root, { recursive: true, force: true });
});

describe("domain graph", () => {
  it("finds no domains importing each other both ways in app/services", () => {
    const answer = JSON.parse(graph(["--json"]).stdout) as { mutual: string[]; pairs: Record<string, number> };
    expect(Object.keys(answer.pairs).length).toBeGreaterThan(40);
    expect(answer.mutual).toEqual([]);
    expect(graph(["--check"]).status).toBe(0);
  });

  it("refuses any cycle, the marketplace's own domains included", () => {
    const root = treeOf({ listings: ["alerts"], alerts: ["watchlist"], watchlist: ["listings"], platform: [] });
    const check = graph(["--check"], root);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain("Domains importing each other in a cycle: alerts, listings, watchlist");
  });

  it("passes a graph that runs one way", () => {
    expect(graph(["--check"], treeOf({ orders: ["auctions", "listings"], auctions: ["listings"], listings: ["platform"], platform: [] })).status).toBe(0);
  });
});
