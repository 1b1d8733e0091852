// What the offline domain offers to routes and the web layer. What the browser keeps for offline use: the snapshot it downloads and the actions it replays.
// Routes import services through this index; services import each other's files directly.
export * from "./offline-actions.server.ts";
export * from "./offline-snapshot.server.ts";
