// The one way an action reads its body: parseForm(request, schema, options?) bounds the body while it streams, caps
// every list before any array is built, turns field names the schema cannot take (a scalar sent twice, `brand[0]`,
// `brand.a`) into a message beside that field, and validates with the shared zod schema through conform, so the form
// shows each error next to its field. A body that is not a form is a 400, never a 500 (docs/decisions/0026).
import { parseWithZod, unstable_coerceFormValue as coerceFormValue, type Submission } from "@conform-to/zod";
import { z, type ZodTypeAny } from "zod";
import { readPhotoUpload } from "~/services/ai/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { throwRefusal } from "./domain-answer.server.ts";
import { isMultipart, readMultipartForm, MULTIPART_MESSAGES, type MultipartOptions, type ReceivedFile } from "./multipart.server.ts";
import { withoutNul } from "~/lib/typed-text.ts";

export const NOT_A_FORM_MESSAGE = MULTIPART_MESSAGES.notAForm;

export const FORM_LIMITS = {
  /** A plain (urlencoded) form body, unless the route gives its own limit. */
  bodyBytes: 64 * 1024,
  /** The longest list a schema without a `.max()` accepts. */
  listLength: 100,
  /** Text fields in a multipart body. */
  multipartFields: 1_000,
} as const;

export const FORM_MESSAGES = {
  notAForm: NOT_A_FORM_MESSAGE,
  tooLarge: "This form is too large to send. Please shorten what you entered and try again.",
  tooManyRows: (max: number) => `This form has too many rows in one list (at most ${max}). Please remove some and try again.`,
  oneValue: "Please enter a single value.",
} as const;

/** The files a multipart form may carry: one field, and the limits of what it holds. */
export interface FormFileOptions extends Omit<MultipartOptions, "fileField" | "maxTotalBytes"> {
  field: string;
  /** The whole multipart body, files that were dropped included. */
  maxTotalBytes: number;
  /**
   * "stream" (default): the streaming parser, which never holds more than one file over its limit. "platform":
   * undici's parser, a tenth of the CPU time on photos of several megabytes, bounded by `maxTotalBytes` as it arrives.
   */
  parser?: "stream" | "platform";
}

export interface ParseFormOptions {
  /** The most bytes of a plain form body (default 64 KB); also the bound of a multipart body without files. */
  maxBytes?: number;
  /** The files this form takes; without it, a multipart body's files are read and dropped. */
  files?: FormFileOptions;
}

export interface ParsedForm<Schema extends ZodTypeAny> {
  /** conform's submission: `status`, `value` on success, `error` by field name, and `reply()` for the form. */
  submission: Submission<z.input<Schema>, string[], z.output<Schema>>;
  /** The fields as sent (within the limits), for a value the schema does not read, such as an intent. */
  fields: FormData;
  /** The files of `options.files.field`, each with what happened to it. */
  files: ReceivedFile[];
}

/**
 * Reads, bounds and validates the form a request carries. A body that is not a form, or is over its bounds, is
 * thrown as the document answer of its DomainError (throwRefusal: `{ message }` with 400 or 413).
 */
export async function parseForm<Schema extends ZodTypeAny>(request: Request, schema: Schema, options: ParseFormOptions = {}): Promise<ParsedForm<Schema>> {
  try {
    const { fields: sent, files } = await readBody(request, options);
    const fields = withoutNulCharacters(sent);
    const { form, problems } = checkShape(fields, schema);
    // `fields` stays as sent: a route may read a value in a shape of its own (the AI wizard's rows as JSON text).
    return { submission: validate(form, schema, problems), fields, files };
  } catch (error) {
    throwRefusal(error);
  }
}

function withoutNulCharacters(fields: FormData): FormData {
  let found = false;
  for (const value of fields.values()) if (typeof value === "string" && value.includes("\u0000")) found = true;
  if (!found) return fields;
  const cleaned = new FormData();
  for (const [name, value] of fields.entries()) cleaned.append(withoutNul(name), typeof value === "string" ? withoutNul(value) : value);
  return cleaned;
}

function refuse(kind: "invalid" | "too_large", message: string): never {
  throw new DomainError(kind, message);
}

async function readBody(request: Request, options: ParseFormOptions): Promise<{ fields: FormData; files: ReceivedFile[] }> {
  const maxBytes = options.maxBytes ?? FORM_LIMITS.bodyBytes;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (isMultipart(request)) {
    const files = options.files;
    if (files?.parser === "platform") {
      return readPhotoUpload(request, { ...files, fileField: files.field });
    }
    return readMultipartForm(request, {
      maxFields: FORM_LIMITS.multipartFields,
      maxFieldBytes: maxBytes,
      ...(files ? { ...files, fileField: files.field } : { fileField: "", maxFileBytes: 0, maxFiles: 0, maxTotalBytes: maxBytes }),
    });
  }
  if (!type.startsWith("application/x-www-form-urlencoded")) refuse("invalid", NOT_A_FORM_MESSAGE);
  const text = await readBoundedText(request, maxBytes);
  const fields = new FormData();
  for (const [name, value] of new URLSearchParams(text)) fields.append(name, value);
  return { fields, files: [] };
}

/**
 * The body as text, refused (DomainError too_large, 413) as soon as more than `limit` bytes have arrived or are
 * announced; a body cut off midway is refused as invalid (400).
 */
export async function readBoundedText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    // Not awaited: a copy's cancel settles only once every copy of the body is cancelled (the streams spec's tee).
    request.body?.cancel().catch(() => undefined);
    refuse("too_large", FORM_MESSAGES.tooLarge);
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      refuse("invalid", NOT_A_FORM_MESSAGE);
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => undefined);
      refuse("too_large", FORM_MESSAGES.tooLarge);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

// ——— The schema's shape: what each field name may hold ———

type Shape =
  | { kind: "object"; field: (name: string) => Shape }
  | { kind: "array"; max: number; element: Shape }
  | { kind: "scalar" }
  | { kind: "any" }
  | { kind: "absent" };

const ANY: Shape = { kind: "any" };
const ABSENT: Shape = { kind: "absent" };
const SCALAR: Shape = { kind: "scalar" };

/** What a zod type accepts, as far as field names go: an object, a list (with its max), a single value or anything. */
function shapeOf(type: ZodTypeAny, depth = 0): Shape {
  if (depth > 20) return ANY;
  const def = type._def as { typeName?: string } & Record<string, unknown>;
  switch (def.typeName) {
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
    case "ZodCatch":
    case "ZodReadonly":
    case "ZodBranded":
      return shapeOf(def.innerType as ZodTypeAny, depth + 1);
    case "ZodEffects":
      return shapeOf(def.schema as ZodTypeAny, depth + 1);
    case "ZodPipeline":
      return shapeOf(def.in as ZodTypeAny, depth + 1);
    case "ZodLazy":
      return shapeOf((def.getter as () => ZodTypeAny)(), depth + 1);
    case "ZodObject": {
      const shape = (type as z.AnyZodObject).shape as Record<string, ZodTypeAny>;
      return { kind: "object", field: (name) => (Object.hasOwn(shape, name) ? shapeOf(shape[name]!, depth + 1) : ABSENT) };
    }
    case "ZodArray": {
      const max = (def.maxLength as { value: number } | null)?.value ?? (def.exactLength as { value: number } | null)?.value;
      return { kind: "array", max: max ?? FORM_LIMITS.listLength, element: shapeOf(def.type as ZodTypeAny, depth + 1) };
    }
    case "ZodSet":
      return { kind: "array", max: (def.maxSize as { value: number } | null)?.value ?? FORM_LIMITS.listLength, element: SCALAR };
    case "ZodIntersection":
      return merge([shapeOf(def.left as ZodTypeAny, depth + 1), shapeOf(def.right as ZodTypeAny, depth + 1)]);
    case "ZodUnion":
    case "ZodDiscriminatedUnion": {
      const options = def.options as ZodTypeAny[] | Map<unknown, ZodTypeAny>;
      return merge([...options.values()].map((option) => shapeOf(option, depth + 1)));
    }
    case "ZodAny":
    case "ZodUnknown":
    case "ZodRecord":
    case "ZodMap":
    case "ZodTuple":
      return ANY;
    default:
      return SCALAR;
  }
}

/** The shape that accepts what any of `shapes` accepts (a union's options, an intersection's sides). */
function merge(shapes: Shape[]): Shape {
  const present = shapes.filter((shape) => shape.kind !== "absent");
  if (present.length === 0) return ABSENT;
  if (present.length === 1) return present[0]!;
  const kinds = new Set(present.map((shape) => shape.kind));
  if (kinds.size > 1 || kinds.has("any")) return ANY;
  if (kinds.has("scalar")) return SCALAR;
  if (kinds.has("object")) {
    const objects = present as Array<Extract<Shape, { kind: "object" }>>;
    return { kind: "object", field: (name) => merge(objects.map((shape) => shape.field(name))) };
  }
  const arrays = present as Array<Extract<Shape, { kind: "array" }>>;
  return { kind: "array", max: Math.max(...arrays.map((shape) => shape.max)), element: merge(arrays.map((shape) => shape.element)) };
}

/**
 * The path of a field name: conform's syntax `a.b[0].c`, or the bracket syntax of PHP and Rails forms `a[b][0][c]`
 * (read as the same path, so its lists are bounded like any other: `specifications[45000][key]` was dropped unbounded
 * rather than refused). Null for a name neither syntax reads.
 */
function pathOf(name: string): Array<string | number> | null {
  const token = /([^.[\]]+)|\[(\d*)\]|\[([^.[\]]+)\]/g;
  const segments: Array<string | number> = [];
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = token.exec(name))) {
    if (match.index !== last && !(match.index === last + 1 && name[last] === ".")) return null;
    const [, plain, index, bracketed] = match;
    const key = plain ?? (last > 0 ? bracketed : undefined);
    if (plain === undefined && index === undefined && key === undefined) return null;
    if (key !== undefined) {
      if (key === "__proto__" || key === "constructor" || key === "prototype") return null;
      segments.push(key);
    } else {
      // `[]` appends: as long a list as the index one past the others, which the count of repeats bounds below.
      if (index === "") return null;
      // Longer than any cap: refused below without building the number's array.
      segments.push(index!.length > 9 ? Number.MAX_SAFE_INTEGER : Number(index));
    }
    last = token.lastIndex;
  }
  return last === name.length && segments.length > 0 ? segments : null;
}

/** A path in conform's syntax (`a.b[0].c`): the name conform reads, whichever syntax the form used. */
function conformName(path: ReadonlyArray<string | number>): string {
  return path.map((segment, at) => (typeof segment === "number" ? `[${segment}]` : at === 0 ? segment : `.${segment}`)).join("");
}

interface ShapeProblem {
  /** The field the message goes beside (the top of the forged name). */
  name: string;
  message: string;
}

/**
 * The fields the schema can read, with every list bounded: an index or a repeat count above a list's max (or 100 for
 * a list without one) refuses the whole form with a 400, before conform builds any array. A value the schema takes
 * once but was sent twice, or as a list or an object, keeps its first plain value and gets a message; names the
 * schema does not know are kept when plain (an intent) and dropped when structured.
 */
function checkShape(fields: FormData, schema: ZodTypeAny): { form: FormData; problems: ShapeProblem[] } {
  const root = shapeOf(schema);
  const form = new FormData();
  const problems = new Map<string, string>();
  const counts = new Map<string, number>();
  /** Names that address a whole list of plain values (a checkbox group's name). */
  const wholeLists = new Set<string>();
  for (const [sentName, value] of fields.entries()) {
    const path = pathOf(sentName);
    if (!path) continue;
    const name = conformName(path);
    let shape = root;
    let forged = false;
    for (const segment of path) {
      if (shape.kind === "any" || shape.kind === "absent") {
        if (typeof segment === "number" && segment >= FORM_LIMITS.listLength) refuse("invalid", FORM_MESSAGES.tooManyRows(FORM_LIMITS.listLength));
        continue;
      }
      if (typeof segment === "number") {
        if (shape.kind !== "array") {
          forged = true;
          break;
        }
        if (segment >= shape.max + 1) refuse("invalid", FORM_MESSAGES.tooManyRows(shape.max));
        shape = shape.element;
      } else {
        if (shape.kind === "object") shape = shape.field(segment);
        else {
          forged = true;
          break;
        }
      }
    }
    const top = String(path[0]);
    if (forged) {
      problems.set(top, FORM_MESSAGES.oneValue);
      continue;
    }
    if (shape.kind === "absent" && path.length > 1) continue;
    if (shape.kind === "object" || (shape.kind === "array" && shape.element.kind === "object")) {
      // A value where the schema wants fields inside it (a row of a list of rows included).
      problems.set(top, FORM_MESSAGES.oneValue);
      continue;
    }
    if (shape.kind === "array") wholeLists.add(name);
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    if (shape.kind === "array" && count > shape.max + 1) refuse("invalid", FORM_MESSAGES.tooManyRows(shape.max));
    if (shape.kind !== "array" && shape.kind !== "any" && count > 1) {
      if (shape.kind === "scalar") problems.set(top, FORM_MESSAGES.oneValue);
      if (shape.kind === "absent" && count > FORM_LIMITS.listLength + 1) refuse("invalid", FORM_MESSAGES.tooManyRows(FORM_LIMITS.listLength));
      if (shape.kind === "scalar") continue;
    }
    if (shape.kind === "any" && count > FORM_LIMITS.listLength + 1) refuse("invalid", FORM_MESSAGES.tooManyRows(FORM_LIMITS.listLength));
    form.append(name, value);
  }
  return { form: asListItems(form, wholeLists, problems), problems: [...problems].map(([name, message]) => ({ name, message })) };
}

/**
 * A list sent by its plain name (checkboxes: `emailAlerts=outbid`) as indexed items (`emailAlerts[0]`), so conform
 * reads it as a list even when one value came: the form's row editors expect one (a single `features=x` crashed the
 * listing page). Plain values beside indexed ones for the same list (`features=x&features[1]=y`) are dropped with a
 * message beside the field.
 */
function asListItems(form: FormData, wholeLists: ReadonlySet<string>, problems: Map<string, string>): FormData {
  if (wholeLists.size === 0) return form;
  const names = [...new Set(form.keys())];
  const mixed = new Set([...wholeLists].filter((list) => names.some((name) => name.startsWith(`${list}[`) || name.startsWith(`${list}.`))));
  for (const list of mixed) problems.set(String(pathOf(list)![0]), FORM_MESSAGES.oneValue);
  const items = new FormData();
  const next = new Map<string, number>();
  for (const [name, value] of form.entries()) {
    if (!wholeLists.has(name)) items.append(name, value);
    else if (!mixed.has(name)) {
      const index = next.get(name) ?? 0;
      next.set(name, index + 1);
      items.append(`${name}[${index}]`, value);
    }
  }
  return items;
}

/** conform + zod; the shape problems join the schema's own messages, first for their field. */
function validate<Schema extends ZodTypeAny>(form: FormData, schema: Schema, problems: ShapeProblem[]) {
  type Result = Submission<z.input<Schema>, string[], z.output<Schema>>;
  if (problems.length === 0) return parseWithZod(form, { schema }) as Result;
  const coerced = coerceFormValue(schema) as ZodTypeAny;
  const withProblems = z.any().transform((payload, ctx) => {
    for (const problem of problems) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [problem.name], message: problem.message });
    const result = coerced.safeParse(payload);
    if (!result.success) {
      for (const issue of result.error.issues) {
        if (problems.some((problem) => problem.name === issue.path[0])) continue;
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: issue.path, message: issue.message });
      }
    }
    return z.NEVER;
  });
  return parseWithZod(form, { schema: withProblems, disableAutoCoercion: true }) as unknown as Result;
}

/** A refused submission's messages by field (only the fields that have any), and the first of them for the banner. */
export function fieldErrorsOf(error: Record<string, string[] | null> | undefined | null): { fieldErrors: Record<string, string[]>; first: string } {
  const fieldErrors = Object.fromEntries(Object.entries(error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)));
  return { fieldErrors, first: Object.values(fieldErrors).flat()[0] ?? "Please check the form." };
}

/** The status and message of a refusal parseForm threw, for a resource route that words its own answer; else null. */
export function formRefusal(error: unknown): { status: number; message: string } | null {
  if (!isDataWithInit(error)) return null;
  const { data: body, init } = error as { data: { message?: unknown }; init: ResponseInit | null };
  return { status: init?.status ?? 400, message: typeof body?.message === "string" ? body.message : NOT_A_FORM_MESSAGE };
}

function isDataWithInit(value: unknown): boolean {
  return typeof value === "object" && value !== null && "type" in value && (value as { type: unknown }).type === "DataWithResponseInit";
}
