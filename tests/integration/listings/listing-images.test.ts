// Listing pictures: reading them from a multipart form (sizes, repeats, the 12-image limit) without
// failing, refusing what is not a picture, storing WebP renditions, and the edit form's image manager.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { readListingRequest } from "~/web/listing-form.server.ts";
import { CreateListingSchema, type ListingInput } from "~/schemas/listing.ts";
import { checkListingUploads } from "~/services/listings/listing-uploads.server.ts";
import { deleteListing } from "~/services/listings/delete-listing.server.ts";
import { moveListingImage, removeListingImage, setPrimaryListingImage } from "~/services/listings/edit-listing-images.server.ts";
import { IMAGE_MESSAGES } from "~/services/platform/image-pipeline.server.ts";
import { listListingImages, MAX_IMAGE_BYTES, type PreparedImage } from "~/services/listings/listing-images.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createListing, updateListing } from "~/flows/listing-publication.server.ts";

let database: OpenedDatabase;
let uploadsDir: string;
let uploads: DiskStore;
let seller: string;
const actor = () => ({ id: seller, role: "seller" as const });

beforeAll(async () => {
  database = createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-listing-images-"));
  uploads = new DiskStore(uploadsDir);
  seller = await insertUserRow(database.db, undefined, "seller");
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const INPUT: ListingInput = {
  title: "Fluke 5522A multi-product calibrator",
  description: "Recently serviced, with test leads and manual.",
  categoryId: "industrial_electronics_test_measurement_calibrators",
  listingType: "buy_now",
  priceCents: 1_850_000,
  currency: "USD",
  condition: "used_very_good",
  brand: "Fluke",
  model: "5522A",
  location: "Denver, CO",
  year: 2017,
  serialNumber: "",
  features: [],
  specifications: [],
  testLevel: "fully_tested",
  calibrationDate: null,
  calibrationDue: null,
  calibrationAccredited: false,
  installedOptions: "",
};

async function png(width: number, height: number, colour = "#3366ff"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real 20,000 × 20,000 black-and-white PNG: 1 bit per pixel, all zero, so it deflates to ~50 KB.
 * Built by hand because asking sharp to encode 400 megapixels takes seconds.
 */
function pixelBomb(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(size / 8); // filter byte + pixels
  const raw = Buffer.alloc(rowBytes * size);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A multipart request as a browser sends it. */
function multipartRequest(fields: Record<string, string>, files: Array<{ name: string; bytes: Uint8Array; type?: string }>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("images", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" }), file.name);
  return new Request("http://localhost/create-listing", { method: "POST", body: form });
}

async function prepared(files: Array<{ name: string; bytes: Uint8Array }>): Promise<PreparedImage[]> {
  const checked = await checkListingUploads(files.map((f) => ({ name: f.name, size: f.bytes.byteLength, bytes: f.bytes, status: "kept" as const })));
  expect(checked.errors).toEqual([]);
  return checked.images;
}

function filesOf(listingId: number): string[] {
  const dir = path.join(uploadsDir, "listings", String(listingId));
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

function fileOfUrl(url: string): string {
  return path.join(uploadsDir, url.replace(/^\/uploads\//, ""));
}

describe("reading the form's files", () => {
  it("keeps the other fields and files when one file is over 10 MB, and names it", async () => {
    const small = await png(40, 30);
    const request = multipartRequest({ title: "Before the big file" }, [
      { name: "front.png", bytes: small },
      { name: "huge.png", bytes: new Uint8Array(MAX_IMAGE_BYTES + 1) },
      { name: "back.png", bytes: await png(40, 30, "#ff0000") },
    ]);
    const form = await readListingRequest(request, CreateListingSchema);
    expect(form.fields.get("title")).toBe("Before the big file");
    expect(form.files.map((f) => [f.name, f.status])).toEqual([
      ["front.png", "kept"],
      ["huge.png", "too_big"],
      ["back.png", "kept"],
    ]);
    const checked = await checkListingUploads(form.files);
    expect(checked.errors).toEqual(["huge.png is larger than 10 MB"]);
    expect(checked.images).toHaveLength(2);
  });

  it("accepts a file of exactly 10 MB as far as size goes", async () => {
    const form = await readListingRequest(multipartRequest({}, [{ name: "edge.png", bytes: new Uint8Array(MAX_IMAGE_BYTES) }]), CreateListingSchema);
    expect(form.files[0]).toMatchObject({ name: "edge.png", size: MAX_IMAGE_BYTES, status: "kept" });
  });

  it("skips files repeating the name and size of an earlier file or a stored image", async () => {
    const a = await png(20, 20);
    const b = await png(24, 24);
    const form = await readListingRequest(
      multipartRequest({}, [
        { name: "a.png", bytes: a },
        { name: "a.png", bytes: a },
        { name: "b.png", bytes: b },
        { name: "c.png", bytes: b },
      ]),
      CreateListingSchema,
      [{ original_name: "b.png", original_size: b.byteLength }],
    );
    expect(form.files.map((f) => [f.name, f.status])).toEqual([
      ["a.png", "kept"],
      ["a.png", "duplicate"],
      ["b.png", "duplicate"],
      ["c.png", "kept"],
    ]);
    const checked = await checkListingUploads(form.files, 1);
    expect(checked).toMatchObject({ errors: [], duplicates: 2 });
    expect(checked.images.map((i) => i.name)).toEqual(["a.png", "c.png"]);
  });

  it("ignores an empty file input and refuses more than 12 images in all", async () => {
    const empty = await readListingRequest(
      multipartRequest({ title: "x" }, [{ name: "", bytes: new Uint8Array(0), type: "application/octet-stream" }]),
      CreateListingSchema,
    );
    expect(empty.files).toEqual([]);

    const thirteen = await Promise.all(Array.from({ length: 13 }, (_, i) => png(10 + i, 10)));
    const form = await readListingRequest(
      multipartRequest(
        {},
        thirteen.map((bytes, i) => ({ name: `p${i}.png`, bytes })),
      ),
      CreateListingSchema,
    );
    expect(form.files.filter((f) => f.status === "kept")).toHaveLength(12);
    expect(form.files[12]?.status).toBe("over_limit");
    expect((await checkListingUploads(form.files)).errors).toEqual(["A listing can have at most 12 images"]);

    const stored = Array.from({ length: 11 }, (_, i) => ({ original_name: `old${i}.png`, original_size: i + 1 }));
    const two = await readListingRequest(
      multipartRequest({}, [
        { name: "n1.png", bytes: thirteen[0]! },
        { name: "n2.png", bytes: thirteen[1]! },
      ]),
      CreateListingSchema,
      stored,
    );
    expect((await checkListingUploads(two.files, 11)).errors).toEqual(["A listing can have at most 12 images"]);
  });

  it("never crashes on a body that is not a proper multipart form", async () => {
    const garbage = await readListingRequest(
      new Request("http://localhost/create-listing", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=----nope" },
        body: "this is not multipart",
      }),
      CreateListingSchema,
    ).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    // Not one part: a 400 with the form message, never an empty form taken for a real one.
    expect(garbage).toMatchObject({ init: { status: 400 } });

    const noBoundary = await readListingRequest(
      new Request("http://localhost/create-listing", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data" },
        body: "title=x",
      }),
      CreateListingSchema,
    ).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(noBoundary).toMatchObject({ init: { status: 400 } });
  });
});

describe("checking picture content", () => {
  it("refuses a text file named .jpg", async () => {
    const text = new TextEncoder().encode("Just some notes about the oscilloscope, not a picture.");
    const checked = await checkListingUploads([{ name: "notes.jpg", size: text.byteLength, bytes: text, status: "kept" }]);
    expect(checked.errors).toEqual([`notes.jpg: ${IMAGE_MESSAGES.notAnImage}`]);
    expect(IMAGE_MESSAGES.notAnImage).toBe("Only image files are accepted");
  });

  it("refuses polyglots and truncated pictures", async () => {
    const whole = await png(64, 64);
    const gifScript = Buffer.concat([
      Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00", "latin1"),
      Buffer.from("*/=1;alert(document.cookie)//<script>alert(1)</script>"),
    ]);
    const jpegHtml = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")]);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const files = [
      { name: "poly.gif", bytes: gifScript },
      { name: "poly.jpg", bytes: jpegHtml },
      { name: "half.png", bytes: truncated },
    ];
    const checked = await checkListingUploads(files.map((f) => ({ ...f, size: f.bytes.byteLength, status: "kept" as const })));
    expect(checked.errors).toEqual(files.map((f) => `${f.name}: Only image files are accepted`));
    expect(checked.images).toEqual([]);
  });

  it("re-encodes a picture carrying a script after its data, so the script is not stored", async () => {
    const carrier = Buffer.concat([await png(32, 32), Buffer.from("<script>alert('stored')</script>")]);
    const [image] = await prepared([{ name: "carrier.png", bytes: carrier }]);
    expect(image!.full.bytes.includes(Buffer.from("<script>"))).toBe(false);
    expect((await sharp(image!.full.bytes).metadata()).format).toBe("webp");
  });

  it("refuses a 20,000 × 20,000 pixel bomb from its header, without decoding it", async () => {
    const bomb = pixelBomb();
    expect(bomb.byteLength).toBeLessThan(200_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    const before = process.memoryUsage().rss;
    const checked = await checkListingUploads([{ name: "bomb.png", size: bomb.byteLength, bytes: bomb, status: "kept" }]);
    expect(checked.errors).toEqual([`bomb.png: ${IMAGE_MESSAGES.tooManyPixels}`]);
    // Decoding it would take 400 MB or more; reading the header takes next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe("stored pictures", () => {
  it("stores WebP pictures and thumbnails under the listing's folder; the first is primary", async () => {
    const images = await prepared([
      { name: "front.png", bytes: await png(2400, 1800) },
      { name: "back.png", bytes: await png(300, 200, "#00aa00") },
    ]);
    const id = await createListing(database.db, uploads, seller, INPUT, images);
    const rows = await listListingImages(database.db, id);
    expect(rows.map((r) => [r.original_name, r.is_primary, r.position, r.width, r.height])).toEqual([
      ["front.png", 1, 0, 1600, 1200],
      ["back.png", 0, 1, 300, 200],
    ]);
    for (const row of rows) {
      expect(row.url).toMatch(new RegExp(`^/uploads/listings/${id}/[0-9a-f-]{36}\\.webp$`));
      expect(row.thumbnail_url).toBe(row.url.replace(/\.webp$/, "-thumb.webp"));
      const thumb = await sharp(fs.readFileSync(fileOfUrl(row.thumbnail_url))).metadata();
      expect(thumb.format).toBe("webp");
      expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(400);
    }
    expect(filesOf(id)).toHaveLength(4);
  });

  it("turns photos upright and drops their EXIF data", async () => {
    // A 60 × 40 photo whose EXIF says "rotate 90°": shown upright it is 40 × 60.
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#888" } })
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam", Model: "GPS-9000" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const [image] = await prepared([{ name: "sideways.jpg", bytes: photo }]);
    const stored = await sharp(image!.full.bytes).metadata();
    expect([stored.width, stored.height]).toEqual([40, 60]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it("appends images on edit (the first new one is primary only when there was none), moves, re-primaries and removes them", async () => {
    const id = await createListing(database.db, uploads, seller, INPUT, []);
    await updateListing(database.db, uploads, actor(), id, INPUT, { images: await prepared([{ name: "one.png", bytes: await png(50, 50) }]) });
    let rows = await listListingImages(database.db, id);
    expect(rows.map((r) => [r.original_name, r.is_primary])).toEqual([["one.png", 1]]);

    await updateListing(database.db, uploads, actor(), id, INPUT, {
      images: await prepared([
        { name: "two.png", bytes: await png(51, 50) },
        { name: "three.png", bytes: await png(52, 50) },
      ]),
    });
    rows = await listListingImages(database.db, id);
    expect(rows.map((r) => [r.original_name, r.is_primary, r.position])).toEqual([
      ["one.png", 1, 0],
      ["two.png", 0, 1],
      ["three.png", 0, 2],
    ]);
    const [one, two, three] = rows;

    await moveListingImage(database.db, actor(), id, three!.id, "up");
    await moveListingImage(database.db, actor(), id, one!.id, "up"); // already first: nothing changes
    rows = await listListingImages(database.db, id);
    expect(rows.map((r) => r.original_name)).toEqual(["one.png", "three.png", "two.png"]);
    await moveListingImage(database.db, actor(), id, one!.id, "down");
    rows = await listListingImages(database.db, id);
    expect(rows.map((r) => r.original_name)).toEqual(["three.png", "one.png", "two.png"]);

    await setPrimaryListingImage(database.db, actor(), id, two!.id);
    rows = await listListingImages(database.db, id);
    expect(rows.filter((r) => r.is_primary).map((r) => r.original_name)).toEqual(["two.png"]);

    // Removing the primary image deletes its files and makes the first remaining image primary.
    await removeListingImage(database.db, uploads, actor(), id, two!.id);
    expect(fs.existsSync(fileOfUrl(two!.url))).toBe(false);
    expect(fs.existsSync(fileOfUrl(two!.thumbnail_url))).toBe(false);
    rows = await listListingImages(database.db, id);
    expect(rows.map((r) => [r.original_name, r.is_primary, r.position])).toEqual([
      ["three.png", 1, 0],
      ["one.png", 0, 1],
    ]);
    expect(filesOf(id)).toHaveLength(4);
  });

  it("deletes the listing's rows and picture folder with the listing", async () => {
    const images = await prepared([{ name: "gone.png", bytes: await png(30, 30) }]);
    const id = await createListing(database.db, uploads, seller, INPUT, images);
    expect(filesOf(id)).toHaveLength(2);
    await deleteListing(database.db, uploads, actor(), id);
    expect(filesOf(id)).toEqual([]);
    expect(await listListingImages(database.db, id)).toEqual([]);
  });

  it("never overwrites: every stored file gets a fresh random name", async () => {
    const bytes = await png(33, 33);
    const id = await createListing(database.db, uploads, seller, INPUT, await prepared([{ name: "same.png", bytes }]));
    await updateListing(database.db, uploads, actor(), id, INPUT, { images: await prepared([{ name: "same-again.png", bytes }]) });
    const urls = (await listListingImages(database.db, id)).map((r) => r.url);
    expect(new Set(urls).size).toBe(2);
    expect(
      crypto
        .createHash("sha256")
        .update(fs.readFileSync(fileOfUrl(urls[0]!)))
        .digest("hex"),
    ).toBe(
      crypto
        .createHash("sha256")
        .update(fs.readFileSync(fileOfUrl(urls[1]!)))
        .digest("hex"),
    );
  });
});
