// What the community domain offers to routes and the web layer: the forum (topics, posts, views, moderation).
// Routes import services through this index; services import each other's files directly.
export * from "./forum-flag-queue.server.ts";
export * from "./forum-list.server.ts";
export * from "./forum-moderation.server.ts";
export * from "./forum-posting.server.ts";
export * from "./forum-topic.server.ts";
export * from "./forum-views.server.ts";
