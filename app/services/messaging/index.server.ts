// What the messaging domain offers to routes and the web layer. Conversations between members, notifications (inbox and e-mail) and the mailer.
// Routes import services through this index; services import each other's files directly.
export * from "./mailer.server.ts";
export * from "./messages.server.ts";
export * from "./notification-inbox.server.ts";
export * from "./notifications.server.ts";
export * from "./response-figures.server.ts";
