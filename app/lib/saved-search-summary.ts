// How a saved search reads on the Saved Searches tab: its name (else its words) and a line per filter.
// Pure and client-safe.
import { CONDITION_GROUP_LABELS, CONDITION_GROUPS, conditionLabel, type ConditionGroup } from "./conditions.ts";
import type { SavedSearchParams } from "./listing-filters.ts";
import { formatPrice, toCents } from "./money.ts";
import { isTestLevel, TEST_LEVEL_LABELS } from "./test-levels.ts";

/** The name the buyer gave, else the words searched for, else a neutral title. */
export function savedSearchTitle(name: string, params: SavedSearchParams): string {
  return name.trim() || params.keyword?.trim() || "Saved search";
}

function conditionsText(conditions: readonly string[]): string {
  const sorted = [...conditions].sort().join(",");
  const group = (Object.keys(CONDITION_GROUPS) as ConditionGroup[]).find(
    (key) => CONDITION_GROUPS[key].length > 1 && [...CONDITION_GROUPS[key]].sort().join(",") === sorted,
  );
  return group ? CONDITION_GROUP_LABELS[group] : conditions.map(conditionLabel).join(", ");
}

/** One "Label: value" entry per filter the search sets, in the order of the /listings filter form. */
export function savedSearchCriteria(params: SavedSearchParams): Array<{ label: string; value: string }> {
  const criteria: Array<{ label: string; value: string }> = [];
  if (params.keyword) criteria.push({ label: "Keywords", value: `“${params.keyword}”` });
  if (params.category) criteria.push({ label: "Category", value: params.categoryName || params.category });
  if (params.brand) criteria.push({ label: "Brand", value: params.brand });
  if (params.condition.length > 0) criteria.push({ label: "Condition", value: conditionsText(params.condition) });
  const min = params.minPrice !== null && params.minPrice !== undefined ? formatPrice(toCents(params.minPrice)) : null;
  const max = params.maxPrice !== null && params.maxPrice !== undefined ? formatPrice(toCents(params.maxPrice)) : null;
  if (min && max) criteria.push({ label: "Price", value: `${min} – ${max}` });
  else if (min) criteria.push({ label: "Price", value: `${min} or more` });
  else if (max) criteria.push({ label: "Price", value: `up to ${max}` });
  if (isTestLevel(params.testLevel)) criteria.push({ label: "Testing", value: TEST_LEVEL_LABELS[params.testLevel] });
  if (params.calibrated) criteria.push({ label: "Calibration", value: "Calibrated in the last 12 months" });
  return criteria;
}
