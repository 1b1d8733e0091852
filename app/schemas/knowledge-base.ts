// The knowledge base's forms: the staff editor (save or preview an article) and "Was this helpful?".
import { z } from "zod";
import {
  isArticleSlug,
  isKnowledgeCategory,
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_MESSAGES,
  tagsOfText,
  TAG_PATTERN,
  type KnowledgeCategory,
} from "~/lib/knowledge-base.ts";

const text = (label: string, max: number, requiredMessage: string) =>
  z
    .string({ required_error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters long`);

/** The editor's fields; `intent` says whether to save or only to preview. */
export const ArticleFormSchema = z.object({
  intent: z.enum(["save", "preview"], { errorMap: () => ({ message: "Please choose Save or Preview." }) }),
  title: text("Title", KNOWLEDGE_LIMITS.title, KNOWLEDGE_MESSAGES.titleRequired),
  slug: z
    .string({ required_error: KNOWLEDGE_MESSAGES.slugInvalid })
    .trim()
    .max(KNOWLEDGE_LIMITS.slug, `The address must be at most ${KNOWLEDGE_LIMITS.slug} characters long`)
    .refine(isArticleSlug, KNOWLEDGE_MESSAGES.slugInvalid),
  category: z
    .string({ required_error: KNOWLEDGE_MESSAGES.categoryRequired })
    .refine(isKnowledgeCategory, KNOWLEDGE_MESSAGES.categoryRequired)
    .transform((value) => value as KnowledgeCategory),
  // Markdown is kept as typed (its own trailing spaces mean nothing to the renderer, so only the ends are trimmed).
  content: text("Content", KNOWLEDGE_LIMITS.content, KNOWLEDGE_MESSAGES.contentRequired),
  tags: z
    .string()
    .max(KNOWLEDGE_LIMITS.tags * (KNOWLEDGE_LIMITS.tag + 2), KNOWLEDGE_MESSAGES.tagsTooMany)
    .optional()
    .transform((value) => tagsOfText(value ?? ""))
    .refine((tags) => tags.length <= KNOWLEDGE_LIMITS.tags, KNOWLEDGE_MESSAGES.tagsTooMany)
    .refine((tags) => tags.every((tag) => tag.length <= KNOWLEDGE_LIMITS.tag && TAG_PATTERN.test(tag)), KNOWLEDGE_MESSAGES.tagInvalid),
  status: z.enum(["draft", "published"], { errorMap: () => ({ message: "Choose Draft or Published." }) }),
});
export type ArticleForm = z.output<typeof ArticleFormSchema>;

/** The most bytes an editor's form may send: the longest article, every character percent-encoded, and the rest. */
export const ARTICLE_FORM_MAX_BYTES = 512 * 1024;

/** "Was this helpful?": Yes or No. */
export const HelpfulVoteSchema = z.object({
  intent: z.literal("vote", { errorMap: () => ({ message: "Please choose Yes or No." }) }),
  helpful: z.enum(["yes", "no"], { errorMap: () => ({ message: "Please choose Yes or No." }) }),
});
