// The support inbox (decision 0041): staff holding can_answer_support read the contact form's messages,
// assign them to one of themselves, reply to the sender by e-mail (the reply is queued in the outbox and kept in the
// message's history in the same transaction), close and reopen them. Every change is one write transaction that
// re-reads the message, so two staff acting at once never lose a step: an assignment changes only if it is still what
// the page showed (a changed one is refused, 409), a close or a reopen only if the message is still open or closed.
//
// The parts live beside this file, one module each; this one names what the support domain offers of them.
export { type SupportInboxEntry, type SupportInboxPage, type SupportRequestStatus, type SupportStaffMember } from "./support-inbox-list.server.ts";
export { type SupportHistoryEntry, type SupportOrderSummary, type SupportRequestDetail, type SupportSenderAccount } from "./support-request-detail.server.ts";
export { assignSupportRequest, replyToSupportRequest } from "./support-request-handling.server.ts";
