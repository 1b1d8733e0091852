// What the auctions domain offers to routes and the web layer. Auctions: the bidding engine and its rules, the auction's state and lifecycle (start, end, settle), the lot page and the auction list.
// Routes import services through this index; services import each other's files directly.
export * from "./auction-lifecycle.server.ts";
export * from "./auction-list.server.ts";
export * from "./auction-page.server.ts";
export * from "./auction-state.server.ts";
export * from "./bid-resolution.ts";
export * from "./bidding.server.ts";
