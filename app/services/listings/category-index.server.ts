// The category taxonomy, held in memory: categories are synced at start and never change while serving. A category
// filter covers the category and every category under it (its scope).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { listCategoryTree, type CategoryNode } from "./category.server.ts";

export interface CategoryEntry {
  node: CategoryNode;
  /** Main category first, down to (not including) the node. */
  ancestors: CategoryNode[];
  /** The node's id and every id under it: what a filter on it covers. */
  scope: string[];
}

export interface CategoryIndex {
  tree: CategoryNode[];
  /** A category by id or slug. */
  find(idOrSlug: string): CategoryEntry | undefined;
}

function buildCategoryIndex(tree: CategoryNode[]): CategoryIndex {
  const entries = new Map<string, CategoryEntry>();
  const visit = (node: CategoryNode, ancestors: CategoryNode[]): string[] => {
    const scope = [node.id];
    for (const child of node.children) scope.push(...visit(child, [...ancestors, node]));
    const entry = { node, ancestors, scope };
    entries.set(node.id, entry);
    if (!entries.has(node.slug)) entries.set(node.slug, entry);
    return scope;
  };
  for (const root of tree) visit(root, []);
  return { tree, find: (idOrSlug) => entries.get(idOrSlug) };
}

const categoryIndexes = new WeakMap<Kysely<Database>, Promise<CategoryIndex>>();

/** The category tree and lookups for one database, read once. */
export function getCategoryIndex(db: Kysely<Database>): Promise<CategoryIndex> {
  let pending = categoryIndexes.get(db);
  if (!pending) {
    pending = listCategoryTree(db).then(buildCategoryIndex);
    pending.catch(() => categoryIndexes.delete(db));
    categoryIndexes.set(db, pending);
  }
  return pending;
}

/** Drops the cached taxonomy (for code that changes categories while serving). */
export function forgetCategoryIndex(db: Kysely<Database>): void {
  categoryIndexes.delete(db);
}
