// Every list a form schema takes has a cap of its own ("one list is unbounded"). parseForm reads each
// list's cap from its schema's `.max()` (the limits tables beside the schemas: LISTING_LIMITS, …) and refuses an index
// or a repeat past it with a 400 and a message before any array is built; a list without one fell back to 100. This
// walks every schema app/schemas exports, so a new list without its cap fails here rather than in production.
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";

const schemaModules = import.meta.glob<Record<string, unknown>>("/app/schemas/*.ts", { eager: true });

/** Not a form's fields: the AI reader's list of the files it received, bounded by the multipart reader's maxFiles. */
const NOT_FORM_FIELDS = new Set(["ai-listing-request.ts:AiPhotosSchema"]);

function listsWithoutCap(type: ZodTypeAny, path: string, found: string[], seen = new Set<unknown>()): void {
  if (seen.has(type)) return;
  seen.add(type);
  const def = type._def as { typeName?: string } & Record<string, unknown>;
  const walk = (inner: unknown, at = path) => listsWithoutCap(inner as ZodTypeAny, at, found, seen);
  switch (def.typeName) {
    case "ZodArray":
      if (!def.maxLength && !def.exactLength) found.push(`${path}[]`);
      return walk(def.type, `${path}[]`);
    case "ZodSet":
      if (!def.maxSize) found.push(`${path}{}`);
      return walk(def.valueType, `${path}{}`);
    case "ZodObject":
      for (const [key, value] of Object.entries((type as unknown as { shape: Record<string, unknown> }).shape)) walk(value, `${path}.${key}`);
      return;
    case "ZodEffects":
      return walk(def.schema);
    case "ZodPipeline":
      walk(def.in);
      return walk(def.out);
    case "ZodLazy":
      return walk((def.getter as () => unknown)());
    case "ZodIntersection":
      walk(def.left);
      return walk(def.right);
    case "ZodUnion":
    case "ZodDiscriminatedUnion":
      for (const option of optionsOf(def.options)) walk(option);
      return;
    default:
      if (def.innerType) walk(def.innerType);
  }
}

describe("form lists", () => {
  it("finds the schemas", () => {
    expect(Object.keys(schemaModules).length).toBeGreaterThan(10);
  });

  it("each have a cap of their own in every schema app/schemas exports", () => {
    const found: string[] = [];
    for (const [file, module] of Object.entries(schemaModules)) {
      for (const [name, value] of Object.entries(module)) {
        const label = `${file.split("/").pop()}:${name}`;
        if (NOT_FORM_FIELDS.has(label) || !value || typeof value !== "object" || !("_def" in value)) continue;
        listsWithoutCap(value as ZodTypeAny, label, found);
      }
    }
    expect(found).toEqual([]);
  });
});

/** A union's options: an array, or (discriminated) a map of them. */
function optionsOf(options: unknown): Iterable<unknown> {
  return options instanceof Map ? options.values() : (options as Iterable<unknown>);
}
