// What a multipart upload is, once read: the shapes and messages shared by the web layer's readers
// (app/web/multipart.server.ts) and the services that read or check uploads (the AI wizard's photo reader, the listing
// form's image checks). Defined once here because services may not import app/web.

export const UPLOAD_MESSAGES = {
  tooLarge: "The form and its files are too large to send at once. Please send fewer or smaller files.",
  notAForm: "This request did not contain a form. Please submit the form on the page.",
} as const;

export interface ReceivedFile {
  /** The file name as the browser sent it (without any folder). */
  name: string;
  /** Bytes received. */
  size: number;
  /** The bytes, when the file was kept. */
  bytes: Uint8Array | null;
  status: "kept" | "too_big" | "duplicate" | "over_limit";
}

export interface MultipartForm {
  /** The text fields. */
  fields: FormData;
  /** Every file sent in `fileField`, in order, with what happened to it. */
  files: ReceivedFile[];
}

export interface MultipartOptions {
  /** The form field that carries files; files in any other field are ignored. */
  fileField: string;
  maxFileBytes: number;
  /** How many files may be kept. */
  maxFiles: number;
  /** Whether a file with this name and size repeats one already kept or stored. */
  isDuplicate?: (file: { name: string; size: number }, kept: ReadonlyArray<{ name: string; size: number }>) => boolean;
  /** Longest accepted text field, in bytes. */
  maxFieldBytes?: number;
  /** Most text fields accepted. */
  maxFields?: number;
  /** The whole body, files that were dropped included. */
  maxTotalBytes: number;
}

/** Text fields a multipart body may hold when the form names no number of its own. */
export const DEFAULT_MAX_FIELDS = 1_000;
/** Files past `maxFiles` that are still read, dropped and reported, before the whole form is refused as too large. */
export const FILE_PARTS_PAST_LIMIT = 100;

/**
 * The most parts a multipart body may hold: its text fields, the files kept and a bounded number dropped. Checked as
 * the parts arrive, so that tens of thousands of tiny parts cannot hold the server while they are parsed one by one.
 */
export function maxPartsOf(options: Pick<MultipartOptions, "maxFields" | "maxFiles">): number {
  return (options.maxFields ?? DEFAULT_MAX_FIELDS) + options.maxFiles + FILE_PARTS_PAST_LIMIT;
}

/** The boundary a multipart Content-Type names, if any. */
export function multipartBoundary(contentType: string): string | undefined {
  return /;\s*boundary=("?)([^";]+)\1/i.exec(contentType)?.[2];
}
