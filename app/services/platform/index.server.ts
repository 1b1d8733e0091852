// What the platform domain offers to routes and the web layer. The kernel the domains share, importing none of them: health, the scheduler's pass, live events between processes, the image pipeline, the audit log, attempt counters and rate limits, members' names, the mailer.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export {
  type BackoffRule,
  claimAttempts,
  clearCounters,
  type CounterClaim,
  counterKey,
  hitWindow,
  pruneExpiredAttemptCounters,
  releaseClaims,
  tooManyAttempts,
  type WindowRule,
} from "./attempt-counters.server.ts";
export { listAuditEvents, recordAuditEvent } from "./audit-log.server.ts";
export { checkHealth } from "./health.server.ts";
export { IMAGE_REFUSAL_CODES, inspectImage, isImageRefusal, loadSharp, MAX_INPUT_PIXELS, toWebp } from "./image-pipeline.server.ts";
export { ALL_AUCTIONS_TOPIC, auctionTopic, getLiveEventBus, type LiveEvent, type LiveEventBus, userTopic } from "./live-events.server.ts";
export { deliverPendingEmails, type EmailMessage, queueEmail, sendEmail } from "./mailer.server.ts";
export { memberName, PARTY_NAME_COLUMNS, partyNames } from "./party-names.server.ts";
export { type RateLimiter, type RateLimitRule, type RateLimitVerdict, sharedRateLimiter } from "./rate-limit.server.ts";
export { fetchRemotePhoto, type RemotePhotoOptions } from "./remote-photo.server.ts";
export { lastSchedulerPass, liveConnectionCount, recordSchedulerPass, trackLiveConnection } from "./service-heartbeats.server.ts";
export { trustAndSafetyContact } from "./trust-and-safety.server.ts";
