// Choosing the upload store from the environment: the disk by default (today's folder), S3-compatible storage with
// UPLOADS_STORAGE=s3, and a clear refusal naming each S3 variable that is missing.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server.ts";
import { DiskStore, S3Store, uploadStoreFromEnv } from "~/services/storage/index.server.ts";

const BASE = { SESSION_SECRET: "s".repeat(32), DATABASE_URL: "tests/.tmp/unused.sqlite" };
const env = (vars: Record<string, string>) => parseEnv({ ...BASE, ...vars } as unknown as NodeJS.ProcessEnv);

function refusal(vars: Record<string, string>): string {
  try {
    env(vars);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("the upload store the environment chooses", () => {
  it("is the disk folder UPLOADS_DIR unless told otherwise", () => {
    const store = uploadStoreFromEnv(env({ UPLOADS_DIR: "/srv/tradebench/uploads" }));
    expect(store).toBeInstanceOf(DiskStore);
    expect((store as DiskStore).root).toBe(path.resolve("/srv/tradebench/uploads"));
  });

  it("is an S3 bucket with UPLOADS_STORAGE=s3 (MinIO-style: endpoint, keys, path-style)", () => {
    const parsed = env({
      UPLOADS_STORAGE: "s3",
      S3_BUCKET: "photos",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "minio",
      S3_SECRET_ACCESS_KEY: "minio-secret",
      S3_FORCE_PATH_STYLE: "1",
    });
    expect(parsed).toMatchObject({ UPLOADS_STORAGE: "s3", S3_FORCE_PATH_STYLE: true });
    const store = uploadStoreFromEnv(parsed);
    expect(store).toBeInstanceOf(S3Store);
    expect((store as S3Store).bucket).toBe("photos");
    expect(store.directUrl("listings/1/a.webp")).toBeNull();
    (store as S3Store).close();
  });

  it("on AWS itself needs only the bucket and region (keys may come from the instance's role)", () => {
    const store = uploadStoreFromEnv(
      env({ UPLOADS_STORAGE: "s3", S3_BUCKET: "photos", S3_REGION: "eu-central-1", S3_PUBLIC_URL: "https://cdn.example.com/u" }),
    );
    expect(store.directUrl("avatars/x.webp")).toBe("https://cdn.example.com/u/avatars/x.webp");
    (store as S3Store).close();
  });

  it("names every missing S3 variable", () => {
    const message = refusal({ UPLOADS_STORAGE: "s3" });
    expect(message).toContain("S3_BUCKET: required with UPLOADS_STORAGE=s3");
    expect(message).toContain("S3_REGION: required with UPLOADS_STORAGE=s3");
    const withEndpoint = refusal({ UPLOADS_STORAGE: "s3", S3_BUCKET: "photos", S3_ENDPOINT: "http://127.0.0.1:9000" });
    expect(withEndpoint).toContain("S3_ACCESS_KEY_ID: required");
    expect(withEndpoint).toContain("S3_SECRET_ACCESS_KEY: required");
    expect(refusal({ UPLOADS_STORAGE: "s3", S3_BUCKET: "photos", S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "only-half" })).toContain(
      "S3_SECRET_ACCESS_KEY: required with UPLOADS_STORAGE=s3 (S3_ACCESS_KEY_ID is set)",
    );
  });

  it("refuses an unknown store and malformed addresses", () => {
    expect(refusal({ UPLOADS_STORAGE: "ftp" })).toContain('UPLOADS_STORAGE: use "disk" or "s3"');
    expect(refusal({ UPLOADS_STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" })).toContain("S3_ENDPOINT: must be a URL");
  });
});
