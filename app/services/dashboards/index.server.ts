// What the dashboards domain offers to routes: the seller and buyer dashboards' figures, each for one member only.
// Routes import services through this index; services import each other's files directly.
export * from "./seller-dashboard.server.ts";
export * from "./buyer-dashboard.server.ts";
