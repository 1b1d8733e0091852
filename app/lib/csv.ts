// The one CSV writer of every export (the sales and report CSVs on /admin, the bulk-upload template and its error
// file). A cell a spreadsheet could run as a formula is defused: a leading =, +, -, @, tab or carriage return gets a
// quote mark before it — at the start of the cell and after every character some spreadsheet splits cells on (comma,
// semicolon, tab, pipe, line breaks), since a spreadsheet opening the file with another delimiter reads `;=1+1` as
// two cells, the second a formula. A cell holding any of those characters is quoted.

/** Characters a spreadsheet may split cells (or rows) on when it guesses the file's delimiter. */
const DELIMITERS = ",;\t|\r\n";
/** A formula's first character, at the start of a cell or after a delimiter: a quote mark goes before it. */
const FORMULA_AFTER_DELIMITER = /(^|[,;\t|\r\n])(?=[=+\-@\t\r])/g;
/** A plain number (a refund's -12.00) is not a formula and is left as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One CSV cell, defused and quoted as needed. Numbers are written as they are. */
export function csvCell(value: string | number): string {
  const text = String(value);
  if (typeof value === "number" || PLAIN_NUMBER.test(text)) return text;
  const safe = text.replace(FORMULA_AFTER_DELIMITER, "$1'");
  const needsQuotes = safe !== text || safe.includes('"') || [...DELIMITERS].some((delimiter) => safe.includes(delimiter));
  return needsQuotes ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV line (comma-separated, CRLF-terminated). */
export function csvLine(cells: ReadonlyArray<string | number>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The UTF-8 byte order mark: put first in a file, it tells Excel the file is UTF-8 (accents, €, ¥ read right). */
export const UTF8_BOM = "\uFEFF";

/** A whole CSV file for a spreadsheet: the byte order mark, then the lines. */
export function csvFile(lines: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return UTF8_BOM + lines.map(csvLine).join("");
}
