// Uploads in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Cloudflare R2, …) through @aws-sdk/client-s3, so
// several app servers share them. Credentials stay on the server: browsers read files through /uploads/<key> (the
// app reads the object and answers) or, with S3_PUBLIC_URL, from that public address (a CDN or a public bucket).
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
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

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // Only a missing object: a missing bucket (NoSuchBucket, also 404) is a configuration error and must be loud.
  return error.name === "NoSuchKey" || error.name === "NotFound";
}

export class S3Store implements UploadStore {
  readonly kind = "s3" as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly publicUrl: string | undefined;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.publicUrl = options.publicUrl?.replace(/\/+$/, "");
    this.client = new S3Client({
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
  }

  async put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void> {
    assertValidKey(key);
    // PutObject is atomic: the object appears whole when the request succeeds, not before.
    await this.client.send(
      new PutObjectCommand({
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
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      // Copied into a plain ArrayBuffer (what a Response body takes); pictures are small.
      const bytes = new Uint8Array(await answer.Body.transformToByteArray());
      return { bytes, contentType: answer.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers 204 for a key that does not exist, too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
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
    this.client.destroy();
  }
}
