// The upload stores against one contract: the local disk, and S3-compatible object storage reached by the real
// @aws-sdk/client-s3 over HTTP (a local S3 server on a free port). What a caller notices: the bytes and content type
// come back, a missing or malformed key is "not found", deleting a key or a folder removes exactly that.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStore, S3Store, type UploadStore } from "~/services/storage/index.server.ts";
import { uploadAnswer } from "~/web/upload-answer.server.ts";
import { startFakeS3Server, type FakeS3Server } from "../../support/fake-s3-server.ts";

const BUCKET = "tradebench-uploads";
let s3: FakeS3Server;
let diskRoot: string;
const opened: S3Store[] = [];

beforeAll(async () => {
  // Two keys a listing page: deleting a folder must follow continuation tokens.
  s3 = await startFakeS3Server({ buckets: [BUCKET], pageSize: 2 });
  diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-upload-store-"));
});

afterAll(async () => {
  for (const store of opened) store.close();
  await s3?.close();
  if (diskRoot) fs.rmSync(diskRoot, { recursive: true, force: true });
});

function s3Store(extra: { publicUrl?: string; secretAccessKey?: string; accessKeyId?: string; bucket?: string } = {}): S3Store {
  const store = new S3Store({
    bucket: extra.bucket ?? BUCKET,
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: extra.accessKeyId ?? s3.accessKeyId, secretAccessKey: extra.secretAccessKey ?? s3.secretAccessKey },
    ...(extra.publicUrl ? { publicUrl: extra.publicUrl } : {}),
  });
  opened.push(store);
  return store;
}

const WEBP = { contentType: "image/webp" };
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));
const text = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString("utf8") : undefined);

describe.each([
  ["disk", () => new DiskStore(diskRoot)],
  ["s3", () => s3Store()],
] as const)("the %s store", (kind, make) => {
  let store: UploadStore;
  // Each store its own folder of keys, so the two never see each other's files.
  const key = (rest: string) => `contract-${kind}/${rest}`;

  beforeAll(() => {
    store = make();
  });

  it("gives back the bytes and content type it was given", async () => {
    await store.put(key("listings/7/photo.webp"), bytesOf("RIFF picture"), WEBP);
    const stored = await store.get(key("listings/7/photo.webp"));
    expect(text(stored?.bytes)).toBe("RIFF picture");
    expect(stored?.contentType).toBe("image/webp");
    expect(store.kind).toBe(kind);
  });

  it("keeps the content type of other kinds of file", async () => {
    await store.put(key("notes/readme.txt"), bytesOf("plain words"), { contentType: "text/plain; charset=utf-8" });
    expect(await store.get(key("notes/readme.txt"))).toMatchObject({ contentType: "text/plain; charset=utf-8" });
  });

  it("replaces a file put again under the same key", async () => {
    await store.put(key("again.webp"), bytesOf("first"), WEBP);
    await store.put(key("again.webp"), bytesOf("second, longer"), WEBP);
    expect(text((await store.get(key("again.webp")))?.bytes)).toBe("second, longer");
  });

  it("answers not found for a key that was never stored", async () => {
    expect(await store.get(key("listings/7/never.webp"))).toBeNull();
  });

  it.each(["../outside.webp", "/etc/passwd", "a//b.webp", "a/../../b.webp", ".hidden", "", "a/b/", "a b.webp"])(
    "answers not found for the malformed key %j and refuses to write it",
    async (bad) => {
      expect(await store.get(bad)).toBeNull();
      await expect(store.put(bad, bytesOf("x"), WEBP)).rejects.toThrow(/Not a valid upload key/);
    },
  );

  it("deletes one key; deleting it again is harmless", async () => {
    await store.put(key("gone.webp"), bytesOf("bye"), WEBP);
    await store.put(key("stays.webp"), bytesOf("hi"), WEBP);
    await store.delete(key("gone.webp"));
    await store.delete(key("gone.webp"));
    expect(await store.get(key("gone.webp"))).toBeNull();
    expect(text((await store.get(key("stays.webp")))?.bytes)).toBe("hi");
  });

  it("deletes a folder and everything in it, and nothing beside it (listings/1/ is not listings/12/)", async () => {
    const inside = ["a.webp", "b.webp", "c.webp", "d-thumb.webp", "e.webp"].map((name) => key(`listings/1/${name}`));
    const beside = [key("listings/12/a.webp"), key("listings/1.webp"), key("listings/10/z.webp")];
    for (const k of [...inside, ...beside]) await store.put(k, bytesOf(k), WEBP);

    await store.deletePrefix(key("listings/1/"));

    for (const k of inside) expect(await store.get(k), k).toBeNull();
    for (const k of beside) expect(text((await store.get(k))?.bytes), k).toBe(k);
    // A folder that is not there is no error.
    await store.deletePrefix(key("listings/999/"));
  });

  it("refuses a folder that does not end in a slash or reaches outside", async () => {
    await expect(store.deletePrefix(key("listings/1"))).rejects.toThrow(/Not a valid upload folder/);
    await expect(store.deletePrefix("../")).rejects.toThrow(/Not a valid upload folder/);
  });

  it("is served by the app at /uploads/<key> (no direct address without S3_PUBLIC_URL)", async () => {
    await store.put(key("served.webp"), bytesOf("served bytes"), WEBP);
    expect(store.directUrl(key("served.webp"))).toBeNull();
    const answer = await uploadAnswer(key("served.webp"), "public, max-age=60", store);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("image/webp");
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(await answer.text()).toBe("served bytes");
    await expect(uploadAnswer(key("missing.webp"), "public, max-age=60", store)).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("the disk store", () => {
  it("keeps today's layout: key listings/3/x.webp is UPLOADS_DIR/listings/3/x.webp, and no temporary file stays", async () => {
    const store = new DiskStore(diskRoot);
    await store.put("layout/listings/3/x.webp", bytesOf("x"), WEBP);
    expect(fs.readFileSync(path.join(diskRoot, "layout", "listings", "3", "x.webp"), "utf8")).toBe("x");
    expect(fs.readdirSync(path.join(diskRoot, "layout", "listings", "3"))).toEqual(["x.webp"]);
  });

  it("removes a folder left empty by a deletion (a rolled-back save leaves no folder behind)", async () => {
    const store = new DiskStore(diskRoot);
    await store.put("pruned/listings/4/only.webp", bytesOf("x"), WEBP);
    await store.delete("pruned/listings/4/only.webp");
    expect(fs.existsSync(path.join(diskRoot, "pruned", "listings", "4"))).toBe(false);
  });
});

describe("the S3 store", () => {
  it("stores the content type and cache policy on the object, in the bucket named", async () => {
    await s3Store().put("meta/listings/5/p.webp", bytesOf("p"), { contentType: "image/webp", cacheControl: "public, max-age=3600" });
    expect(s3.bucket(BUCKET).get("meta/listings/5/p.webp")).toMatchObject({ contentType: "image/webp", cacheControl: "public, max-age=3600" });
  });

  it("talks the S3 REST API: path-style PUT, GET, DELETE, ListObjectsV2 and DeleteObjects", async () => {
    const store = s3Store();
    const from = s3.requests.length;
    await store.put("api/listings/6/a.webp", bytesOf("a"), WEBP);
    await store.get("api/listings/6/a.webp");
    await store.delete("api/listings/6/a.webp");
    await store.put("api/listings/6/b.webp", bytesOf("b"), WEBP);
    await store.deletePrefix("api/listings/6/");
    const seen = s3.requests.slice(from).map((line) => line.replace(/\?x-id=[A-Za-z]+/, "").replace(/&.*$/, ""));
    expect(seen).toEqual([
      `PUT /${BUCKET}/api/listings/6/a.webp`,
      `GET /${BUCKET}/api/listings/6/a.webp`,
      `DELETE /${BUCKET}/api/listings/6/a.webp`,
      `PUT /${BUCKET}/api/listings/6/b.webp`,
      `GET /${BUCKET}/?list-type=2`,
      `POST /${BUCKET}/?delete=`,
    ]);
  });

  it("fails loudly on wrong credentials or a missing bucket (never as 'not found')", async () => {
    await expect(s3Store({ accessKeyId: "SOMEONEELSE" }).put("x.webp", bytesOf("x"), WEBP)).rejects.toThrow(/Access Key Id/);
    await expect(s3Store({ bucket: "no-such-bucket" }).get("x.webp")).rejects.toThrow(/bucket does not exist/);
  });

  it("with a public address, the app sends browsers there instead of reading the object", async () => {
    const store = s3Store({ publicUrl: "https://cdn.tradebench.example/uploads/" });
    expect(store.directUrl("listings/8/a b.webp")).toBe("https://cdn.tradebench.example/uploads/listings/8/a%20b.webp");
    const from = s3.requests.length;
    const answer = await uploadAnswer("listings/8/x.webp", "public, max-age=3600", store);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("https://cdn.tradebench.example/uploads/listings/8/x.webp");
    expect(s3.requests.length).toBe(from);
  });
});
