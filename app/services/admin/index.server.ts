// What the admin domain offers to routes and the web layer. The administration: members' roles and fee
// exemption with their rules, and the audit log of what staff did.
// Routes import services through this index; services import each other's files directly.
export * from "./audit-log-view.server.ts";
export * from "./member-authority.server.ts";
export * from "./user-administration.server.ts";
export * from "./member-detail.server.ts";
export * from "./member-suspension.server.ts";
export * from "./role-permissions.server.ts";
export * from "./listing-reports.server.ts";
export * from "./fraud-reports.server.ts";
export * from "./moderation-inbox.server.ts";
export * from "./listing-administration.server.ts";
export * from "./bulk-listing-actions.server.ts";
export * from "./bulk-import-review.server.ts";
export * from "./category-administration.server.ts";
export * from "./dashboard.server.ts";
export * from "./sales-report.server.ts";
export * from "./system-status.server.ts";
export * from "./verification-applications.server.ts";
