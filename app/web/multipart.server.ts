// Reading a multipart form with file uploads, without ever failing on what the user sent: a file over
// the size limit is read to its end and dropped (so the other fields and files still arrive and the
// user is told which file was too big), files past the count limit and repeats are dropped the same way.
import { unstable_parseMultipartFormData, type UploadHandler, type UploadHandlerPart } from "@remix-run/node";
import { DomainError } from "~/services/domain-error.ts";
import {
  DEFAULT_MAX_FIELDS,
  maxPartsOf,
  multipartBoundary,
  UPLOAD_MESSAGES,
  type MultipartForm,
  type MultipartOptions,
  type ReceivedFile,
} from "~/services/uploads.ts";

export type { MultipartForm, MultipartOptions, ReceivedFile } from "~/services/uploads.ts";
/** The upload messages (one definition, in app/services/uploads.ts). */
export const MULTIPART_MESSAGES = UPLOAD_MESSAGES;

class BodyTooLargeError extends Error {}
class NotAFormError extends Error {}

export async function readMultipartForm(request: Request, options: MultipartOptions): Promise<MultipartForm> {
  const maxFieldBytes = options.maxFieldBytes ?? 100_000;
  const maxFields = options.maxFields ?? DEFAULT_MAX_FIELDS;
  const maxParts = maxPartsOf(options);
  const files: ReceivedFile[] = [];
  const keptSoFar: ReceivedFile[] = [];
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
    if (partCount > maxParts) throw new BodyTooLargeError();
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
    const { size, kept } = await readPart(part, options.maxFileBytes);
    // A file input with nothing chosen sends an empty part without a name.
    if (part.filename === "" && size === 0) return undefined;
    const name = originalFileName(part.filename) || "unnamed file";
    const file = { name, size };
    if (options.isDuplicate?.(file, keptSoFar)) files.push({ ...file, bytes: null, status: "duplicate" });
    else if (!kept) files.push({ ...file, bytes: null, status: "too_big" });
    else if (keptSoFar.length >= options.maxFiles) files.push({ ...file, bytes: null, status: "over_limit" });
    else {
      const received: ReceivedFile = { ...file, bytes: kept, status: "kept" };
      files.push(received);
      keptSoFar.push(received);
    }
    return undefined;
  };

  try {
    const fields = await unstable_parseMultipartFormData(withQuotedFileNames(request), handler);
    // Not one part: the body never contained its boundary (every form the pages send has a part).
    if (partCount === 0) throw new NotAFormError();
    return { fields, files };
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new DomainError("too_large", MULTIPART_MESSAGES.tooLarge);
    // A body that is not multipart at all, or is cut off.
    throw new DomainError("invalid", MULTIPART_MESSAGES.notAForm);
  }
}

/** Whether a request carries a multipart body. */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

// ——— File names with `;` or `=` ———
// Browsers send a file's name as it is inside quotes (filename="scope=front;1.png"), but the parser under Remix's
// reader splits the Content-Disposition header at every `;` and `=`, quotes or not, and refused the whole form ("This
// request did not contain a form") for one such picture. The part headers are rewritten on their way in, the name's
// `%`, `;` and `=` escaped, and originalFileName undoes it. Only the short header blocks are touched; the data
// between them flows on as it arrives.

const ESCAPED = /%(25|3B|3D)/gi;
const ESCAPES: Record<string, string> = { "25": "%", "3B": ";", "3D": "=" };

/** A file name as the browser sent it, from its escaped form. */
export function originalFileName(name: string): string {
  return name.replace(ESCAPED, (_whole, code: string) => ESCAPES[code.toUpperCase()]!);
}

/** A Content-Disposition value whose filename has its `%`, `;` and `=` escaped (quoted strings read as RFC 7578 says). */
function escapeDisposition(value: string): string {
  const [type, ...rest] = value.split(";");
  const parameters = /\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)\s*;?/gy;
  const source = rest.join(";");
  const rebuilt: string[] = [];
  let read = 0;
  let match: RegExpExecArray | null;
  while ((match = parameters.exec(source))) {
    read = match.index + match[0].length;
    const [, key, raw] = match;
    if (key!.toLowerCase() !== "filename") {
      rebuilt.push(`${key}=${raw}`);
      continue;
    }
    const quoted = raw!.startsWith('"') && raw!.endsWith('"') && raw!.length >= 2;
    const text = quoted ? raw!.slice(1, -1) : raw!;
    rebuilt.push(`${key}="${text.replace(/[%;=]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)}"`);
  }
  // Anything the expression could not read is left as it was (the parser then refuses it as before).
  if (source.slice(read).trim() !== "") return value;
  return [type, ...rebuilt].join("; ");
}

function rewriteHeaderBlock(block: Buffer): Buffer {
  // latin1 keeps every byte as it is (names in UTF-8 included).
  const text = block.toString("latin1");
  return Buffer.from(
    text.replace(/^(content-disposition:)([^\r\n]*)/im, (_whole, header: string, value: string) => `${header} ${escapeDisposition(value.trim())}`),
    "latin1",
  );
}

/** The longest header block looked at; a longer one flows on untouched. */
const MAX_HEADER_BLOCK = 16 * 1024;

/** `request` with its part headers' file names escaped (see above); the body is still read as it arrives. */
function withQuotedFileNames(request: Request): Request {
  const boundary = multipartBoundary(request.headers.get("Content-Type") ?? "");
  if (!boundary || !request.body) return request;
  const delimiter = Buffer.from(`--${boundary}`, "latin1");
  const headerEnd = Buffer.from("\r\n\r\n", "latin1");
  let carry = Buffer.alloc(0);
  let inHeaders = false;
  const rewrite = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      let buffer = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      for (;;) {
        if (!inHeaders) {
          const at = buffer.indexOf(delimiter);
          if (at === -1) {
            // The end may be the start of a delimiter: keep that much back.
            const keep = Math.min(buffer.length, delimiter.length - 1);
            if (buffer.length > keep) controller.enqueue(buffer.subarray(0, buffer.length - keep));
            carry = Buffer.from(buffer.subarray(buffer.length - keep));
            return;
          }
          if (at > 0) controller.enqueue(buffer.subarray(0, at));
          buffer = buffer.subarray(at);
          inHeaders = true;
        }
        const end = buffer.indexOf(headerEnd);
        if (end === -1) {
          if (buffer.length > MAX_HEADER_BLOCK) {
            controller.enqueue(buffer);
            carry = Buffer.alloc(0);
            inHeaders = false;
          } else carry = Buffer.from(buffer);
          return;
        }
        controller.enqueue(rewriteHeaderBlock(buffer.subarray(0, end + headerEnd.length)));
        buffer = buffer.subarray(end + headerEnd.length);
        inHeaders = false;
      }
    },
    flush(controller) {
      if (carry.length) controller.enqueue(carry);
    },
  });
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body.pipeThrough(rewrite),
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}
