// One page of several ordered index walks, merged: the listings of a category's items (and conditions) in price order,
// each item read from its own index in order and the heads merged (issue 17 §2; docs/decisions/0054). There can be
// hundreds of walks (84 items × 4 conditions), so the walk is built and compiled once, with a placeholder for each
// value that differs (db/query-templates.ts), and its SQL is repeated for every combination of values: building and
// compiling each walk with Kysely cost 25–55 ms of JavaScript at 336 walks (on a busy machine), several times what the
// database spends.
import { CompiledQuery, type Compilable, type Kysely } from "kysely";
import { engineOf } from "./dialect.ts";
import { compileTemplate, parametersOf } from "./query-templates.ts";
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
  const numbered = engineOf(db) === "postgres";
  const parameters: unknown[] = [];
  const placeholder = () => (numbered ? `$${parameters.length}` : "?");
  const parts = combinations.map((values, index) => {
    const first = parameters.length;
    parameters.push(...parametersOf(template, values));
    // PostgreSQL numbers its placeholders: this copy's start after the earlier copies'.
    const { sql } = template.compiled;
    const text = numbered ? sql.replace(/\$(\d+)/g, (_, n: string) => `$${first + Number(n)}`) : sql;
    return `select "w${index}"."id", "w${index}"."k" from (${text}) as "w${index}"`;
  });
  parameters.push(limit);
  const limitAt = placeholder();
  parameters.push(offset);
  const offsetAt = placeholder();
  const order = direction === "asc" ? "asc" : "desc";
  const union = parts.join(" union all ");
  const merged = `select "u"."id" from (${union}) as "u" order by "u"."k" ${order}, "u"."id" ${order} limit ${limitAt} offset ${offsetAt}`;
  const { rows } = await db.executeQuery<{ id: number | string }>(CompiledQuery.raw(merged, parameters));
  return rows.map((row) => Number(row.id));
}
