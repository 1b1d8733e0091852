// Listing photos and avatars on S3-compatible object storage (UPLOADS_STORAGE=s3, a local S3 server on a free port):
// created through the services, read back through the app's /uploads/... routes as a browser would, with the same
// addresses in the database as on the disk; a failed save leaves no object, deleting a listing removes its photos.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { ListingInput } from "~/schemas/listing.ts";
import { saveAvatar } from "~/services/accounts/profile.server.ts";
import { deleteListing } from "~/services/listings/delete-listing.server.ts";
import { listListingImages, prepareListingImage } from "~/services/listings/listing-images.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { startFakeS3Server } from "../../support/fake-s3-server.ts";
import { listingInput } from "../../support/listings.ts";
import { resourceServer } from "../../support/remix-resources.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createListing } from "~/flows/listing-publication.server.ts";

const BUCKET = "marketplace-photos";
const s3 = await startFakeS3Server({ buckets: [BUCKET] });
// The disk folder the app would use otherwise: nothing may land there.
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-s3-not-disk-"));
Object.assign(process.env, {
  UPLOADS_STORAGE: "s3",
  UPLOADS_DIR: uploadsDir,
  S3_BUCKET: BUCKET,
  S3_REGION: "eu-central-1",
  S3_ENDPOINT: s3.endpoint,
  S3_FORCE_PATH_STYLE: "1",
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
});
const serve = resourceServer(
  new Map([
    ["uploads.listings.$id.$file.ts", await import("~/routes/uploads.listings.$id.$file.ts")],
    ["uploads.avatars.$file.ts", await import("~/routes/uploads.avatars.$file.ts")],
  ]),
);

let database: OpenedDatabase;
let seller: string;

beforeAll(async () => {
  database = createTestDatabase();
  seller = await insertUserRow(database.db, undefined, "seller");
});

afterAll(async () => {
  await database?.close();
  await s3.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const INPUT: ListingInput = listingInput({
  title: "Keysight 34465A digital multimeter",
  description: "6½ digits, with the rack kit.",
  priceCents: 145_000,
  model: "34465A",
  location: "Boston, MA",
  year: 2020,
  testLevel: "fully_tested",
});

async function photos(...colours: string[]) {
  return Promise.all(
    colours.map(async (colour, i) =>
      prepareListingImage({
        name: `photo-${i}.png`,
        bytes: await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      }),
    ),
  );
}

const objectKeys = () => [...s3.bucket(BUCKET).keys()].sort();
const get = (url: string) => serve(new Request(`http://localhost${url}`));

describe("listing photos on object storage", () => {
  it("stores the photos in the bucket and serves them at the same /uploads/... addresses as the disk", async () => {
    expect(getUploadStore().kind).toBe("s3");
    const id = await createListing(database.db, getUploadStore(), seller, INPUT, await photos("#2255aa", "#aa5522"));
    const rows = await listListingImages(database.db, id);
    expect(rows).toHaveLength(2);

    for (const row of rows) {
      expect(row.url).toMatch(new RegExp(`^/uploads/listings/${id}/[0-9a-f-]{36}\\.webp$`));
      expect(row.thumbnail_url).toBe(row.url.replace(/\.webp$/, "-thumb.webp"));
      for (const url of [row.url, row.thumbnail_url]) {
        const answer = await get(url);
        expect(answer.status, url).toBe(200);
        expect(answer.headers.get("Content-Type")).toBe("image/webp");
        expect(answer.headers.get("Cache-Control")).toBe("public, max-age=3600");
        const bytes = Buffer.from(await answer.arrayBuffer());
        expect(bytes.equals(s3.bucket(BUCKET).get(url.slice("/uploads/".length))!.bytes)).toBe(true);
        expect((await sharp(bytes).metadata()).format).toBe("webp");
      }
    }
    expect((await sharp(Buffer.from(await (await get(rows[0]!.url)).arrayBuffer())).metadata()).width).toBe(900);
    expect((await sharp(Buffer.from(await (await get(rows[0]!.thumbnail_url)).arrayBuffer())).metadata()).width).toBe(400);
    expect(objectKeys().filter((key) => key.startsWith(`listings/${id}/`))).toHaveLength(4);
    // Nothing was written to the disk folder.
    expect(fs.readdirSync(uploadsDir)).toEqual([]);
    // A photo that is not there, and a name that is not one of ours, are 404s.
    expect((await get(`/uploads/listings/${id}/00000000-0000-4000-8000-000000000000.webp`)).status).toBe(404);
    expect((await get(`/uploads/listings/${id}/..%2F..%2Fsecret.webp`)).status).toBe(404);
  });

  it("removes the objects it wrote when the listing's transaction fails", async () => {
    const before = objectKeys();
    const refused = createListing(database.db, getUploadStore(), seller, { ...INPUT, title: "Rolled back" }, await photos("#123456"), "active", new Date(), {
      withinTransaction: async () => {
        throw new Error("refused after the photos were stored");
      },
    });
    await expect(refused).rejects.toThrow("refused after the photos were stored");
    expect(objectKeys()).toEqual(before);
  });

  it("removes a deleted listing's photos from the bucket, and only those", async () => {
    const kept = await createListing(database.db, getUploadStore(), seller, INPUT, await photos("#00aa00"));
    const gone = await createListing(database.db, getUploadStore(), seller, INPUT, await photos("#aa0000", "#0000aa"));
    const [goneRow] = await listListingImages(database.db, gone);
    await deleteListing(database.db, getUploadStore(), { id: seller, role: "seller" }, gone);
    expect(objectKeys().filter((key) => key.startsWith(`listings/${gone}/`))).toEqual([]);
    expect(objectKeys().filter((key) => key.startsWith(`listings/${kept}/`))).toHaveLength(2);
    expect((await get(goneRow!.url)).status).toBe(404);
  });

  it("stores avatars in the bucket and serves them at /uploads/avatars/...", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#884488" } })
      .jpeg()
      .toBuffer();
    const url = await saveAvatar(database.db, getUploadStore(), seller, jpeg);
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(s3.bucket(BUCKET).get(url.slice("/uploads/".length))?.contentType).toBe("image/webp");
    const answer = await get(url);
    expect(answer.status).toBe(200);
    expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
  });
});
