// What the ai domain offers to routes and the web layer. The AI listing creator: photo reading, generation through the model with repair and fallback, and the listing made from a draft.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { type AiListingCreated, storeAiListing } from "./ai-listing-create.server.ts";
export { AI_RATE_LIMITS, type AiListingOptions, allowGeneration, generateAiListing } from "./ai-listing.server.ts";
export { readPhotoUpload } from "./photo-upload.server.ts";
export { unreadablePhotos } from "./photos.server.ts";
