// What the platform domain offers to routes and the web layer. What the marketplace runs on: health, the scheduler's pass, live events between processes, the image pipeline.
// Routes import services through this index; services import each other's files directly.
export * from "./audit-log.server.ts";
export * from "./health.server.ts";
export * from "./image-pipeline.server.ts";
export * from "./live-events.server.ts";
export * from "./service-heartbeats.server.ts";
export * from "./support-inbox.server.ts";
export * from "./support-requests.server.ts";
export * from "./trust-and-safety.server.ts";
