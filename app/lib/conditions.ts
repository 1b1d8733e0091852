// The one condition list. The create form's ten values are canonical; every other list in the specs
// (the listings filter's coarse groups, the wizard's used_poor, the bulk import's like_new…) maps onto them here.

export const CONDITIONS = [
  "new",
  "open_box",
  "used_excellent",
  "used_very_good",
  "used_good",
  "used_fair",
  "for_repair",
  "incomplete",
  "parts_only",
  "as_is",
] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_LABELS: Record<Condition, string> = {
  new: "New",
  open_box: "Open Box",
  used_excellent: "Used - Excellent",
  used_very_good: "Used - Very Good",
  used_good: "Used - Good",
  used_fair: "Used - Fair",
  for_repair: "For Repair",
  incomplete: "Incomplete",
  parts_only: "Parts Only",
  as_is: "As-Is",
};

/** The listings filter's coarse values, each standing for a set of canonical conditions. */
export const CONDITION_GROUPS = {
  new: ["new"],
  open_box: ["open_box"],
  excellent: ["used_excellent"],
  good: ["used_very_good", "used_good"],
  fair: ["used_fair"],
  poor: ["for_repair", "incomplete", "parts_only", "as_is"],
} as const satisfies Record<string, readonly Condition[]>;
export type ConditionGroup = keyof typeof CONDITION_GROUPS;

export const CONDITION_GROUP_LABELS: Record<ConditionGroup, string> = {
  new: "New",
  open_box: "Open Box",
  excellent: "Excellent",
  good: "Good",
  fair: "Fair",
  poor: "Poor",
};

/** Values of other lists (AI wizard, bulk import, coarse filter) and the single canonical value each becomes. */
const CONDITION_ALIASES: Record<string, Condition> = {
  like_new: "used_excellent",
  excellent: "used_excellent",
  very_good: "used_very_good",
  good: "used_good",
  fair: "used_fair",
  poor: "as_is",
  used_poor: "as_is",
  for_parts: "parts_only",
  refurbished: "used_excellent",
  // eBay's item conditions (a seller's export from eBay maps as it is).
  used: "used_good",
  pre_owned: "used_good",
  brand_new: "new",
  new_with_box: "new",
  new_with_tags: "new",
  new_other: "open_box",
  new_without_box: "open_box",
  new_with_defects: "open_box",
  certified_refurbished: "used_excellent",
  excellent_refurbished: "used_excellent",
  very_good_refurbished: "used_very_good",
  good_refurbished: "used_good",
  seller_refurbished: "used_good",
  manufacturer_refurbished: "used_excellent",
  for_parts_or_not_working: "parts_only",
};

export function isCondition(value: unknown): value is Condition {
  return typeof value === "string" && (CONDITIONS as readonly string[]).includes(value);
}

function isConditionGroup(value: string): value is ConditionGroup {
  return Object.prototype.hasOwnProperty.call(CONDITION_GROUPS, value);
}

/** The canonical condition for a value from any list ("Used Good", "used-good" and "good" all work), or undefined. */
export function toCanonicalCondition(value: string): Condition | undefined {
  const key = value
    .replace(/\([^)]*\)/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (isCondition(key)) return key;
  return CONDITION_ALIASES[key];
}

/** What a filter value matches: a canonical value matches itself, a coarse group its members. */
export function conditionsForFilter(value: string): Condition[] | undefined {
  if (isCondition(value)) return [value];
  if (isConditionGroup(value)) return [...CONDITION_GROUPS[value]];
  const canonical = toCanonicalCondition(value);
  return canonical ? [canonical] : undefined;
}

/** The readable label of a stored condition; unknown values are shown as they are. */
export function conditionLabel(value: string): string {
  return isCondition(value) ? CONDITION_LABELS[value] : value;
}

/** Select options in the canonical order. */
export const CONDITION_OPTIONS = CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }));
