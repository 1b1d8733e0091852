// What the offline domain offers to routes and the web layer. What the browser keeps for offline use: the snapshot it downloads and the actions it replays.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { applyOfflineActions } from "./offline-actions.server.ts";
export { buildOfflineSnapshot } from "./offline-snapshot.server.ts";
