// One <main> per page (the report and offer pages had a second one inside the root layout's): the root
// layout (app/root.tsx) is the only module that renders the main landmark; pages render their content inside it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : /\.tsx$/.test(entry.name) ? [full] : [];
  });
}

describe("the main landmark", () => {
  it("is rendered by the root layout only", () => {
    const renderers = sources("app")
      .filter((file) => /<main[\s>]|as="main"|as=\{"main"\}/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative("app", file));
    expect(renderers).toEqual(["root.tsx"]);
  });
});
