// Reference data every database holds, synced at each start: the category taxonomy. (Role permissions are rows an
// administrator may change, seeded once by their migration and never rewritten at start: docs/decisions/0025.)
import type { Kysely } from "kysely";
import type { Database, CategoriesTable } from "./schema.ts";
import { itemSlug } from "../app/lib/category-ids.ts";
import { CATEGORY_TAXONOMY } from "../app/reference/taxonomy.ts";

export function taxonomyRows(): CategoriesTable[] {
  const rows: CategoriesTable[] = [];
  CATEGORY_TAXONOMY.forEach((main, mainIndex) => {
    rows.push({ id: main.slug, name: main.name, slug: main.slug, level: 1, parent_id: null, position: mainIndex });
    main.subcategories.forEach((sub, subIndex) => {
      rows.push({ id: sub.slug, name: sub.name, slug: sub.slug, level: 2, parent_id: main.slug, position: subIndex });
      sub.items.forEach((item, itemIndex) => {
        const id = itemSlug(main.slug, sub.slug, item);
        rows.push({ id, name: item, slug: id, level: 3, parent_id: sub.slug, position: itemIndex });
      });
    });
  });
  return rows;
}

/** The columns a start keeps in step with the code's taxonomy (a row's slug is its id and never changes). */
const SYNCED = ["name", "parent_id", "position", "level"] as const;

/**
 * Writes the taxonomy rows the database lacks or holds differently. A start with an unchanged taxonomy reads the
 * table once and writes nothing (one upsert per row was ~300 round trips, ~100 ms of every start on PostgreSQL).
 */
export async function syncReferenceData(db: Kysely<Database>): Promise<void> {
  const present = new Map(
    (
      await db
        .selectFrom("categories")
        .select(["id", ...SYNCED])
        .execute()
    ).map((row) => [row.id, row]),
  );
  const changed = taxonomyRows().filter((row) => {
    const held = present.get(row.id);
    return !held || SYNCED.some((column) => (held[column] === null ? null : String(held[column])) !== (row[column] === null ? null : String(row[column])));
  });
  if (changed.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const row of changed) {
      await trx
        .insertInto("categories")
        .values(row)
        .onConflict((oc) => oc.column("id").doUpdateSet({ name: row.name, parent_id: row.parent_id, position: row.position, level: row.level }))
        .execute();
    }
  });
}
