// What the storage domain offers: where uploaded files live. One UploadStore for the process, chosen by
// UPLOADS_STORAGE: the local disk (UPLOADS_DIR, the default) or an S3-compatible bucket (docs/decisions/0031).
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { DiskStore } from "./disk-store.server.ts";
export { getUploadStore, uploadStoreFromEnv } from "./process-store.server.ts";
export { S3Store } from "./s3-store.server.ts";
export { type UploadStore } from "./upload-store.server.ts";
