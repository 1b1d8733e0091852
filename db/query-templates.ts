// Queries of the hot pages built and compiled by Kysely once per database and shape, then run with the request's
// values. Building and compiling a query with Kysely (its builders, the operation tree, the compiler's visit) cost
// more CPU than SQLite running these small queries: ~0.1 ms each for the listing cards' query.
import type { CompiledQuery, Kysely } from "kysely";
import type { Database } from "./schema.ts";

export interface Template<Row> {
  compiled: CompiledQuery<Row>;
  /** Where each placeholder's value goes in the compiled parameters. */
  positions: number[];
}

/** Values no request ever has, so each is found exactly once among the compiled parameters. */
function placeholder(index: number, kind: "number" | "string"): number | string {
  return kind === "number" ? -7_340_033 - index : `\u0000placeholder ${index}\u0000`;
}

const templates = new WeakMap<Kysely<Database>, Map<string, Template<unknown> | null>>();
const TEMPLATES_PER_DATABASE = 64;

/**
 * The compiled query `build(db, placeholders)` makes, with `values` in the placeholders' places. `shape` names
 * everything else that changes the SQL (a limit, how many ids). `kinds` says whether each value is a number or a
 * string. When a placeholder does not appear exactly once among the parameters (a builder that copies or transforms
 * it), the query is built for each call as before.
 */
export function fromTemplate<Row>(
  db: Kysely<Database>,
  shape: string,
  kinds: readonly ("number" | "string")[],
  values: readonly unknown[],
  build: (db: Kysely<Database>, placeholders: readonly (number | string)[]) => { compile(): CompiledQuery<Row> },
): CompiledQuery<Row> {
  let byShape = templates.get(db);
  if (!byShape) {
    byShape = new Map();
    templates.set(db, byShape);
  }
  let template = byShape.get(shape) as Template<Row> | null | undefined;
  if (template === undefined) {
    template = compileTemplate(kinds, (placeholders) => build(db, placeholders));
    if (byShape.size < TEMPLATES_PER_DATABASE) byShape.set(shape, template);
  }
  if (template === null) return build(db, values as (number | string)[]).compile();
  return { ...template.compiled, parameters: parametersOf(template, values) };
}

/**
 * The query `build` makes, compiled once with a placeholder for each value (`kinds`: number or string), and where each
 * placeholder landed among its parameters; null when one does not appear exactly once (a builder that copies or
 * transforms it).
 */
export function compileTemplate<Row>(
  kinds: readonly ("number" | "string")[],
  build: (placeholders: readonly (number | string)[]) => { compile(): CompiledQuery<Row> },
): Template<Row> | null {
  const placeholders = kinds.map((kind, index) => placeholder(index, kind));
  const compiled = build(placeholders).compile();
  const positions = placeholders.map((value) => {
    const at = compiled.parameters.indexOf(value);
    return at !== -1 && compiled.parameters.lastIndexOf(value) === at ? at : -1;
  });
  return positions.includes(-1) ? null : { compiled, positions };
}

/** A template's parameters with `values` in the placeholders' places. */
export function parametersOf(template: Template<unknown>, values: readonly unknown[]): unknown[] {
  const parameters = template.compiled.parameters.slice();
  template.positions.forEach((position, index) => (parameters[position] = values[index]));
  return parameters;
}
