// Where uploaded files (listing photos, avatars) live: one interface, whatever holds the bytes. Keys are relative
// paths such as `listings/12/<uuid>.webp`; the address stored in the database is always `/uploads/<key>`, so the same
// rows work on every store (docs/decisions/0031-upload-storage.md).

export interface PutOptions {
  contentType: string;
  /** The Cache-Control a CDN in front of the object store should send (the app's own route sets its own). */
  cacheControl?: string;
}

export interface StoredUpload {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

export interface UploadStore {
  /** "disk" or "s3": for logs and the start line, never for branching in services. */
  readonly kind: "disk" | "s3";
  /** Stores `bytes` under `key`, whole or not at all (a reader never sees half a file). */
  put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void>;
  /** The file under `key`, or null when there is none (or the key is not a valid one). */
  get(key: string): Promise<StoredUpload | null>;
  /** Removes `key`; nothing happens when it does not exist. */
  delete(key: string): Promise<void>;
  /** Removes every key under `prefix`, a folder ending in "/" such as `listings/12/`. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Where a browser fetches `key` directly, or null when the app serves it itself at `/uploads/<key>` (the disk, and
   * object storage without S3_PUBLIC_URL).
   */
  directUrl(key: string): string | null;
}

/** A folder or file name: letters, digits, ".", "_", "-", not starting with a dot. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Whether `key` is a relative path of plain segments (no "..", no leading "/", no empty or hidden segment). */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && !segment.includes(".."));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Not a valid upload key: ${JSON.stringify(key)}`);
}

export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith("/") || !isValidKey(prefix.slice(0, -1))) throw new Error(`Not a valid upload folder: ${JSON.stringify(prefix)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  avif: "image/avif",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  json: "application/json",
};

/** The content type of a key's extension (the disk keeps no metadata beside the file). */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
