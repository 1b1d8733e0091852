// The category taxonomy as stored: main category → subcategory → item.
import type { Kysely } from "kysely";
import type { Category, Database } from "#db/schema.ts";

export interface CategoryNode {
  id: string;
  name: string;
  slug: string;
  children: CategoryNode[];
}

export async function listCategoryTree(db: Kysely<Database>): Promise<CategoryNode[]> {
  const rows = await db.selectFrom("categories").selectAll().orderBy("level").orderBy("position").execute();
  const nodes = new Map<string, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows as Category[]) {
    const node: CategoryNode = { id: row.id, name: row.name, slug: row.slug, children: [] };
    nodes.set(row.id, node);
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
