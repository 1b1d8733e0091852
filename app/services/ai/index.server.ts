// What the ai domain offers to routes and the web layer. The AI listing creator: photo reading, generation through the model with repair and fallback, and the listing made from a draft.
// Routes import services through this index; services import each other's files directly.
export * from "./ai-listing-create.server.ts";
export * from "./ai-listing.server.ts";
export * from "./model-calls.server.ts";
export * from "./photo-upload.server.ts";
export * from "./photos.server.ts";
export * from "./provider.server.ts";
