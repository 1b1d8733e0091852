// The administration of one member and of the roles (issue 19 §1, §3): suspension, the member's page, and the
// role permission editor. Client-safe words and bounds, defined once for the admin service and pages.
import type { Permission } from "./permissions.ts";

/** What the audit log calls these acts. */
export const MEMBER_AUDIT_ACTIONS = {
  suspend: "user.suspend",
  reinstate: "user.reinstate",
  rolePermissionsChange: "role.permissions_change",
} as const;

/** The longest suspension reason kept. */
export const SUSPENSION_REASON_MAX_LENGTH = 500;
/** Rows of each list on a member's page (listings, orders, sign-ins). */
export const MEMBER_PAGE_LIST_SIZE = 20;

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
  auctionsCancelled: (count: number) => (count === 1 ? "Their live auction was cancelled and its bidders told." : `${count} live auctions were cancelled and their bidders told.`),
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
};
