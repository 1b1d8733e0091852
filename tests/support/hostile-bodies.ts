// Hostile request bodies for the actions of app/routes ("Hostile input"): fast-check arbitraries of what a
// careless script or an attacker posts — wrong types, missing fields, huge strings, sparse lists (`features[30000]`),
// NaN and Infinity, a field sent twice, `brand[0]` and `brand.a` where one value belongs, broken multipart bodies (no
// boundary, cut off, file names with `=` and `;`), JSON or plain text where a form is expected, line breaks in
// `returnTo` — and lazily made huge bodies (thousands of megabytes are never held: each chunk is made when the reader
// asks for it, and nothing more once it stops).
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { ZodTypeAny } from "zod";

/** A body as sent: the Content-Type header (none when null) and the bytes, or a stream made on demand. */
export interface HostileBody {
  /** What the body is, for a failure message. */
  label: string;
  contentType: string | null;
  body: string | Uint8Array | (() => ReadableStream<Uint8Array>) | null;
  /**
   * A multipart form a browser could send (a boundary, at least one part, field names the forms could have): it must be
   * read as a form, never answered "This request did not contain a form". File names may hold anything.
   */
  wellFormed?: boolean;
}

// ——— Names and values the forms know, read from the shared schemas ———

/** Field names (dotted, with `[0]` for list items) and the literal values (intents, enums) of every app/schemas module. */
export async function schemaVocabulary(schemasDir = path.resolve("app/schemas")): Promise<{ names: string[]; values: string[] }> {
  const names = new Set<string>();
  const values = new Set<string>();
  for (const file of fs.readdirSync(schemasDir).filter((name) => /\.tsx?$/.test(name))) {
    const module = (await import(path.join(schemasDir, file))) as Record<string, unknown>;
    for (const exported of Object.values(module)) if (isZod(exported)) walk(exported, "", names, values, 0);
  }
  names.delete("");
  return { names: [...names].sort(), values: [...values].sort() };
}

function isZod(value: unknown): value is ZodTypeAny {
  return typeof value === "object" && value !== null && "_def" in value && "safeParse" in value;
}

function walk(type: ZodTypeAny, prefix: string, names: Set<string>, values: Set<string>, depth: number): void {
  if (depth > 12) return;
  const def = type._def as { typeName?: string } & Record<string, unknown>;
  const inner = (key: string) => def[key] as ZodTypeAny;
  switch (def.typeName) {
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
    case "ZodCatch":
    case "ZodReadonly":
    case "ZodBranded":
      return walk(inner("innerType"), prefix, names, values, depth + 1);
    case "ZodEffects":
      return walk(inner("schema"), prefix, names, values, depth + 1);
    case "ZodPipeline":
      return walk(inner("in"), prefix, names, values, depth + 1);
    case "ZodObject":
      for (const [key, child] of Object.entries((type as unknown as { shape: Record<string, ZodTypeAny> }).shape)) {
        walk(child, prefix ? `${prefix}.${key}` : key, names, values, depth + 1);
      }
      return;
    case "ZodArray":
      names.add(prefix);
      return walk(inner("type"), `${prefix}[0]`, names, values, depth + 1);
    case "ZodUnion":
    case "ZodDiscriminatedUnion":
      for (const option of (def.options as ZodTypeAny[] | Map<unknown, ZodTypeAny>).values()) walk(option, prefix, names, values, depth + 1);
      return;
    case "ZodIntersection":
      walk(inner("left"), prefix, names, values, depth + 1);
      return walk(inner("right"), prefix, names, values, depth + 1);
    case "ZodLiteral":
      names.add(prefix);
      values.add(String(def.value));
      return;
    case "ZodEnum":
      names.add(prefix);
      for (const value of def.values as string[]) values.add(value);
      return;
    default:
      names.add(prefix);
  }
}

// ——— Values ———

/** Huge values, made once: just over a plain form's 64 KB bound, and a megabyte. */
const HUGE = ["x".repeat(70 * 1024), "é".repeat(512 * 1024)];

const NASTY_VALUES = [
  "",
  " ",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1e309",
  "-0",
  "0",
  "-1",
  "0.000001",
  "9007199254740993",
  "99999999999999999999999",
  "0x1F",
  "1,000",
  "$5",
  "true",
  "false",
  "on",
  "null",
  "undefined",
  "[object Object]",
  "{}",
  "[]",
  "2024-02-30",
  "/\t/evil.example",
  "/listings\r\nSet-Cookie: x=1",
  "/a\nb",
  "//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "\u0000",
  "\u202e\u0000\ud800",
  "' or '1'='1",
  "<script>alert(1)</script>",
  "💥".repeat(40),
  "a".repeat(5_000),
];

/** A value a form field might be sent: the forms' own literals and ids, numbers of every kind, tricky and huge text. */
export function valueArb(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_VALUES) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: "grapheme" }) },
    { weight: 2, arbitrary: fc.double().map(String) },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
  );
}

// ——— Names ———

const BIG_INDICES = [0, 1, 11, 12, 13, 49, 50, 51, 99, 100, 101, 10_000, 30_000, 300_000, 2 ** 31, 2 ** 53];

/** A field name: a form's own, or one bent into a list item far away, an object, a prototype path or noise. */
export function nameArb(known: readonly string[]): fc.Arbitrary<string> {
  const base = fc.constantFrom(...known);
  return fc.oneof(
    { weight: 8, arbitrary: base },
    { weight: 3, arbitrary: fc.tuple(base, fc.constantFrom(...BIG_INDICES)).map(([name, index]) => `${name.replace(/\[0\]/g, "")}[${index}]`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom(".a", "[]", "[-1]", "[1e3]", "[0][0]", ".__proto__", "[__proto__]", ".constructor.prototype"))
        .map(([name, tail]) => `${name}${tail}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "__proto__",
        "constructor",
        "prototype",
        "__proto__[polluted]",
        "constructor[prototype][polluted]",
        "a[999999999999]",
        "[0]",
        ".",
        "",
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
}

// ——— Bodies ———

/** The form fields of one request: known names mostly, some twice, each with a value. */
export function fieldsArb(names: readonly string[], values: readonly string[]): fc.Arbitrary<Array<[string, string]>> {
  return fc.array(fc.tuple(nameArb(names), valueArb(values)), { maxLength: 12 }).chain((pairs) =>
    // Sometimes every field once more, with another value: "sent twice".
    fc.boolean().map((twice) => (twice && pairs.length > 0 ? [...pairs, ...pairs.map(([name]): [string, string] => [name, "second value"])] : pairs)),
  );
}

const FILE_NAMES = ["scope=1.png", "a;b.png", 'x"; name="title.png', "name=images; filename=evil.png", "dir/../../etc/passwd", "é=;.jpg", "", "a".repeat(300)];

/** A few bytes that look like pictures: a truncated JPEG, a PNG's header alone, text called an image. */
const FILE_BYTES = [
  Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
  new Uint8Array(0),
];

function escapeQuoted(text: string): string {
  return text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A multipart body written by hand (so it can be broken): text parts, then file parts in `fileField`. */
export function multipartBody(boundary: string, fields: Array<[string, string]>, files: Array<{ field: string; name: string; bytes: Uint8Array }>): Uint8Array {
  const chunks: Uint8Array[] = [];
  const encoder = new TextEncoder();
  for (const [name, value] of fields) {
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${escapeQuoted(name)}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${escapeQuoted(file.field)}"; filename="${escapeQuoted(file.name)}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.bytes,
      encoder.encode("\r\n"),
    );
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const BOUNDARY = "----hostile7MA4YWxkTrZu0gW";

/** Every kind of body for an action, `fileField` being the field its files go in (if any). */
export function bodyArb(names: readonly string[], values: readonly string[], fileField: string | null): fc.Arbitrary<HostileBody> {
  const fields = fieldsArb(names, values);
  const files = fc.array(
    fc.record({
      field: fc.constantFrom(fileField ?? "file", "file", ...names.slice(0, 3)),
      name: fc.constantFrom(...FILE_NAMES),
      bytes: fc.constantFrom(...FILE_BYTES),
    }),
    { maxLength: 3 },
  );
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fields.map((pairs): HostileBody => ({
        label: "form",
        contentType: "application/x-www-form-urlencoded",
        body: new URLSearchParams(pairs).toString(),
      })),
    },
    {
      weight: 4,
      arbitrary: fc.tuple(fields, files).map(([pairs, parts]): HostileBody => ({
        label: "multipart",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: multipartBody(BOUNDARY, pairs, parts),
        wellFormed:
          pairs.length + parts.length > 0 && [...pairs.map(([name]) => name), ...parts.map((part) => part.field)].every((name) => /^[\w.[\]-]+$/.test(name)),
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fields, files, fc.constantFrom("no boundary", "cut off", "wrong boundary", "empty")).map(([pairs, parts, broken]): HostileBody => {
        const whole = multipartBody(BOUNDARY, pairs, parts);
        if (broken === "no boundary") return { label: "multipart without a boundary", contentType: "multipart/form-data", body: whole };
        if (broken === "wrong boundary") return { label: "multipart with another boundary", contentType: "multipart/form-data; boundary=zzz", body: whole };
        if (broken === "empty") return { label: "empty multipart", contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: "" };
        return {
          label: "cut-off multipart",
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
          body: whole.subarray(0, Math.max(1, Math.floor(whole.length / 2))),
        };
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fields, fc.constantFrom("application/json", "text/plain", null, "application/xml", "application/x-www-form-urlencoded; charset=utf-16"))
        .map(([pairs, type]): HostileBody => ({
          label: `JSON as ${type ?? "no type"}`,
          contentType: type,
          body: JSON.stringify(Object.fromEntries(pairs.map(([name, value]) => [name, [value, Number(value), { value }]]))),
        })),
    },
    { weight: 1, arbitrary: fc.constantFrom<HostileBody>({ label: "no body", contentType: "application/x-www-form-urlencoded", body: null }) },
  );
}

// ——— Huge bodies, made as they are read ———

/** A stream of `chunks` chunks made by `chunk(i)`, each made only when the reader asks for it. */
export function lazyStream(chunks: number, chunk: (index: number) => Uint8Array): () => ReadableStream<Uint8Array> {
  return () => {
    let index = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (index >= chunks) controller.close();
        else controller.enqueue(chunk(index++));
      },
    });
  };
}

const MEGABYTE = new Uint8Array(1024 * 1024).fill(0x78);

/** `parts` text parts of `megabytes` MB each (the 30 × 5 MB), streamed. */
export function hugeMultipart(parts = 30, megabytes = 5): HostileBody {
  const encoder = new TextEncoder();
  const perPart = megabytes + 1;
  return {
    label: `${parts} text parts of ${megabytes} MB`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: lazyStream(parts * perPart + 1, (index) => {
      if (index === parts * perPart) return encoder.encode(`--${BOUNDARY}--\r\n`);
      const part = Math.floor(index / perPart);
      const offset = index % perPart;
      if (offset === 0) return encoder.encode(`${part ? "\r\n" : ""}--${BOUNDARY}\r\nContent-Disposition: form-data; name="note${part}"\r\n\r\n`);
      return MEGABYTE;
    }),
  };
}

/** A url-encoded form of `megabytes` MB in one field, streamed. */
export function hugeForm(field: string, megabytes = 100): HostileBody {
  const head = new TextEncoder().encode(`${field}=`);
  return {
    label: `a ${megabytes} MB ${field}`,
    contentType: "application/x-www-form-urlencoded",
    body: lazyStream(megabytes + 1, (index) => (index === 0 ? head : MEGABYTE)),
  };
}

/** The Request carrying `body` to `url` with `headers`. */
export function requestWith(url: string, body: HostileBody, headers: Headers): Request {
  if (body.contentType) headers.set("Content-Type", body.contentType);
  const payload = typeof body.body === "function" ? body.body() : body.body;
  return new Request(url, { method: "POST", headers, body: payload, ...(typeof body.body === "function" ? { duplex: "half" } : {}) } as RequestInit);
}
