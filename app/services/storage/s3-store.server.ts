// Uploads in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Cloudflare R2, …) through @aws-sdk/client-s3, so
// several app servers share them. Credentials stay on the server: browsers read files through /uploads/<key> (the
// app reads the object and answers) or, with S3_PUBLIC_URL, from that public address (a CDN or a public bucket).
import type { S3Client } from "@aws-sdk/client-s3";
import type * as S3SdkModule from "@aws-sdk/client-s3";
import { assertValidKey, assertValidPrefix, isValidKey, type PutOptions, type StoredUpload, type UploadStore } from "./upload-store.server.ts";

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** The service's address for anything but AWS itself (http://127.0.0.1:9000 for MinIO, https://<account>.r2.cloudflarestorage.com). */
  endpoint?: string;
  /** Address buckets as https://host/bucket/key instead of https://bucket.host/key (MinIO and Ceph usually need it). */
  forcePathStyle?: boolean;
  /** Without them the SDK's own chain is used (AWS_* variables, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where browsers fetch objects directly (a CDN or a public bucket), without a trailing slash; unset: through the app. */
  publicUrl?: string;
}

/** DeleteObjects takes at most 1,000 keys a request. */
const DELETE_BATCH = 1000;

type S3Sdk = typeof S3SdkModule;

/** The SDK (~250 KB of CommonJS to parse), loaded with the first request to the bucket, not at start. */
let sdkModule: Promise<S3Sdk> | undefined;
function loadSdk(): Promise<S3Sdk> {
  sdkModule ??= import("@aws-sdk/client-s3");
  return sdkModule;
}

function isNotFound(sdk: S3Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  // Only a missing object: a missing bucket (NoSuchBucket, also 404) is a configuration error and must be loud.
  return error.name === "NoSuchKey" || error.name === "NotFound";
}

export class S3Store implements UploadStore {
  readonly kind = "s3" as const;
  readonly bucket: string;
  private readonly options: S3StoreOptions;
  private client: S3Client | undefined;
  private readonly publicUrl: string | undefined;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.options = options;
    this.publicUrl = options.publicUrl?.replace(/\/+$/, "");
  }

  /** The SDK and this store's client, made on first use. */
  private async s3(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    const sdk = await loadSdk();
    const options = this.options;
    this.client ??= new sdk.S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where the S3 API requires them: the newer default (a CRC32 trailer on every upload) is refused
      // by several S3-compatible services (older MinIO and Ceph, some gateways).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
    return { sdk, client: this.client };
  }

  async put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void> {
    assertValidKey(key);
    const { sdk, client } = await this.s3();
    // PutObject is atomic: the object appears whole when the request succeeds, not before.
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: options.contentType,
        ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
      }),
    );
  }

  async get(key: string): Promise<StoredUpload | null> {
    if (!isValidKey(key)) return null;
    const { sdk, client } = await this.s3();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      // Copied into a plain ArrayBuffer (what a Response body takes); pictures are small.
      const bytes = new Uint8Array(await answer.Body.transformToByteArray());
      return { bytes, contentType: answer.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(sdk, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const { sdk, client } = await this.s3();
    // S3 answers 204 for a key that does not exist, too.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    const { sdk, client } = await this.s3();
    let continuationToken: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await client.send(
          new sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(`Could not delete ${failed.length} object(s) under ${prefix}: ${failed.map((e) => `${e.Key} (${e.Code})`).join(", ")}`);
        }
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  directUrl(key: string): string | null {
    return this.publicUrl ? `${this.publicUrl}/${key.split("/").map(encodeURIComponent).join("/")}` : null;
  }

  /** Closes the client's connections (tests and scripts that end). */
  close(): void {
    this.client?.destroy();
  }
}
