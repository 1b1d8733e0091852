// An end-to-end test that skips itself when the database lacks something passes in CI without checking anything.
// Specs make the rows they need (tests/e2e/fixtures.ts); a test that is known broken is marked in review, not at run
// time. This fails on any skip, fixme or expected failure written into tests/e2e.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const E2E = path.resolve("tests/e2e");
/** `test.skip(…)`, `test.describe.skip(…)`, `testInfo.skip(…)`, `test.fixme(…)`, `test.fail(…)` and the like. */
const SKIPPING = /\b(?:test|testInfo|describe|it)(?:\.describe)?\.(?:skip|fixme|fail)\s*\(/;

function skippingLines(): string[] {
  return fs
    .readdirSync(E2E)
    .filter((name) => /\.tsx?$/.test(name))
    .flatMap((name) =>
      fs
        .readFileSync(path.join(E2E, name), "utf8")
        .split("\n")
        .flatMap((line, index) => (SKIPPING.test(line) ? [`${name}:${index + 1}: ${line.trim()}`] : [])),
    )
    .sort();
}

describe("end-to-end specs", () => {
  it("never skip, fixme or expect-fail a test at run time", () => {
    expect(skippingLines()).toEqual([]);
  });
});
