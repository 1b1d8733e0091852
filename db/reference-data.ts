// Reference data every database holds, synced at each start: the category taxonomy. (Role permissions are rows an
// administrator may change, seeded once by their migration and never rewritten at start: docs/decisions/0025.)
import type { Kysely } from "kysely";
import type { Database, CategoriesTable } from "./schema.ts";
import { CATEGORY_TAXONOMY, itemSlug } from "../app/lib/taxonomy.ts";

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

export async function syncReferenceData(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of taxonomyRows()) {
      await trx
        .insertInto("categories")
        .values(row)
        .onConflict((oc) =>
          oc.column("id").doUpdateSet({ name: row.name, parent_id: row.parent_id, position: row.position, level: row.level }),
        )
        .execute();
    }
  });
}
