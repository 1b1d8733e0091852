// The administration of one member and of the roles: suspension, the member's page, and the
// role permission editor. Client-safe words and bounds, defined once for the admin service and pages.
import type { Permission } from "./permissions.ts";

/** What the audit log calls these acts. */
export const MEMBER_AUDIT_ACTIONS = {
  suspend: "user.suspend",
  reinstate: "user.reinstate",
  restoreAuctions: "user.restore_cancelled_auctions",
  rolePermissionsChange: "role.permissions_change",
} as const;

/** The longest suspension reason kept. */
export const SUSPENSION_REASON_MAX_LENGTH = 500;
/** Rows of each list on a member's page (listings, orders, sign-ins). */
export const MEMBER_PAGE_LIST_SIZE = 20;

/** The most auctions a suspension's restore offer lists (and one restore takes). */
export const RESTORE_LIST_MAX = 100;
/** A restored auction's new end, if staff set one: this many days from now. */
export const RESTORE_END_DAYS = { min: 1, max: 30 } as const;

/** Where each auction a suspension cancelled stands, as the restore offer shows it. */
export const RESTORE_STATES = {
  restorable: "Can be restored",
  restored: "Restored",
  ended: "Cannot be restored: ended (the seller can relist it)",
  had_bids: "Cannot be restored: it had bids (its bidders were told their bids no longer count)",
  listing_changed: "Cannot be restored: the listing was relisted or changed since",
} as const;
export type RestoreState = keyof typeof RESTORE_STATES;

/** Who suspends and reinstates members (and, for administrators, only can_manage_admins). */
export const MEMBER_SUSPENDERS = ["can_manage_users", "can_manage_admins"] as const satisfies readonly Permission[];
/** Who edits what a role may do. */
export const ROLE_EDITORS = ["can_manage_admins"] as const satisfies readonly Permission[];

export const MEMBER_MESSAGES = {
  suspended: "The account is suspended: the member was signed out everywhere.",
  reinstated: "The account is reinstated: the member can sign in again.",
  alreadySuspended: "This account is already suspended.",
  notSuspended: "This account is not suspended.",
  ownAccount: "You cannot suspend your own account.",
  adminOnlySuperAdmin: "Only a super administrator can suspend or reinstate an administrator.",
  reasonTooLong: `Keep the reason under ${SUSPENSION_REASON_MAX_LENGTH} characters.`,
  auctionsCancelled: (count: number) =>
    count === 1 ? "Their live auction was cancelled and its bidders told." : `${count} live auctions were cancelled and their bidders told.`,
  restoreWhileSuspended: "Reinstate the account before restoring the auctions its suspension cancelled.",
  restoreChooseAuctions: "Choose the auctions to restore.",
  restoreEndDays: `Choose a new end between ${RESTORE_END_DAYS.min} and ${RESTORE_END_DAYS.max} days from now, or leave it empty to keep each auction's end.`,
  restored: (count: number) =>
    count === 1
      ? "1 auction is restored: it is open again and the seller was told."
      : `${count} auctions are restored: they are open again and the seller was told.`,
  nothingRestored: "Nothing was restored: the auctions chosen cannot come back (see each one's state) or were restored already.",
  restoreOffer: (count: number) =>
    count === 1 ? "1 auction the suspension cancelled can be restored below." : `${count} auctions the suspension cancelled can be restored below.`,
  permissionsSaved: "Role permissions updated successfully",
  permissionsFailed: (message: string) => `Error updating role permissions: ${message}`,
  superAdminKeepsManageAdmins: "The super administrator role must keep can_manage_admins, or nobody could manage administrators.",
  unknownPermission: "Choose permissions from the list.",
} as const;

/** What each permission lets a role do, in the editor's words. */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  can_manage_users: "Change members' roles and fee exemptions; suspend and reinstate members",
  can_manage_admins: "Grant and remove administrator roles; edit role permissions",
  can_manage_listings: "Manage every listing",
  can_manage_categories: "Rename, add and hide categories",
  can_view_reports: "Read the marketplace reports",
  can_view_users: "Read members' accounts",
  can_manage_promo_codes: "Create and deactivate promo codes",
  can_manage_billing: "Manage billing",
  can_resolve_disputes: "Decide order disputes (referee queue)",
  can_moderate_content: "Moderate forum and review content",
  can_create_listings: "Create listings",
  can_create_auctions: "Create auctions",
  can_bid: "Bid, buy and make offers",
  can_moderate_listings: "Review reported listings",
  can_confirm_payments: "Confirm escrow payments (billing queue)",
  can_answer_support: "Answer the support inbox",
  can_edit_content: "Edit the site's pages",
  can_waive_bulk_fees: "Bulk import without the bulk import fee",
  can_skip_import_review: "Publish a first large bulk import without staff review",
  can_view_any_listing_analytics: "Read the analytics of any listing",
  can_view_private_profiles: "See members' hidden e-mail, phone and buyer figures on their profiles",
  can_skip_report_hiding: "Content they write is only queued for review when members report it, never hidden at once",
};
