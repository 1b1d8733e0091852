// The upload store of this process, chosen by UPLOADS_STORAGE: the local disk (UPLOADS_DIR, the default) or an
// S3-compatible bucket (docs/decisions/0031).
import { getEnv, type Env } from "~/env.server.ts";
import { DiskStore } from "./disk-store.server.ts";
import { S3Store } from "./s3-store.server.ts";
import type { UploadStore } from "./upload-store.server.ts";

/** The store an environment asks for (parseEnv has already refused a missing S3 variable). */
export function uploadStoreFromEnv(env: Env): UploadStore {
  if (env.UPLOADS_STORAGE === "disk") return new DiskStore(env.UPLOADS_DIR);
  if (!env.S3_BUCKET) throw new Error("S3_BUCKET is required with UPLOADS_STORAGE=s3");
  return new S3Store({
    bucket: env.S3_BUCKET,
    // Services other than AWS ignore the region but the SDK signs with one.
    region: env.S3_REGION ?? "us-east-1",
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
    ...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL } : {}),
  });
}

let store: UploadStore | undefined;

/** The process's upload store (made on first use from the environment). */
export function getUploadStore(): UploadStore {
  store ??= uploadStoreFromEnv(getEnv());
  return store;
}
