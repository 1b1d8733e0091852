// What the platform domain offers to routes and the web layer. The kernel the domains share, importing none of them: health, the scheduler's pass, live events between processes, the image pipeline, the audit log, attempt counters and rate limits, members' names, the mailer.
// Routes import services through this index; services import each other's files directly.
export * from "./audit-log.server.ts";
export * from "./health.server.ts";
export * from "./image-pipeline.server.ts";
export * from "./live-events.server.ts";
export * from "./service-heartbeats.server.ts";
export * from "./trust-and-safety.server.ts";
export * from "./attempt-counters.server.ts";
export * from "./mailer.server.ts";
export * from "./party-names.server.ts";
export * from "./rate-limit.server.ts";
