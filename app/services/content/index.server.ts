// What the content domain offers to routes: the knowledge base's articles and their "Was this helpful?" answers.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { claimHelpfulVoteAttempt, HELPFUL_VOTE_RATE_LIMIT, helpfulTally, recordHelpfulVote, type Voter } from "./knowledge-base-votes.server.ts";
export { articleAddressOf, type ArticleInput, getArticle, listArticles, popularTopics, relatedArticles, saveArticle } from "./knowledge-base.server.ts";
