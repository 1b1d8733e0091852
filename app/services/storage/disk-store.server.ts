// Uploads as files under one folder (UPLOADS_DIR): the default, and the layout the app has always had
// (UPLOADS_DIR/listings/12/<uuid>.webp is served at /uploads/listings/12/<uuid>.webp).
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeOfKey,
  isValidKey,
  type PutOptions,
  type StoredUpload,
  type UploadStore,
} from "./upload-store.server.ts";

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}

export class DiskStore implements UploadStore {
  readonly kind = "disk" as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key (the key is checked first, so no key reaches outside the folder). */
  fileOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, bytes: Uint8Array, _options: PutOptions): Promise<void> {
    const file = this.fileOf(key);
    // Written beside its final name, then renamed over it: a reader sees no file or the whole file.
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomUUID()}.tmp`);
    try {
      // A removal pruning the (empty) folder meanwhile: make it again and retry once.
      for (let attempt = 0; ; attempt++) {
        await fs.mkdir(path.dirname(file), { recursive: true });
        try {
          await fs.writeFile(temporary, bytes, { flag: "wx" });
          break;
        } catch (error) {
          if (!isMissing(error) || attempt > 0) throw error;
        }
      }
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<StoredUpload | null> {
    if (!isValidKey(key)) return null;
    try {
      const bytes = await fs.readFile(this.fileOf(key));
      return { bytes, contentType: contentTypeOfKey(key) };
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.rm(file, { force: true });
    // The folder goes when it is empty (a listing whose only save was rolled back leaves no folder); rmdir refuses a
    // folder that still has files, and the root itself is never removed.
    const folder = path.dirname(file);
    if (folder !== this.root) await fs.rmdir(folder).catch(() => undefined);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await fs.rm(path.join(this.root, ...prefix.slice(0, -1).split("/")), { recursive: true, force: true });
  }

  directUrl(): string | null {
    return null;
  }
}
