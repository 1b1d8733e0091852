// What the support domain offers to routes and the web layer. The contact form's requests and the staff's support inbox.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { listSupportRequests, listSupportStaff, SUPPORT_INBOX_PAGE_SIZE, type SupportInboxEntry } from "./support-inbox-list.server.ts";
export { getSupportRequest, type SupportHistoryEntry, type SupportRequestDetail } from "./support-request-detail.server.ts";
export {
  assignSupportRequest,
  closeSupportRequest,
  reopenSupportRequest,
  REPEATED_REPLY_WINDOW_MS,
  replyToSupportRequest,
} from "./support-request-handling.server.ts";
export { claimContactAttempt, CONTACT_RATE_LIMIT, orderForContact, submitSupportRequest } from "./support-requests.server.ts";
