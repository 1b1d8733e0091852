// What the support domain offers to routes and the web layer. The contact form's requests and the staff's support inbox.
// Routes import services through this index; services import each other's files directly.
export * from "./support-inbox.server.ts";
export * from "./support-requests.server.ts";
