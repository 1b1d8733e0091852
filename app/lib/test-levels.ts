// How thoroughly a piece of test gear was checked before listing.
export const TEST_LEVELS = ["fully_tested", "powers_on", "untested", "for_parts"] as const;
export type TestLevel = (typeof TEST_LEVELS)[number];

export const TEST_LEVEL_LABELS: Record<TestLevel, string> = {
  fully_tested: "Fully tested",
  powers_on: "Powers on",
  untested: "Untested",
  for_parts: "For parts / not working",
};

export function isTestLevel(value: unknown): value is TestLevel {
  return typeof value === "string" && (TEST_LEVELS as readonly string[]).includes(value);
}

export const TEST_LEVEL_OPTIONS = TEST_LEVELS.map((value) => ({ value, label: TEST_LEVEL_LABELS[value] }));
