// The knowledge-base editor's action, shared by /knowledge-base/new and /knowledge-base/{slug}/edit: staff holding
// can_edit_content (checked here, on every post) preview the Markdown they typed or save the article. A preview is a
// round trip that stores nothing, so it works without JavaScript and renders exactly as the article page will.
import { data, redirect } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { KNOWLEDGE_LIMITS } from "~/lib/knowledge-base.ts";
import { ARTICLE_FORM_MAX_BYTES, ArticleFormSchema } from "~/schemas/knowledge-base.ts";
import { saveArticle } from "~/services/content/index.server.ts";
import { requirePermission } from "./auth.server.ts";
import { formReply, refusalsAnswered } from "./domain-answer.server.ts";
import { parseForm } from "./form-data.server.ts";

/** Previews or saves the posted article; `articleId` is null for a new one. Saving goes to the article's page. */
export async function articleEditorAction(request: Request, articleId: number | null) {
  const user = await requirePermission(request, "can_edit_content");
  const { submission, fields } = await parseForm(request, ArticleFormSchema, { maxBytes: ARTICLE_FORM_MAX_BYTES });
  if (fields.get("intent") === "preview") {
    // The preview shows whatever Markdown was typed (within its bound), whether or not the other fields are ready yet.
    const content = fields.get("content");
    const source = typeof content === "string" ? content.slice(0, KNOWLEDGE_LIMITS.content) : "";
    return { result: submission.reply(), preview: source };
  }
  if (submission.status !== "success") return data({ result: submission.reply(), preview: null }, { status: 400 });
  const { intent: _intent, ...input } = submission.value;
  return refusalsAnswered(
    async () => {
      const saved = await saveArticle(getDb(), articleId, input, user.id);
      return redirect(`/knowledge-base/${saved.slug}?saved=1`);
    },
    { as: (refusal) => ({ result: formReply(submission, refusal), preview: null }) },
  );
}
