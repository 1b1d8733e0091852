// What the reviews domain offers to routes and the web layer. Reviews: each side of a completed order reviews the other once (double-blind), the reply, reports and hiding, and the rating a member's reviews add up to.
// Routes import services through this index; services import each other's files directly.
export * from "./rating-summary.server.ts";
export * from "./review-reports.server.ts";
export * from "./reviews-due.server.ts";
export * from "./reviews.server.ts";
