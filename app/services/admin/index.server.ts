// What the admin domain offers to routes and the web layer. The administration: members' roles and fee
// exemption with their rules, and the audit log of what staff did.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { auditLogCsv, type AuditLogFilter, queryAuditLog, readAuditLogPage } from "./audit-log-view.server.ts";
export { countHeldBulkImports, decideHeldBulkImport, listHeldBulkImports } from "./bulk-import-review.server.ts";
export { takeDownListings } from "./bulk-listing-actions.server.ts";
export { type AdminCategoryNode, CATEGORY_MESSAGES, type CategoryChange, changeCategory, listCategoriesForAdmin } from "./category-administration.server.ts";
export { categoryDistribution, dashboardStats, flaggedListingsOf, growthByMonth, loadAdminDashboard, recentSalesOf } from "./dashboard.server.ts";
export { countFlaggedListings, listFlaggedListings } from "./flagged-listings.server.ts";
export { countPendingFraudReports, listPendingFraudReports, reportableMember, reportMember, resolveFraudReport } from "./fraud-reports.server.ts";
export { type AdminListingsPage, listListingsForAdmin, setListingFeatured } from "./listing-administration.server.ts";
export { reviewReportedListing } from "./listing-review-decisions.server.ts";
export { getListingReview } from "./listing-review.server.ts";
export { assignableRoles, managesMembers, mayActOnMember, memberAuthority } from "./member-authority.server.ts";
export { getMemberDetail } from "./member-detail.server.ts";
export { listSuspensionCancellations, reinstateUser, restoreSuspensionCancellations, suspendUser } from "./member-suspension.server.ts";
export { countAwaitingModeration, getModerationInbox, type ModerationInbox } from "./moderation-inbox.server.ts";
export { reportableListing, reportListing } from "./report-listing.server.ts";
export { listRolePermissions, setRolePermissions } from "./role-permissions.server.ts";
export { listSalesForAdmin, marketplaceReport, reportCsv, salesCsv } from "./sales-report.server.ts";
export { checkSystemStatus, freshSystemStatus, type SystemStatusOptions } from "./system-status.server.ts";
export { type AdminUsersPage, changeUserAccess, listUsersForAdmin } from "./user-administration.server.ts";
export {
  countPendingVerificationApplications,
  decideVerificationApplication,
  listPendingVerificationApplications,
  submitVerificationApplication,
  VERIFICATION_APPLICATION_AUDIT_ACTIONS,
  verificationDocumentFor,
  verificationStanding,
} from "./verification-applications.server.ts";
