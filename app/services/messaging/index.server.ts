// What the messaging domain offers to routes and the web layer. Conversations between members and notifications (inbox and e-mail; the mailer is platform's).
// Routes import services through this index; services import each other's files directly.
export * from "./messages.server.ts";
export * from "./notification-inbox.server.ts";
export * from "./notifications.server.ts";
export * from "./response-figures.server.ts";
