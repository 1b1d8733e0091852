// The id rule of the category taxonomy (app/reference/taxonomy.ts), and the check that every model of the equipment
// catalogue (app/reference/equipment-models.ts) names an item the taxonomy has.
import { type CatalogModel, type CatalogSubcategory, EQUIPMENT_CATALOG } from "../reference/equipment-models.ts";
import { CATEGORY_TAXONOMY } from "../reference/taxonomy.ts";

/**
 * Derives an item id. Spec rule: "Item ids are main_sub_item in lowercase with
 * underscores". Exact rule implemented here:
 *
 *   itemSlug(main, sub, item) = [main.slug, sub.slug, item].join("_"),
 *   lower-cased, with every run of characters other than a-z and 0-9 replaced
 *   by a single underscore, and leading/trailing underscores trimmed.
 *
 * Example:
 *   itemSlug("industrial_electronics", "test_measurement", "Oscilloscopes")
 *     === "industrial_electronics_test_measurement_oscilloscopes"
 */
export function itemSlug(mainSlug: string, subSlug: string, itemName: string): string {
  return [mainSlug, subSlug, itemName]
    .join("_")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** The taxonomy item id of a model in a subcategory. */
export function catalogCategoryId(subcategory: CatalogSubcategory, model: CatalogModel): string {
  return itemSlug(subcategory.main, subcategory.sub, model.item);
}

/** Every catalog item exists in the taxonomy (checked by the seed before it writes anything). */
export function catalogProblems(): string[] {
  const items = new Set<string>();
  for (const main of CATEGORY_TAXONOMY) {
    for (const sub of main.subcategories) {
      for (const item of sub.items) items.add(itemSlug(main.slug, sub.slug, item));
    }
  }
  const problems: string[] = [];
  for (const subcategory of EQUIPMENT_CATALOG) {
    for (const model of subcategory.models) {
      const id = catalogCategoryId(subcategory, model);
      if (!items.has(id)) problems.push(`${model.brand} ${model.model}: no taxonomy item ${id}`);
    }
  }
  return problems;
}
