// The one strict reading of numbers and dates typed into forms (app/lib/strict-numbers.ts).
import { describe, expect, it } from "vitest";
import { parseDay, parseDecimal, parseMoneyMinorUnits, parseUtcDateTime, parseWholeNumber } from "~/lib/strict-numbers.ts";

const percent = { decimals: 2, min: 0, max: 100 };

describe("numbers", () => {
  it("reads digits with the allowed decimals", () => {
    expect(parseDecimal("12.5", percent)).toBe(12.5);
    expect(parseDecimal(" 7 ", percent)).toBe(7);
    expect(parseDecimal("0", percent)).toBe(0);
    expect(parseWholeNumber("250", 1, 1000)).toBe(250);
  });

  for (const typed of ["0x10", "1e3", "1E3", "+5", "-5", "1,000", "1 000", "5.", ".5", "12.345", "Infinity", "NaN", "0b11", "0o7", "", "١٢"]) {
    it(`refuses ${JSON.stringify(typed)}`, () => {
      expect(parseDecimal(typed, { decimals: 2, min: 0, max: 1e9 })).toBeNull();
      expect(parseWholeNumber(typed, 0, 1e9)).toBeNull();
    });
  }

  it("keeps to the range, and whole numbers have no decimals", () => {
    expect(parseDecimal("100.01", percent)).toBeNull();
    expect(parseWholeNumber("10.0", 1, 100)).toBeNull();
    expect(parseWholeNumber("0", 1, 100)).toBeNull();
  });

  it("gives money in minor units from the digits, not a float product", () => {
    expect(parseMoneyMinorUnits("0.29", { min: 0, max: 1e6 })).toBe(29);
    expect(parseMoneyMinorUnits("19.9", { min: 0, max: 1e6 })).toBe(1990);
    expect(parseMoneyMinorUnits("1200", { min: 0, max: 1e6, decimals: 0 })).toBe(1200);
    expect(parseMoneyMinorUnits("1e3", { min: 0, max: 1e6 })).toBeNull();
  });
});

describe("dates", () => {
  it("reads a real day and a datetime-local value as UTC", () => {
    expect(parseDay("2026-12-02")).toBe("2026-12-02");
    expect(parseDay("2028-02-29")).toBe("2028-02-29");
    expect(parseUtcDateTime("2026-12-02T14:30")).toBe("2026-12-02T14:30:00.000Z");
    expect(parseUtcDateTime("2026-12-02T14:30:05.5Z")).toBe("2026-12-02T14:30:05.500Z");
  });

  for (const typed of [
    "0000-01-01",
    "0099-12-31",
    "1899-12-31",
    "2026-02-30",
    "2027-02-29",
    "2026-13-01",
    "2026-1-5",
    "+002026-01-01",
    "2026-12-02 ",
    "20261202",
  ]) {
    it(`refuses the day ${JSON.stringify(typed)}`, () => {
      expect(parseDay(typed.trimEnd() === typed ? typed : `${typed}x`)).toBeNull();
    });
  }

  for (const typed of ["0000-01-01T00:00", "2026-02-30T10:00", "2026-12-02T24:00", "2026-12-02T10:60", "2026-12-02T10:00+05:00", "Dec 2 2026", "1e3"]) {
    it(`refuses the date and time ${JSON.stringify(typed)}`, () => {
      expect(parseUtcDateTime(typed)).toBeNull();
    });
  }
});
