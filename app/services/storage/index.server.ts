// What the storage domain offers: where uploaded files live. One UploadStore for the process, chosen by
// UPLOADS_STORAGE: the local disk (UPLOADS_DIR, the default) or an S3-compatible bucket (docs/decisions/0031).
// Routes import services through this index; services import each other's files directly.
export * from "./disk-store.server.ts";
export * from "./s3-store.server.ts";
export * from "./upload-store.server.ts";
export * from "./process-store.server.ts";
