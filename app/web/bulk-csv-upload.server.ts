// Reads the bulk-upload form's CSV as it arrives (for /bulk-upload): the file part goes straight into the parser,
// bounded while reading; other parts are small fields.
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { BULK_LIMITS, BULK_MESSAGES } from "~/lib/bulk-import.ts";
import { DomainError, isDomainError } from "~/services/domain-error.ts";
import { parseBulkCsv } from "~/services/bulk-import/index.server.ts";
import { originalFileName } from "./multipart.server.ts";

/** Reads the upload as it arrives: the CSV part goes straight into the parser, other parts are small fields. */
export async function readBulkCsvUpload(request: Request): Promise<{ fileName: string; parsed: Awaited<ReturnType<typeof parseBulkCsv>> }> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > BULK_LIMITS.fileBytes + 64 * 1024) throw new DomainError("too_large", BULK_MESSAGES.tooLarge);
  let fileName: string | null = null;
  let parsed: Awaited<ReturnType<typeof parseBulkCsv>> | null = null;
  let failure: unknown = null;
  let parts = 0;
  const handler: UploadHandler = async (part) => {
    parts += 1;
    if (parts > 5) throw new DomainError("too_large", BULK_MESSAGES.tooLarge);
    if (part.name !== "file" || typeof part.filename !== "string") {
      let size = 0;
      for await (const chunk of part.data) {
        size += chunk.byteLength;
        if (size > 1024) throw new DomainError("too_large", BULK_MESSAGES.tooLarge);
      }
      return undefined;
    }
    fileName = originalFileName(part.filename);
    if (!/\.csv$/i.test(fileName)) throw new DomainError("invalid", BULK_MESSAGES.notCsv);
    try {
      parsed = await parseBulkCsv(part.data);
    } catch (error) {
      failure = error;
      throw error;
    }
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (isDomainError(failure)) throw failure;
    if (isDomainError(error)) throw error;
    throw new DomainError("invalid", BULK_MESSAGES.notCsv);
  }
  if (!fileName || !parsed) throw new DomainError("invalid", BULK_MESSAGES.notCsv);
  return { fileName, parsed };
}
