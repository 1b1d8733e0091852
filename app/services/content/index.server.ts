// What the content domain offers to routes: the knowledge base's articles and their "Was this helpful?" answers.
// Routes import services through this index; services import each other's files directly.
export * from "./knowledge-base.server.ts";
export * from "./knowledge-base-votes.server.ts";
