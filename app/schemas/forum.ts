// The forum's forms: a new topic, a reply, an edit, and the small intents of a topic page (solution,
// like, flag, moderation). Bounds come from app/lib/forum.ts.
import { z } from "zod";
import { FORUM_LIMITS } from "~/lib/forum.ts";

const text = (label: string, min: number, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(min, `${label} must be at least ${min} characters long`)
    .max(max, `${label} must be at most ${max} characters long`);

const id = z.coerce.number({ invalid_type_error: "Please choose a post." }).int().positive().max(Number.MAX_SAFE_INTEGER);

export const NewTopicSchema = z.object({
  category: z.string({ required_error: "Please choose a category." }).trim().min(1, "Please choose a category.").max(40, "Please choose a category."),
  title: text("Title", FORUM_LIMITS.titleMin, FORUM_LIMITS.titleMax),
  body: text("Message", FORUM_LIMITS.bodyMin, FORUM_LIMITS.bodyMax),
});

export const TopicActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reply"), body: text("Reply", FORUM_LIMITS.bodyMin, FORUM_LIMITS.bodyMax) }),
  z.object({ intent: z.literal("edit"), postId: id, body: text("Message", FORUM_LIMITS.bodyMin, FORUM_LIMITS.bodyMax) }),
  z.object({ intent: z.literal("solution"), postId: id }),
  z.object({ intent: z.literal("unsolve") }),
  z.object({ intent: z.literal("like"), postId: id }),
  z.object({ intent: z.literal("unlike"), postId: id }),
  z.object({ intent: z.literal("flag"), postId: id }),
  z.object({ intent: z.enum(["follow", "unfollow"]) }),
  z.object({ intent: z.enum(["pin", "unpin", "lock", "unlock", "hide", "unhide"]) }),
  z.object({ intent: z.literal("move"), category: z.string().trim().min(1, "Please choose a category.").max(40, "Please choose a category.") }),
  z.object({ intent: z.enum(["hide-post", "restore-post"]), postId: id }),
]);
export type TopicAction = z.output<typeof TopicActionSchema>;
