// /admin/categories: the three-level taxonomy with listing counts; staff holding can_manage_categories
// rename a category, hide or show one, add an item under a subcategory, and delete only an item they added that no
// listing uses. The taxonomy itself stays in code (app/reference/taxonomy.ts, synced into `categories` at every start,
// which never deletes a row); staff's changes live in category_overrides (an overlay: a new name, hidden, added), so a
// restart never undoes them. Every change is an audit_events row with the old and new values.
// Listing counts come from listing_counts_by_category (kept by triggers, admin dashboard): no scan of the listings.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { CATEGORY_NAME_MAX } from "~/lib/moderation.ts";
import type { Role } from "~/lib/roles.ts";
import { itemSlug } from "~/lib/category-ids.ts";
import { permissionsOfRole } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { forgetCategoryIndex } from "../listings/index.server.ts";
import { recordAuditEvent } from "../platform/index.server.ts";

export const CATEGORY_MESSAGES = {
  forbidden: "Only category managers can change categories.",
  notFound: "Category not found",
  nameRequired: "Enter a name.",
  nameTooLong: `Keep the name under ${CATEGORY_NAME_MAX} characters.`,
  parentNotSubcategory: "Items are added under a subcategory.",
  duplicate: "That subcategory already has an item of that name.",
  inUse: "This category has listings and cannot be deleted; hide it instead.",
  notAdded: "Only items added here can be deleted; hide a category of the taxonomy instead.",
  renamed: "Category renamed.",
  hidden: "Category hidden: it is no longer offered for new listings.",
  shown: "Category shown again.",
  added: "Item added.",
  deleted: "Item deleted.",
} as const;

export interface AdminCategoryNode {
  id: string;
  /** The name shown: staff's name if they gave one, else the taxonomy's. */
  name: string;
  /** The taxonomy's own name (differs from `name` when renamed). */
  originalName: string;
  level: number;
  hidden: boolean;
  added: boolean;
  /** Listings in it and everything under it, any status. */
  listings: number;
  children: AdminCategoryNode[];
}

/** The longest search /admin/categories takes. */
const CATEGORY_SEARCH_MAX_LENGTH = 100;

/**
 * The part of `tree` a search for `text` shows (case-insensitive, anywhere in the name shown or the taxonomy's own
 * name): a category that matches, with everything under it, and the categories above it (only their branches that
 * lead to a match). Empty text: the whole tree.
 */
function categoriesMatching(tree: readonly AdminCategoryNode[], text: string): AdminCategoryNode[] {
  const needle = text.trim().toLowerCase();
  if (needle === "") return [...tree];
  const visit = (node: AdminCategoryNode): AdminCategoryNode | null => {
    if (node.name.toLowerCase().includes(needle) || node.originalName.toLowerCase().includes(needle)) return node;
    const children = node.children.map(visit).filter((child): child is AdminCategoryNode => child !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return tree.map(visit).filter((node): node is AdminCategoryNode => node !== null);
}

/**
 * The whole taxonomy with staff's overlay and listing counts, or (with `search`) the part of it whose names match and
 * their parents (categoriesMatching; counts stay those of the whole category).
 */
export async function listCategoriesForAdmin(db: Kysely<Database>, { search = "" }: { search?: string } = {}): Promise<AdminCategoryNode[]> {
  if (search.trim().length > CATEGORY_SEARCH_MAX_LENGTH) {
    throw new DomainError("too_large", `Search for at most ${CATEGORY_SEARCH_MAX_LENGTH} characters.`, { field: "q" });
  }
  const [rows, overrides, counts] = await Promise.all([
    db.selectFrom("categories").select(["id", "name", "level", "parent_id", "position"]).orderBy("level").orderBy("position").orderBy("id").execute(),
    db.selectFrom("category_overrides").select(["category_id", "name", "hidden", "added"]).execute(),
    db
      .selectFrom("listing_counts_by_category")
      .select((eb) => ["category_id", eb.fn.sum<number | string>("listings").as("n")])
      .groupBy("category_id")
      .execute(),
  ]);
  const overlay = new Map(overrides.map((row) => [row.category_id, row]));
  const direct = new Map(counts.map((row) => [row.category_id, Number(row.n ?? 0)]));
  const nodes = new Map<string, AdminCategoryNode>();
  const roots: AdminCategoryNode[] = [];
  for (const row of rows) {
    const over = overlay.get(row.id);
    const node: AdminCategoryNode = {
      id: row.id,
      name: over?.name ?? row.name,
      originalName: row.name,
      level: row.level,
      hidden: over?.hidden === 1,
      added: over?.added === 1,
      listings: direct.get(row.id) ?? 0,
      children: [],
    };
    nodes.set(row.id, node);
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const total = (node: AdminCategoryNode): number => {
    node.listings += node.children.reduce((sum, child) => sum + total(child), 0);
    return node.listings;
  };
  roots.forEach(total);
  return categoriesMatching(roots, search);
}

async function assertCategoryManager(trx: Kysely<Database>, actorUserId: string): Promise<void> {
  const actor = await trx.selectFrom("profiles").select("role").where("id", "=", actorUserId).executeTakeFirst();
  if (!actor || !(await permissionsOfRole(trx, actor.role as Role)).has("can_manage_categories"))
    throw new DomainError("forbidden", CATEGORY_MESSAGES.forbidden);
}

function cleanName(name: string): string {
  const clean = name.replace(/\s+/g, " ").trim();
  if (!clean) throw new DomainError("invalid", CATEGORY_MESSAGES.nameRequired, { field: "name" });
  if (clean.length > CATEGORY_NAME_MAX) throw new DomainError("invalid", CATEGORY_MESSAGES.nameTooLong, { field: "name" });
  return clean;
}

async function findCategoryRow(trx: Kysely<Database>, id: string) {
  const row = await trx
    .selectFrom("categories as c")
    .leftJoin("category_overrides as o", "o.category_id", "c.id")
    .select(["c.id", "c.name", "c.level", "c.parent_id", "o.name as override_name", "o.hidden", "o.added"])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new DomainError("not_found", CATEGORY_MESSAGES.notFound);
  return row;
}

export type CategoryChange =
  | { action: "rename"; categoryId: string; name: string }
  | { action: "hide" | "show"; categoryId: string }
  | { action: "add"; parentId: string; name: string }
  | { action: "delete"; categoryId: string };

/** One staff change to the taxonomy, audited (category.rename / hide / show / add / delete). Returns the message to show. */
export async function changeCategory(db: Kysely<Database>, actorUserId: string, change: CategoryChange, now = new Date()): Promise<string> {
  const stamp = now.toISOString();
  const message = await inWriteTransaction(db, async (trx) => {
    await assertCategoryManager(trx, actorUserId);
    const audit = (action: "add" | "rename" | "hide" | "show" | "delete", subjectId: string, detail: object) =>
      recordAuditEvent(trx, { actorUserId, action: `category.${action}`, subjectType: "category", subjectId, detail: JSON.stringify(detail) }, now);
    switch (change.action) {
      case "rename": {
        const name = cleanName(change.name);
        const row = await findCategoryRow(trx, change.categoryId);
        const before = row.override_name ?? row.name;
        if (before === name) return CATEGORY_MESSAGES.renamed;
        await trx
          .insertInto("category_overrides")
          .values({ category_id: row.id, name, updated_by: actorUserId, updated_at: stamp })
          .onConflict((oc) => oc.column("category_id").doUpdateSet({ name, updated_by: actorUserId, updated_at: stamp }))
          .execute();
        await audit("rename", row.id, { old: { name: before }, new: { name } });
        return CATEGORY_MESSAGES.renamed;
      }
      case "hide":
      case "show": {
        const row = await findCategoryRow(trx, change.categoryId);
        const hidden = change.action === "hide" ? 1 : 0;
        if ((row.hidden ?? 0) === hidden) return hidden ? CATEGORY_MESSAGES.hidden : CATEGORY_MESSAGES.shown;
        await trx
          .insertInto("category_overrides")
          .values({ category_id: row.id, hidden, updated_by: actorUserId, updated_at: stamp })
          .onConflict((oc) => oc.column("category_id").doUpdateSet({ hidden, updated_by: actorUserId, updated_at: stamp }))
          .execute();
        await audit(change.action, row.id, { old: { hidden: row.hidden === 1 }, new: { hidden: hidden === 1 } });
        return hidden ? CATEGORY_MESSAGES.hidden : CATEGORY_MESSAGES.shown;
      }
      case "add": {
        const name = cleanName(change.name);
        const parent = await findCategoryRow(trx, change.parentId);
        if (parent.level !== 2 || !parent.parent_id) throw new DomainError("invalid", CATEGORY_MESSAGES.parentNotSubcategory, { field: "parentId" });
        const id = itemSlug(parent.parent_id, parent.id, name);
        if (!id) throw new DomainError("invalid", CATEGORY_MESSAGES.nameRequired, { field: "name" });
        const exists = await trx
          .selectFrom("categories")
          .select("id")
          .where((eb) => eb.or([eb("id", "=", id), eb("slug", "=", id)]))
          .executeTakeFirst();
        if (exists) throw new DomainError("conflict", CATEGORY_MESSAGES.duplicate, { field: "name" });
        const last = await trx
          .selectFrom("categories")
          .select((eb) => eb.fn.max<number | null>("position").as("p"))
          .where("parent_id", "=", parent.id)
          .executeTakeFirst();
        await trx
          .insertInto("categories")
          .values({ id, name, slug: id, level: 3, parent_id: parent.id, position: Number(last?.p ?? -1) + 1 })
          .execute();
        await trx.insertInto("category_overrides").values({ category_id: id, added: 1, updated_by: actorUserId, updated_at: stamp }).execute();
        await audit("add", id, { old: null, new: { name, parent: parent.id } });
        return CATEGORY_MESSAGES.added;
      }
      case "delete": {
        const row = await findCategoryRow(trx, change.categoryId);
        if (row.added !== 1) throw new DomainError("conflict", CATEGORY_MESSAGES.notAdded);
        const used = await trx.selectFrom("equipment_listings").select("id").where("category_id", "=", row.id).limit(1).executeTakeFirst();
        if (used) throw new DomainError("conflict", CATEGORY_MESSAGES.inUse);
        await trx.deleteFrom("category_overrides").where("category_id", "=", row.id).execute();
        await trx.deleteFrom("categories").where("id", "=", row.id).execute();
        await audit("delete", row.id, { old: { name: row.override_name ?? row.name }, new: null });
        return CATEGORY_MESSAGES.deleted;
      }
    }
  });
  // The search's taxonomy is held in memory per process: this process reads it again.
  forgetCategoryIndex(db);
  return message;
}
