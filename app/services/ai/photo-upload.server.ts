// Reading the AI wizard's multipart form (brand, model, condition, photos) with the platform's own parser
// (undici's Request.formData), which takes a tenth of the CPU time of the streaming parser the listing forms use
// (app/web/multipart.server.ts) on photos of several megabytes — the largest cost of a generation after the photos'
// decoding (see bench/ai.mjs). Same answer shape and the same rules: the body is cut off past `maxTotalBytes`
// (413), each file over `maxFileBytes` is dropped and reported, repeats and files past `maxFiles` likewise.
import {
  DEFAULT_MAX_FIELDS,
  maxPartsOf,
  multipartBoundary,
  UPLOAD_MESSAGES,
  type MultipartForm,
  type MultipartOptions,
  type ReceivedFile,
} from "../uploads.ts";
import { DomainError, isDomainError } from "../domain-error.ts";

const tooLarge = () => new DomainError("too_large", UPLOAD_MESSAGES.tooLarge);
const notAForm = () => new DomainError("invalid", UPLOAD_MESSAGES.notAForm);

/**
 * The body, failing once more than `limit` bytes have arrived (whatever Content-Length claimed) or once it holds more
 * than `maxParts` parts: undici parses the whole body at once, so the parts are counted, by their delimiter, before.
 */
function limitedBody(body: ReadableStream<Uint8Array>, limit: number, boundary: string, maxParts: number): ReadableStream<Uint8Array> {
  const delimiter = Buffer.from(`--${boundary}`, "latin1");
  let received = 0;
  // Every part opens with the delimiter, and one more closes the body.
  let delimiters = 0;
  // The end of the previous chunk, where a delimiter split between two chunks begins.
  let tail = Buffer.alloc(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > limit) return controller.error(tooLarge());
        const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        const seam = Buffer.concat([tail, bytes.subarray(0, delimiter.length - 1)]);
        for (let at = seam.indexOf(delimiter); at !== -1; at = seam.indexOf(delimiter, at + 1)) delimiters += 1;
        for (let at = bytes.indexOf(delimiter); at !== -1; at = bytes.indexOf(delimiter, at + delimiter.length)) delimiters += 1;
        if (delimiters > maxParts + 1) return controller.error(tooLarge());
        tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - (delimiter.length - 1))));
        controller.enqueue(chunk);
      },
    }),
  );
}

/** The text fields and the files of `fileField`, each with what happened to it. Refuses with DomainError (too_large, invalid). */
export async function readPhotoUpload(request: Request, options: MultipartOptions): Promise<MultipartForm> {
  const type = request.headers.get("Content-Type") ?? "";
  const boundary = multipartBoundary(type);
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body || !boundary) throw notAForm();
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > options.maxTotalBytes) throw tooLarge();

  let parsed: FormData;
  try {
    parsed = await new Response(limitedBody(request.body, options.maxTotalBytes, boundary, maxPartsOf(options)), {
      headers: { "Content-Type": type },
    }).formData();
  } catch (error) {
    if (isDomainError(error)) throw error;
    if (error instanceof Error && isDomainError(error.cause)) throw error.cause;
    throw notAForm();
  }

  const fields = new FormData();
  const files: ReceivedFile[] = [];
  const maxFieldBytes = options.maxFieldBytes ?? 100_000;
  const keptSoFar: ReceivedFile[] = [];
  let fieldCount = 0;
  for (const [name, value] of parsed.entries()) {
    if (typeof value === "string") {
      fieldCount += 1;
      if (fieldCount > (options.maxFields ?? DEFAULT_MAX_FIELDS) || Buffer.byteLength(value) > maxFieldBytes) throw tooLarge();
      fields.append(name, value);
      continue;
    }
    // A file input with nothing chosen sends an empty part without a name.
    if (name !== options.fileField || (value.name === "" && value.size === 0)) continue;
    const file = { name: value.name || "unnamed file", size: value.size };
    if (options.isDuplicate?.(file, keptSoFar)) files.push({ ...file, bytes: null, status: "duplicate" });
    else if (file.size > options.maxFileBytes) files.push({ ...file, bytes: null, status: "too_big" });
    else if (keptSoFar.length >= options.maxFiles) files.push({ ...file, bytes: null, status: "over_limit" });
    else {
      const received: ReceivedFile = { ...file, bytes: new Uint8Array(await value.arrayBuffer()), status: "kept" };
      files.push(received);
      keptSoFar.push(received);
    }
  }
  return { fields, files };
}
