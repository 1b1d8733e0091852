// What the community domain offers to routes and the web layer: the forum (topics, posts, views, moderation).
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { countFlaggedForumPosts, decideFlaggedForumPost, type FlaggedForumPost, listFlaggedForumPosts } from "./forum-flag-queue.server.ts";
export { forumStats, type ForumTopicPage, listForumCategories, listForumTopics } from "./forum-list.server.ts";
export { flagForumPost, likeForumPost, markForumSolution, moderateForumPost, moderateForumTopic } from "./forum-moderation.server.ts";
export { createForumTopic, editForumPost, followForumTopic, replyToForumTopic } from "./forum-posting.server.ts";
export { type ForumActor, type ForumPostView, type ForumTopicView, getForumTopic, pageOfReply } from "./forum-topic.server.ts";
export { recordForumTopicView } from "./forum-views.server.ts";
