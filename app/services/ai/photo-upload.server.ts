// Reading the AI wizard's multipart form (brand, model, condition, photos) with the platform's own parser
// (undici's Request.formData), which takes a tenth of the CPU time of the streaming parser the listing forms use
// (app/web/multipart.server.ts) on photos of several megabytes — the largest cost of a generation after the photos'
// decoding (see bench/ai.mjs). Same answer shape and the same rules: the body is cut off past `maxTotalBytes`
// (413), each file over `maxFileBytes` is dropped and reported, repeats and files past `maxFiles` likewise.
import { UPLOAD_MESSAGES, type MultipartForm, type MultipartOptions, type ReceivedFile } from "../uploads.ts";
import { DomainError, isDomainError } from "../domain-error.ts";

const tooLarge = () => new DomainError("too_large", UPLOAD_MESSAGES.tooLarge);
const notAForm = () => new DomainError("invalid", UPLOAD_MESSAGES.notAForm);

/** The body, failing once more than `limit` bytes have arrived (whatever Content-Length claimed). */
function limitedBody(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > limit) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** The text fields and the files of `fileField`, each with what happened to it. Refuses with DomainError (too_large, invalid). */
export async function readPhotoUpload(request: Request, options: MultipartOptions): Promise<MultipartForm> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) throw notAForm();
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > options.maxTotalBytes) throw tooLarge();

  let parsed: FormData;
  try {
    parsed = await new Response(limitedBody(request.body, options.maxTotalBytes), { headers: { "Content-Type": type } }).formData();
  } catch (error) {
    if (isDomainError(error)) throw error;
    if (error instanceof Error && isDomainError(error.cause)) throw error.cause;
    throw notAForm();
  }

  const fields = new FormData();
  const files: ReceivedFile[] = [];
  const maxFieldBytes = options.maxFieldBytes ?? 100_000;
  let fieldCount = 0;
  for (const [name, value] of parsed.entries()) {
    if (typeof value === "string") {
      fieldCount += 1;
      if (fieldCount > (options.maxFields ?? 1_000) || Buffer.byteLength(value) > maxFieldBytes) throw tooLarge();
      fields.append(name, value);
      continue;
    }
    // A file input with nothing chosen sends an empty part without a name.
    if (name !== options.fileField || (value.name === "" && value.size === 0)) continue;
    const file = { name: value.name || "unnamed file", size: value.size };
    const kept = files.filter((f) => f.status === "kept");
    if (options.isDuplicate?.(file, kept)) files.push({ ...file, bytes: null, status: "duplicate" });
    else if (file.size > options.maxFileBytes) files.push({ ...file, bytes: null, status: "too_big" });
    else if (kept.length >= options.maxFiles) files.push({ ...file, bytes: null, status: "over_limit" });
    else files.push({ ...file, bytes: new Uint8Array(await value.arrayBuffer()), status: "kept" });
  }
  return { fields, files };
}
