// What the alerts domain offers to routes and the web layer. Saved searches and the alerts they send, and the watcher alerts (price drops, ending soon, sold).
// Routes import services through this index; services import each other's files directly.
export * from "./followed-seller-alerts.server.ts";
export * from "./saved-search-alerts.server.ts";
export * from "./saved-search.server.ts";
export * from "./watcher-alerts.server.ts";
