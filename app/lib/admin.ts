// The administration's client-safe rules and words (docs/product/admin.md#console): the bounds of the users
// list and the audit log, the fee-exemption range, and the messages the service refuses with. Defined once; the
// service (app/services/admin) and the admin pages both import them.
import type { Permission } from "./permissions.ts";
import { parseDecimal } from "./strict-numbers.ts";

/** Users on one page of /admin/users. */
export const ADMIN_USERS_PAGE_SIZE = 25;
/** The deepest page the users list serves (search narrows beyond that). */
export const ADMIN_USERS_MAX_PAGE = 400;
/** The longest search text the users list accepts. */
export const ADMIN_SEARCH_MAX_LENGTH = 100;

/** docs/product/admin.md#audit-log: the audit log shows the last 50 entries by default. */
export const AUDIT_LOG_DEFAULT_LIMIT = 50;
/** The most entries one read of the audit log returns. */
export const AUDIT_LOG_MAX_LIMIT = 100;
/** The most rows one CSV export of the audit log holds (the file's last line says when it was cut). */
export const AUDIT_LOG_CSV_MAX_ROWS = 10_000;
/** The longest action or actor filter the audit log accepts. */
export const AUDIT_LOG_FILTER_MAX_LENGTH = 100;

/** docs/product/admin.md#roles-and-permissions: fee exemption is a percentage from 0 to 100. */
export const FEE_EXEMPTION_MIN = 0;
export const FEE_EXEMPTION_MAX = 100;

/**
 * The fee-exemption field: a percentage from 0 to 100 with at most two decimals, read by the one strict parser
 * (`0x10`, `1e1` and `+5` are not percentages a person types). Empty means none (0); anything else is null,
 * which the form answers with its message.
 */
export function feeExemptionFromInput(value: unknown): number | null {
  if (typeof value !== "string" || value.trim() === "") return value === undefined || value === null || value === "" ? 0 : null;
  return parseDecimal(value, { decimals: 2, min: FEE_EXEMPTION_MIN, max: FEE_EXEMPTION_MAX });
}

/** What the audit log calls the acts the administration records. */
export const ADMIN_AUDIT_ACTIONS = {
  roleChange: "user.role_change",
  feeExemptionChange: "user.fee_exemption_change",
} as const;

export const ADMIN_MESSAGES = {
  // docs/product/admin.md#messages (successes and the error prefix of the users screen).
  roleUpdated: "User role updated successfully",
  updateFailed: (message: string) => `Error updating user role: ${message}`,
  loadFailed: (message: string) => `Error loading data: ${message}`,
  // docs/product/admin.md#console.
  noName: "No Name",
  // The rules of the role change, in Tradebench's words.
  forbidden: "You do not have permission to do this.",
  ownAccount: "You cannot change your own role or fee exemption; ask another administrator.",
  adminRolesOnlySuperAdmin: "Only a super administrator can grant or remove administrator roles, or change an administrator's account.",
  lastSuperAdmin: "There must always be at least one super administrator: promote another account first.",
  userNotFound: "User not found",
  feeExemptionRange: "Fee exemption must be a number from 0 to 100.",
  unknownRole: "Choose one of the roles listed.",
} as const;

/** Staff whose role holds any of these open the admin console (/admin); each page inside checks its own. */
export const ADMIN_CONSOLE_PERMISSIONS = [
  "can_manage_users",
  "can_manage_admins",
  "can_view_users",
  "can_moderate_listings",
  "can_manage_categories",
  "can_view_reports",
  "can_manage_promo_codes",
  "can_confirm_payments",
  "can_resolve_disputes",
  "can_answer_support",
] as const satisfies readonly Permission[];

/** Who reads /admin/users. */
export const ADMIN_USERS_READERS = ["can_view_users", "can_manage_users", "can_manage_admins"] as const satisfies readonly Permission[];
/** Who changes a member's role and fee exemption there, and reads the audit log. */
export const ADMIN_USERS_MANAGERS = ["can_manage_users", "can_manage_admins"] as const satisfies readonly Permission[];

/** Who reads the whole audit log (and exports it). */
export const AUDIT_LOG_READERS = ADMIN_USERS_MANAGERS;
/**
 * Who reads their own decisions there: content moderators without AUDIT_LOG_READERS open /admin/audit-log
 * and its CSV restricted to the entries they are the actor of, whatever the address asks for.
 */
export const AUDIT_LOG_OWN_DECISION_READERS = ["can_moderate_content"] as const satisfies readonly Permission[];

/**
 * The permissions of the pages the audit log links its subjects to: a link shows only to a viewer the page would let
 * in. Each mirrors that page's guard (admin.users_.$id, admin.orders, admin.categories, admin.promo-codes,
 * admin.roles, admin.exchange-rates, admin.bulk-imports).
 */
export const AUDIT_LINKED_PAGE_READERS = {
  users: ADMIN_USERS_READERS,
  orders: ["can_confirm_payments", "can_resolve_disputes", "can_answer_support"],
  categories: ["can_manage_categories"],
  promoCodes: ["can_manage_promo_codes"],
  roles: ADMIN_USERS_MANAGERS,
  exchangeRates: ["can_manage_billing"],
  bulkImports: ["can_manage_listings"],
} as const satisfies Record<string, readonly Permission[]>;
