// The category taxonomy as stored: main category → subcategory → item.
import type { Kysely } from "kysely";
import type { Category, Database } from "#db/schema.ts";

export interface CategoryNode {
  id: string;
  name: string;
  slug: string;
  /** Hidden by staff on /admin/categories: not offered for new listings (still found and filtered by). */
  hidden?: boolean;
  children: CategoryNode[];
}

/** The stored taxonomy with the names staff gave categories on /admin/categories (category_overrides). */
export async function listCategoryTree(db: Kysely<Database>): Promise<CategoryNode[]> {
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("category_overrides as o", "o.category_id", "c.id")
    .select((eb) => ["c.id", eb.fn.coalesce("o.name", "c.name").as("name"), "c.slug", "c.level", "c.parent_id", "c.position", "o.hidden"])
    .orderBy("c.level")
    .orderBy("c.position")
    .execute();
  const nodes = new Map<string, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node: CategoryNode = { id: row.id, name: row.name, slug: row.slug, children: [] };
    if (row.hidden === 1) node.hidden = true;
    nodes.set(row.id, node);
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The category ids a filter on `idOrSlug` covers: the category itself and everything under it
 * (a subcategory includes its items, a main category its subcategories and their items).
 * Empty when the category does not exist.
 */
export async function categoryScope(db: Kysely<Database>, idOrSlug: string): Promise<string[]> {
  const root = await db
    .selectFrom("categories")
    .select("id")
    .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
    .executeTakeFirst();
  if (!root) return [];
  const children = await db.selectFrom("categories").select("id").where("parent_id", "=", root.id).execute();
  const childIds = children.map((c) => c.id);
  const grandchildren = childIds.length ? await db.selectFrom("categories").select("id").where("parent_id", "in", childIds).execute() : [];
  return [root.id, ...childIds, ...grandchildren.map((c) => c.id)];
}

/** One category by id or slug, with its parent chain for breadcrumbs and titles. */
export async function findCategory(db: Kysely<Database>, idOrSlug: string): Promise<Category | undefined> {
  return db
    .selectFrom("categories")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
    .executeTakeFirst();
}
