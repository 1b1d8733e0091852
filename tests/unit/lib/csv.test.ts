// The one CSV writer (app/lib/csv.ts): a cell a spreadsheet could run as a formula is defused at its start and after
// every delimiter some spreadsheet splits on (`;=1+1` stayed live for a spreadsheet splitting on
// semicolons), and quoted; numbers stay numbers.
import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "~/lib/csv.ts";

/** The cells a spreadsheet reads from one CSV cell when it splits on `delimiter` (ignoring quotes, the worst case). */
function cellsSplitOn(cell: string, delimiter: string): string[] {
  const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
  return unquoted.split(delimiter);
}

describe("csvCell", () => {
  it("defuses a formula at the start, quoted", () => {
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("+5")).toBe(`"'+5"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("-x")).toBe(`"'-x"`);
    expect(csvCell("\tx")).toBe(`"'\tx"`);
    expect(csvCell("\rx")).toBe(`"'\rx"`);
  });

  for (const delimiter of [",", ";", "\t", "|", "\n", "\r"]) {
    it(`defuses a formula after ${JSON.stringify(delimiter)}`, () => {
      const cell = csvCell(`Fluke 87V${delimiter}=HYPERLINK("http://evil.example")${delimiter}+1${delimiter}@x${delimiter}-2`);
      expect(cell.startsWith('"')).toBe(true);
      for (const part of cellsSplitOn(cell, delimiter).slice(1)) expect(part).toMatch(/^'/);
    });
  }

  it("defuses the probe's ;=1+1", () => {
    expect(csvCell(";=1+1")).toBe(`";'=1+1"`);
    expect(cellsSplitOn(csvCell(";=1+1"), ";")).toEqual(["", "'=1+1"]);
  });

  it("leaves plain text and numbers as they are, negative amounts included", () => {
    expect(csvCell("Fluke 87V")).toBe("Fluke 87V");
    expect(csvCell(-12)).toBe("-12");
    expect(csvCell("-12.00")).toBe("-12.00");
    expect(csvCell("2500.00")).toBe("2500.00");
  });

  it("quotes a cell holding a delimiter or a quote", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvLine(["a", 1, "=x"])).toBe(`a,1,"'=x"\r\n`);
  });
});
