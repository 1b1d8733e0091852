// The bulk upload's CSV reader on awkward files, and the header mapping and its messages.
import { describe, expect, it } from "vitest";
import { autoMapping, BULK_MESSAGES, bulkTemplateCsv, fieldOfHeader, missingRequiredFields } from "~/lib/bulk-import.ts";
import { chunksOf, detectDelimiter, parseBulkCsv } from "~/services/bulk-import/bulk-csv.server.ts";

const enc = new TextEncoder();
const read = (text: string | Uint8Array, chunk = 7) => parseBulkCsv(chunksOf(typeof text === "string" ? enc.encode(text) : text, chunk));

describe("parseBulkCsv", () => {
  it("reads a UTF-8 file with a BOM, CRLF line ends and quoted fields holding commas, quotes and line breaks", async () => {
    const text = '\uFEFFbrand,model,description\r\nFluke,87V,"True RMS, with ""leads""\r\nand holster"\r\nKeysight,34401A,plain\r\n';
    const parsed = await read(text);
    expect(parsed.headers).toEqual(["brand", "model", "description"]);
    expect(parsed.rows).toEqual([
      ["Fluke", "87V", 'True RMS, with "leads"\r\nand holster'],
      ["Keysight", "34401A", "plain"],
    ]);
  });

  it("detects semicolons and tabs, and skips blank lines", async () => {
    expect((await read("brand;model;price\n\nFluke;87V;325,50\n\n")).rows).toEqual([["Fluke", "87V", "325,50"]]);
    const tabbed = await read("brand\tmodel\nFluke\t87V\n");
    expect(tabbed.delimiter).toBe("\t");
    expect(tabbed.rows).toEqual([["Fluke", "87V"]]);
    expect(detectDelimiter('"a;b",c,d')).toBe(",");
  });

  it("skips lines of empty cells and pads short rows", async () => {
    expect((await read("a,b,c\n,,\n1\n")).rows).toEqual([["1", "", ""]]);
  });

  it("reads a 5,000-row file and refuses the 5,001st row while reading", async () => {
    const line = "Fluke,87V,good,325,https://img.example/a.jpg\n";
    const ok = await read("brand,model,condition,price,photo_urls\n" + line.repeat(5_000), 64 * 1024);
    expect(ok.rows).toHaveLength(5_000);
    await expect(read("brand,model,condition,price,photo_urls\n" + line.repeat(5_001), 64 * 1024)).rejects.toThrow(BULK_MESSAGES.tooManyRows);
  });

  it("refuses a file over 15 MB before reading it all", async () => {
    let served = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      yield enc.encode("brand,model\n");
      // Long rows, so the size bound is reached before the row bound.
      const block = enc.encode(`x,${"y".repeat(8_000)}\n`.repeat(8));
      for (;;) {
        served += block.byteLength;
        yield block;
      }
    }
    await expect(parseBulkCsv(endless())).rejects.toThrow(BULK_MESSAGES.tooLarge);
    expect(served).toBeLessThan(16 * 1024 * 1024);
  });

  it("answers 'Please upload a CSV file' for a binary file renamed .csv", async () => {
    // The start of a ZIP (an .xlsx workbook): NUL bytes.
    await expect(read(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).rejects.toThrow(BULK_MESSAGES.notCsv);
    // Invalid UTF-8 without NUL bytes.
    await expect(read(new Uint8Array([0x62, 0x72, 0xff, 0xfe, 0x0a, 0xc3, 0x28]))).rejects.toThrow(BULK_MESSAGES.notCsv);
  });

  it("explains an unclosed quote and an empty file", async () => {
    await expect(read('brand,model\nFluke,"87V\n')).rejects.toThrow(/could not be read as CSV/);
    await expect(read("")).rejects.toThrow(BULK_MESSAGES.empty);
    await expect(read("brand,model\n")).rejects.toThrow(BULK_MESSAGES.empty);
  });
});

describe("header mapping", () => {
  it("matches header names case-insensitively with aliases", () => {
    expect(fieldOfHeader(" Manufacturer ")).toBe("brand");
    expect(fieldOfHeader("Part Number")).toBe("model");
    expect(fieldOfHeader("MPN")).toBe("model");
    expect(fieldOfHeader("IMAGES")).toBe("photo_urls");
    expect(fieldOfHeader("photo_urls")).toBe("photo_urls");
    expect(fieldOfHeader("Warehouse bin")).toBeNull();
    expect(autoMapping(["Make", "Brand", "MPN", "Notes"])).toEqual(["brand", null, "model", null]);
  });

  it("names the required fields a mapping leaves out, in the spec's words", () => {
    const missing = missingRequiredFields(autoMapping(["brand", "model", "price"]));
    expect(BULK_MESSAGES.missingFields(missing)).toBe("Missing required fields: condition, photo_urls");
    expect(missingRequiredFields(autoMapping(["Brand", "MPN", "Condition", "Price", "Images"]))).toEqual([]);
  });

  it("offers a template whose header maps completely and whose example row reads back", async () => {
    const parsed = await read(bulkTemplateCsv());
    expect(missingRequiredFields(autoMapping(parsed.headers))).toEqual([]);
    expect(parsed.rows).toHaveLength(1);
  });
});
