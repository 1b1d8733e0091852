// What the watchlist domain offers to routes and the web layer. The watchlist and who watches a listing.
// Routes import services through this index; services import each other's files directly.
export * from "./watchers.server.ts";
export * from "./watchlist.server.ts";
