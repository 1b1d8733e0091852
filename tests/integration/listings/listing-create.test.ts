// Creating a listing: the form's checks in the spec's order and words, what is stored, HTML kept as
// plain text, and the new listing found by search.
import { DomainError } from "~/services/domain-error.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import { CreateListingSchema, EditListingSchema, LISTING_MESSAGES, toListingInput } from "~/schemas/listing.ts";
import { listingFormDefaults, parseFeatures, parseSpecifications } from "~/services/listings/listing-form-defaults.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createListing } from "~/flows/listing-publication.server.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const THIS_YEAR = new Date().getUTCFullYear();

let database: OpenedDatabase;
let uploadsDir: string;
let uploads: DiskStore;
let seller: string;

beforeAll(async () => {
  database = createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-listings-"));
  uploads = new DiskStore(uploadsDir);
  seller = await insertUserRow(database.db, undefined, "seller");
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const VALID: Record<string, string> = {
  title: "Keysight DSOX3034T oscilloscope",
  description: "350 MHz, 4 channels, 5 GSa/s. Calibrated last spring, all options listed below.",
  categoryId: OSCILLOSCOPES,
  listingType: "buy_now",
  price: "8450.50",
  currency: "USD",
  condition: "used_excellent",
  brand: "Keysight",
  model: "DSOX3034T",
  location: "Austin, TX",
  year: "2019",
  serialNumber: "MY5912345",
  status: "active",
};

/** A form as the browser sends it (conform drops empty values, as it does for a real request). */
function formData(values: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}

type AnyListingSchema = typeof CreateListingSchema | typeof EditListingSchema;

function parse(values: Record<string, string | string[]>, schema: AnyListingSchema = CreateListingSchema) {
  return parseWithZod(formData(values), { schema: schema as typeof CreateListingSchema });
}

function errorsOf(values: Record<string, string | string[]>, schema: AnyListingSchema = CreateListingSchema): Record<string, string[]> {
  const submission = parse(values, schema);
  if (submission.status === "success") return {};
  return Object.fromEntries(Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1])));
}

describe("the listing form's checks", () => {
  it("reports an empty form's errors in the spec's order and words", () => {
    const errors = errorsOf({});
    expect(Object.keys(errors)).toEqual(["title", "description", "categoryId", "price", "condition"]);
    expect(errors).toEqual({
      title: [LISTING_MESSAGES.titleRequired],
      description: [LISTING_MESSAGES.descriptionRequired],
      categoryId: [LISTING_MESSAGES.categoryRequired],
      price: ["Valid price is required for buy now listings"],
      condition: [LISTING_MESSAGES.conditionRequired],
    });
    expect(LISTING_MESSAGES.titleRequired).toBe("Title is required");
    expect(LISTING_MESSAGES.descriptionRequired).toBe("Description is required");
    expect(LISTING_MESSAGES.categoryRequired).toBe("Category is required");
  });

  it("treats blank and whitespace-only text as missing", () => {
    const errors = errorsOf({ ...VALID, title: "   ", description: "\n\t " });
    expect(errors).toEqual({ title: ["Title is required"], description: ["Description is required"] });
  });

  it.each(["abc", "-5", "0", "0.00", "12.345", "1,250", "1e5", "2000000000"])("refuses the price %j", (price) => {
    expect(errorsOf({ ...VALID, price })).toEqual({ price: ["Valid price is required for buy now listings"] });
  });

  it("accepts prices with up to two decimals and stores them as cents", () => {
    for (const [price, cents] of [
      ["8450.50", 845050],
      ["0.01", 1],
      ["12500", 1250000],
      [" 99.9 ", 9990],
    ] as const) {
      const submission = parse({ ...VALID, price });
      expect(submission.status).toBe("success");
      if (submission.status === "success") expect(toListingInput(submission.value).priceCents).toBe(cents);
    }
  });

  it("checks the year after the price: 1900 up to the current year", () => {
    const message = `Year must be between 1900 and ${THIS_YEAR}`;
    expect(LISTING_MESSAGES.year(THIS_YEAR)).toBe(message);
    for (const year of ["1899", String(THIS_YEAR + 1), "abcd", "19", "2019.5"]) {
      expect(errorsOf({ ...VALID, year })).toEqual({ year: [message] });
    }
    const both = errorsOf({ ...VALID, price: "", year: "1800" });
    expect(Object.keys(both)).toEqual(["price", "year"]);
    for (const year of ["1900", String(THIS_YEAR), ""]) expect(errorsOf({ ...VALID, year })).toEqual({});
  });

  it("accepts only the canonical conditions, currencies and test levels", () => {
    expect(errorsOf({ ...VALID, condition: "like_new" })).toEqual({ condition: [LISTING_MESSAGES.conditionRequired] });
    expect(errorsOf({ ...VALID, currency: "BTC" })).toEqual({ currency: [LISTING_MESSAGES.currency] });
    expect(errorsOf({ ...VALID, testLevel: "mostly" })).toEqual({ testLevel: [LISTING_MESSAGES.testLevel] });
    // The yen has no minor unit: a whole amount (decision 0070).
    expect(errorsOf({ ...VALID, price: "8450", condition: "for_repair", currency: "JPY", testLevel: "powers_on" })).toEqual({});
  });

  it("offers draft and active on create, archived only on edit, and never sold", () => {
    expect(errorsOf({ ...VALID, status: "archived" })).toEqual({ status: [LISTING_MESSAGES.status] });
    expect(errorsOf({ ...VALID, status: "sold" })).toEqual({ status: [LISTING_MESSAGES.status] });
    expect(errorsOf({ ...VALID, status: "archived" }, EditListingSchema)).toEqual({});
    expect(errorsOf({ ...VALID, status: "sold" }, EditListingSchema)).toEqual({ status: [LISTING_MESSAGES.status] });
  });

  it("drops blank feature rows and specification rows missing a name or a value", () => {
    const submission = parse({
      ...VALID,
      "features[0]": "Option 1GB memory",
      "features[1]": "   ",
      "features[3]": "Probes included",
      "specifications[0].key": "Bandwidth",
      "specifications[0].value": "350 MHz",
      "specifications[1].key": "Channels",
      "specifications[2].value": "orphan value",
      "specifications[3].key": "  ",
      "specifications[3].value": "  ",
      "specifications[4].key": "Sample rate",
      "specifications[4].value": "5 GSa/s",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.features).toEqual(["Option 1GB memory", "Probes included"]);
    expect(submission.value.specifications).toEqual([
      ["Bandwidth", "350 MHz"],
      ["Sample rate", "5 GSa/s"],
    ]);
  });

  it("refuses a specification name used twice, over-long text and too many rows", () => {
    expect(
      errorsOf({
        ...VALID,
        "specifications[0].key": "Bandwidth",
        "specifications[0].value": "350 MHz",
        "specifications[1].key": "bandwidth",
        "specifications[1].value": "500 MHz",
      }),
    ).toEqual({ "specifications[1].key": [LISTING_MESSAGES.duplicateSpecification] });
    expect(errorsOf({ ...VALID, title: "x".repeat(151) })).toEqual({ title: ["Title must be at most 150 characters"] });
    expect(errorsOf({ ...VALID, "features[0]": "y".repeat(301) })).toEqual({ "features[0]": ["A feature must be at most 300 characters"] });
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`features[${i}]`, `Feature ${i}`]));
    expect(errorsOf({ ...VALID, ...many })).toEqual({ features: ["At most 30 features can be added"] });
  });

  it("checks calibration dates: real dates, not in the future, due after calibrated", () => {
    expect(errorsOf({ ...VALID, calibrationDate: "2025-02-30" })).toEqual({ calibrationDate: [LISTING_MESSAGES.date] });
    expect(errorsOf({ ...VALID, calibrationDate: `${THIS_YEAR + 1}-01-01` })).toEqual({
      calibrationDate: [LISTING_MESSAGES.calibrationInFuture],
    });
    expect(errorsOf({ ...VALID, calibrationDate: "2025-03-01", calibrationDue: "2025-02-01" })).toEqual({
      calibrationDue: [LISTING_MESSAGES.calibrationDueBeforeDate],
    });
    const ok = parse({ ...VALID, testLevel: "fully_tested", calibrationDate: "2025-03-01", calibrationDue: "2026-03-01", calibrationAccredited: "on" });
    expect(ok.status).toBe("success");
    if (ok.status === "success") {
      expect(toListingInput(ok.value)).toMatchObject({
        testLevel: "fully_tested",
        calibrationDate: "2025-03-01",
        calibrationDue: "2026-03-01",
        calibrationAccredited: true,
      });
    }
  });
});

describe("createListing", () => {
  function validInput(overrides: Record<string, string> = {}) {
    const submission = parse({
      ...VALID,
      "features[0]": "Option 1GB memory",
      "specifications[0].key": "Bandwidth",
      "specifications[0].value": "350 MHz",
      "specifications[1].key": "Channels",
      "specifications[1].value": "4",
      installedOptions: "DSOX3MSO, DSOX3AWG",
      ...overrides,
    });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    return toListingInput(submission.value);
  }

  it("stores every field, active by default, and reads back into the edit form", async () => {
    const id = await createListing(database.db, uploads, seller, validInput(), []);
    const row = await database.db.selectFrom("equipment_listings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: seller,
      title: VALID.title,
      category_id: OSCILLOSCOPES,
      condition: "used_excellent",
      listing_type: "buy_now",
      price_cents: 845050,
      buy_now_price_cents: null,
      currency: "USD",
      location: "Austin, TX",
      year: 2019,
      serial_number: "MY5912345",
      status: "active",
      ai_generated: 0,
      installed_options: "DSOX3MSO, DSOX3AWG",
    });
    expect(parseFeatures(row.features)).toEqual(["Option 1GB memory"]);
    expect(parseSpecifications(row.specifications)).toEqual([
      ["Bandwidth", "350 MHz"],
      ["Channels", "4"],
    ]);
    expect(listingFormDefaults(row)).toMatchObject({
      price: "8450.50",
      year: "2019",
      features: ["Option 1GB memory"],
      specifications: [
        { key: "Bandwidth", value: "350 MHz" },
        { key: "Channels", value: "4" },
      ],
      status: "active",
    });
  });

  it("stores a draft when asked", async () => {
    const id = await createListing(database.db, uploads, seller, validInput(), [], "draft");
    const row = await database.db.selectFrom("equipment_listings").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("draft");
  });

  it("refuses a category that does not exist and stores nothing", async () => {
    const before = await database.db
      .selectFrom("equipment_listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await expect(createListing(database.db, uploads, seller, validInput({ categoryId: "no_such_category" }), [])).rejects.toBeInstanceOf(DomainError);
    const after = await database.db
      .selectFrom("equipment_listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("keeps HTML and script in title and description as plain text, unchanged", async () => {
    const title = `<script>alert("x")</script> Fluke 87V & "probes"`;
    const description = `<img src=x onerror="alert(1)"><b>bold</b> </textarea><a href="javascript:alert(1)">link</a>`;
    const id = await createListing(database.db, uploads, seller, validInput({ title, description }), []);
    const row = await database.db.selectFrom("equipment_listings").select(["title", "description"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title, description });
  });

  it("is found by search at once", async () => {
    const id = await createListing(database.db, uploads, seller, validInput({ title: "Rohde Schwarz FSV zygomorphic analyzer" }), []);
    const result = await searchListings(database.db, parseListingFilters(new URLSearchParams({ search: "zygomorphic" })).filters);
    expect(result.listings.map((l) => l.id)).toEqual([id]);
  });
});
