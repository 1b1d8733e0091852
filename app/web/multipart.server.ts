// Reading a multipart form with file uploads, without ever failing on what the user sent: a file over
// the size limit is read to its end and dropped (so the other fields and files still arrive and the
// user is told which file was too big), files past the count limit and repeats are dropped the same way.
import {
  data,
  unstable_parseMultipartFormData,
  type UploadHandler,
  type UploadHandlerPart,
} from "@remix-run/node";
import { UPLOAD_MESSAGES, type MultipartForm, type MultipartOptions, type ReceivedFile } from "~/services/uploads.ts";

export type { MultipartForm, MultipartOptions, ReceivedFile } from "~/services/uploads.ts";
/** The upload messages (one definition, in app/services/uploads.ts). */
export const MULTIPART_MESSAGES = UPLOAD_MESSAGES;

class BodyTooLargeError extends Error {}
class NotAFormError extends Error {}

export async function readMultipartForm(request: Request, options: MultipartOptions): Promise<MultipartForm> {
  const maxFieldBytes = options.maxFieldBytes ?? 100_000;
  const maxFields = options.maxFields ?? 1_000;
  const files: ReceivedFile[] = [];
  let total = 0;
  let fieldCount = 0;
  let partCount = 0;

  /** Reads a part to its end, keeping at most `limit` bytes; `kept` is null when the part was longer. */
  async function readPart(part: UploadHandlerPart, limit: number): Promise<{ size: number; kept: Uint8Array | null }> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of part.data) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (total > options.maxTotalBytes) throw new BodyTooLargeError();
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    }
    if (size > limit) return { size, kept: null };
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return { size, kept: bytes };
  }

  const handler: UploadHandler = async (part) => {
    partCount += 1;
    if (typeof part.filename !== "string") {
      fieldCount += 1;
      if (fieldCount > maxFields) throw new BodyTooLargeError();
      const { kept } = await readPart(part, maxFieldBytes);
      if (!kept) throw new BodyTooLargeError();
      return new TextDecoder().decode(kept);
    }
    if (part.name !== options.fileField) {
      await readPart(part, 0);
      return undefined;
    }
    const keptSoFar = files.filter((f) => f.status === "kept");
    const { size, kept } = await readPart(part, options.maxFileBytes);
    // A file input with nothing chosen sends an empty part without a name.
    if (part.filename === "" && size === 0) return undefined;
    const name = part.filename || "unnamed file";
    const file = { name, size };
    if (options.isDuplicate?.(file, keptSoFar)) files.push({ ...file, bytes: null, status: "duplicate" });
    else if (!kept) files.push({ ...file, bytes: null, status: "too_big" });
    else if (keptSoFar.length >= options.maxFiles) files.push({ ...file, bytes: null, status: "over_limit" });
    else files.push({ ...file, bytes: kept, status: "kept" });
    return undefined;
  };

  try {
    const fields = await unstable_parseMultipartFormData(request, handler);
    // Not one part: the body never contained its boundary (every form the pages send has a part).
    if (partCount === 0) throw new NotAFormError();
    return { fields, files };
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw data({ message: MULTIPART_MESSAGES.tooLarge }, { status: 413 });
    // A body that is not multipart at all, or is cut off.
    throw data({ message: MULTIPART_MESSAGES.notAForm }, { status: 400 });
  }
}

/** Whether a request carries a multipart body. */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}
