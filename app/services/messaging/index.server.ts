// What the messaging domain offers to routes and the web layer. Conversations between members, about a listing or general, and a seller's response figures.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export {
  appendListingConversationLine,
  type ConversationSummary,
  type ConversationThread,
  countUnreadMessages,
  listConversations,
  openConversation,
  openGeneralConversation,
  sendMessage,
  thread,
} from "./messages.server.ts";
export { sellerResponseFigures } from "./response-figures.server.ts";
