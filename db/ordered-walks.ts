// One page of several ordered index walks, merged: the listings of a category's items (and conditions) in price order,
// each item read from its own index in order and the heads merged (docs/decisions/0054). There can be
// hundreds of walks (84 items × 4 conditions), so the walk is built and compiled once, with a placeholder for each
// value that differs (db/query-templates.ts). On SQLite its SQL is repeated for every combination of values (a union);
// building and compiling each walk with Kysely cost 25–55 ms of JavaScript at 336 walks (on a busy machine), several
// times what the database spends. On PostgreSQL the walk is joined laterally to the combinations (decision 0058).
import { CompiledQuery, type Compilable, type Kysely } from "kysely";
import { engineOf } from "./dialect.ts";
import { compileTemplate, parametersOf, type Template } from "./query-templates.ts";
import type { Database } from "./schema.ts";

/** A walk: ids with their sort key `k`, in the page's order, limited to the entries a page can need. */
export type OrderedWalk = (values: readonly string[]) => Compilable<{ id: number; k: unknown }>;

/**
 * The ids of the page at `offset` (`limit` of them) among the walks for every combination of values, by `k` then id
 * in `direction`. Each combination has one value for each of the walk's values, which each appear once in it.
 */
export async function pageOfOrderedWalks(
  db: Kysely<Database>,
  walk: OrderedWalk,
  combinations: ReadonlyArray<readonly string[]>,
  { direction, limit, offset }: { direction: "asc" | "desc"; limit: number; offset: number },
): Promise<number[]> {
  if (combinations.length === 0) return [];
  const template = compileTemplate(
    combinations[0]!.map(() => "string" as const),
    (placeholders) => walk(placeholders as string[]),
  );
  if (!template) throw new Error("pageOfOrderedWalks: each value must appear once in the walk");
  const order = direction === "asc" ? "asc" : "desc";
  if (engineOf(db) === "postgres") return pageOfLateralWalks(db, template, combinations, { order, limit, offset });
  const parameters: unknown[] = [];
  const parts = combinations.map((values, index) => {
    parameters.push(...parametersOf(template, values));
    return `select "w${index}"."id", "w${index}"."k" from (${template.compiled.sql}) as "w${index}"`;
  });
  parameters.push(limit, offset);
  const union = parts.join(" union all ");
  const merged = `select "u"."id" from (${union}) as "u" order by "u"."k" ${order}, "u"."id" ${order} limit ? offset ?`;
  const { rows } = await db.executeQuery<{ id: number | string }>(CompiledQuery.raw(merged, parameters));
  return rows.map((row) => Number(row.id));
}

/**
 * PostgreSQL: the walk once, joined laterally to the combinations (one array of values per position, unnested into
 * rows), instead of a union of copies. PostgreSQL plans every part of a union on its own: 336 walks took ~150 ms to
 * plan for a few milliseconds of reading. The walk's placeholders for the values become the combination's columns;
 * its other parameters are numbered after the arrays.
 */
async function pageOfLateralWalks(
  db: Kysely<Database>,
  template: Template<unknown>,
  combinations: ReadonlyArray<readonly string[]>,
  { order, limit, offset }: { order: "asc" | "desc"; limit: number; offset: number },
): Promise<number[]> {
  const width = combinations[0]!.length;
  const parameters: unknown[] = Array.from({ length: width }, (_, at) => combinations.map((values) => values[at]));
  const columnAt = new Map(template.positions.map((position, at) => [position, at]));
  const renumbered = new Map<number, number>();
  const walk = template.compiled.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const position = Number(n) - 1;
    const column = columnAt.get(position);
    if (column !== undefined) return `"v"."c${column}"`;
    let at = renumbered.get(position);
    if (at === undefined) {
      at = parameters.push(template.compiled.parameters[position]);
      renumbered.set(position, at);
    }
    return `$${at}`;
  });
  const arrays = Array.from({ length: width }, (_, at) => `$${at + 1}::text[]`).join(", ");
  const columns = Array.from({ length: width }, (_, at) => `"c${at}"`).join(", ");
  parameters.push(limit, offset);
  const merged =
    `select "w"."id" from unnest(${arrays}) as "v"(${columns}) cross join lateral (${walk}) as "w" ` +
    `order by "w"."k" ${order}, "w"."id" ${order} limit $${parameters.length - 1} offset $${parameters.length}`;
  const { rows } = await db.executeQuery<{ id: number | string }>(CompiledQuery.raw(merged, parameters));
  return rows.map((row) => Number(row.id));
}
