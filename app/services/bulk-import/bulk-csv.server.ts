// Reading a bulk upload: the file's bytes go through csv-parse as they arrive, so the size and the row
// count are checked while reading and a body over its bound is refused without being kept. UTF-8 with or without a
// BOM; quoted fields with commas, quotes and line breaks; CRLF or LF; the delimiter (comma, semicolon or tab) is read
// from the header line. A file that is not text (NUL bytes, invalid UTF-8) is "Please upload a CSV file".
import type * as CsvParse from "csv-parse";
import { BULK_LIMITS, BULK_MESSAGES } from "~/lib/bulk-import.ts";
import { DomainError } from "../domain-error.ts";
import { nextTurn } from "../event-loop.server.ts";

export interface ParsedCsv {
  /** The header row's cells, trimmed. */
  headers: string[];
  /** The data rows (blank lines skipped), each as many cells as the header (short rows padded, long ones cut). */
  rows: string[][];
  delimiter: "," | ";" | "\t";
}

export interface CsvLimits {
  fileBytes: number;
  rows: number;
  columns: number;
}

const DELIMITERS = [",", ";", "\t"] as const;

/** The delimiter of a header line: the one of comma, semicolon and tab found most often outside quotes (comma on a tie). */
export function detectDelimiter(firstLine: string): ParsedCsv["delimiter"] {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: ParsedCsv["delimiter"] = ",";
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** The first line of `text` when it holds a whole one (a line break outside quotes), else null. */
function firstLineOf(text: string): string | null {
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) return text.slice(0, i);
  }
  return null;
}

/** How much text is looked at for the header line before the delimiter is chosen anyway. */
const HEADER_PEEK_CHARS = 64 * 1024;

/** Reads a CSV upload from its bytes as they arrive. Refusals are DomainErrors with the page's messages. */
let csvParse: Promise<typeof CsvParse> | undefined;

/** csv-parse, loaded with the first upload: a starting server does not load what only bulk uploads use. */
function loadCsvParse(): Promise<typeof CsvParse> {
  csvParse ??= import("csv-parse");
  return csvParse;
}

export async function parseBulkCsv(source: AsyncIterable<Uint8Array>, limits: CsvLimits = BULK_LIMITS): Promise<ParsedCsv> {
  const { parse, CsvError } = await loadCsvParse();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  let pending = "";
  // A holder, so TypeScript follows assignments made inside the closures below.
  const state: { parser: ReturnType<typeof parse> | null } = { parser: null };
  let delimiter: ParsedCsv["delimiter"] = ",";
  const records: string[][] = [];
  let failure: unknown = null;

  const start = (text: string) => {
    delimiter = detectDelimiter(firstLineOf(text) ?? text);
    state.parser = parse({
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: 1_000_000,
    });
    state.parser.on("data", (record: string[]) => {
      if (failure) return;
      // The header plus `rows` data rows at most.
      if (records.length > limits.rows) failure = new DomainError("too_large", BULK_MESSAGES.tooManyRows);
      else if (records.length === 0 && record.length > limits.columns) failure = new DomainError("too_large", BULK_MESSAGES.tooManyColumns);
      else records.push(record);
    });
    state.parser.on("error", (error: unknown) => {
      failure ??= error;
    });
  };

  const feed = (text: string) => {
    if (!state.parser) {
      pending += text;
      if (firstLineOf(pending) === null && pending.length < HEADER_PEEK_CHARS) return;
      start(pending);
      text = pending;
      pending = "";
    }
    state.parser!.write(text);
  };

  try {
    for await (const chunk of source) {
      bytes += chunk.byteLength;
      if (bytes > limits.fileBytes) throw new DomainError("too_large", BULK_MESSAGES.tooLarge);
      if (chunk.includes(0)) throw new DomainError("invalid", BULK_MESSAGES.notCsv);
      feed(decoder.decode(chunk, { stream: true }));
      // Let the parser hand over what it has read, so the row count is checked as the file arrives.
      await nextTurn();
      if (failure) throw failure;
    }
    const rest = decoder.decode();
    if (!state.parser) {
      pending += rest;
      if (pending.trim() === "") throw new DomainError("invalid", BULK_MESSAGES.empty);
      start(pending);
      state.parser!.write(pending);
    } else if (rest) state.parser.write(rest);
    const parser = state.parser!;
    const done = new Promise<void>((resolve) => {
      parser.on("end", resolve);
      parser.on("error", () => resolve());
    });
    parser.end();
    await done;
    if (failure) throw failure;
  } catch (error) {
    state.parser?.destroy();
    if (error instanceof DomainError) throw error;
    if (error instanceof CsvError) {
      const line = typeof (error as { lines?: unknown }).lines === "number" ? (error as unknown as { lines: number }).lines : 1;
      throw new DomainError("invalid", BULK_MESSAGES.unreadable(line));
    }
    // Invalid UTF-8 (the decoder's TypeError): a spreadsheet or other binary renamed .csv.
    if (error instanceof TypeError) throw new DomainError("invalid", BULK_MESSAGES.notCsv);
    throw error;
  }

  const [header, ...rows] = records;
  if (!header) throw new DomainError("invalid", BULK_MESSAGES.empty);
  const headers = header.map((cell) => cell.trim());
  if (rows.length === 0) throw new DomainError("invalid", BULK_MESSAGES.empty);
  const width = headers.length;
  return {
    headers,
    rows: rows.map((row) => (row.length === width ? row : row.length > width ? row.slice(0, width) : [...row, ...Array<string>(width - row.length).fill("")])),
    delimiter,
  };
}

/** A whole text (tests, the benchmark) as the chunks an upload would arrive in. */
export async function* chunksOf(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}
