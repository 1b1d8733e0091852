// The names of what a role may do (docs/product/admin.md#roles-and-permissions ROLE_PERMISSIONS), defined once. Which role holds which is data:
// the role_permissions table, seeded by migrations/2026-11-25T1600-role-permissions.ts and read by requirePermission
// (app/web/auth.server.ts) on every guarded request. Client-safe, so the header can hide links it would refuse;
// hiding is courtesy, the loader and the action decide (docs/decisions/0025-refusals-and-permissions.md).

export const PERMISSIONS = [
  // docs/product/admin.md#roles-and-permissions: the role service's flags.
  "can_manage_users",
  "can_manage_admins",
  "can_manage_listings",
  "can_manage_categories",
  "can_view_reports",
  "can_view_users",
  "can_manage_promo_codes",
  "can_manage_billing",
  "can_resolve_disputes",
  "can_moderate_content",
  "can_create_listings",
  "can_create_auctions",
  "can_bid",
  // What the admin pages need besides.
  "can_moderate_listings",
  "can_confirm_payments",
  "can_answer_support",
  "can_edit_content",
  // Checks that were role names before (docs/decisions/0080-capabilities-are-permissions.md).
  "can_waive_bulk_fees",
  "can_skip_import_review",
  "can_view_any_listing_analytics",
  "can_view_private_profiles",
  "can_skip_report_hiding",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}
