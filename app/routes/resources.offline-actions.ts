// POST /resources/offline-actions: a device's outbox of actions taken offline, as JSON
// { actions: OutboxAction[] } (at most 50). Answers { results: OutboxReplayResult[] }, one per action, in order.
// Visitors get 401; a body that is not such JSON gets 400 (one over its bound 413) with a message, never a 500. Cross-site posts are
// refused before this (sameOriginOnly in server.mjs), and only JSON is read, which a plain cross-site form cannot send.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { describeIssue, OFFLINE_ACTIONS_BODY_LIMIT, OFFLINE_ACTIONS_MESSAGES, OfflineActionsRequestSchema } from "~/schemas/offline-actions.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { applyOfflineActions } from "~/services/offline/index.server.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { refusalInit } from "~/web/domain-answer.server.ts";
import { withoutNul } from "~/lib/typed-text.ts";
import { readBoundedText } from "~/web/form-data.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

function refuse(message: string, status: number, headers: Record<string, string> = {}) {
  return Response.json({ message }, { status, headers: { ...NO_STORE, ...headers } });
}

/** Only POST: a GET of this address is a 405. */
export async function loader() {
  return refuse("Send changes with POST.", 405, { Allow: "POST" });
}

/** The body as JSON (read within its bound while it streams), or the 400/413 answer explaining why it is not. */
async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().includes("application/json")) return { ok: false, response: refuse(OFFLINE_ACTIONS_MESSAGES.notJson, 400) };
  let text: string;
  // Stays: a body over its bound reads as the outbox's own message, with the refusal's status (refusalInit).
  try {
    text = await readBoundedText(request, OFFLINE_ACTIONS_BODY_LIMIT);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const message = error.kind === "too_large" ? OFFLINE_ACTIONS_MESSAGES.tooLarge : OFFLINE_ACTIONS_MESSAGES.notJson;
    return { ok: false, response: refuse(message, refusalInit(error).status) };
  }
  // Stays: a parse error of the body, not a refusal.
  try {
    // Strings lose their NUL characters, as a form's fields do (withoutNul): PostgreSQL cannot store them as text.
    return { ok: true, body: JSON.parse(text, (_key, value: unknown) => (typeof value === "string" ? withoutNul(value) : value)) as unknown };
  } catch {
    return { ok: false, response: refuse(OFFLINE_ACTIONS_MESSAGES.notJson, 400) };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return refuse("Send changes with POST.", 405, { Allow: "POST" });
  const read = await readJson(request);
  if (!read.ok) return read.response;
  const user = await getOptionalUser(request);
  if (!user) return refuse(OFFLINE_ACTIONS_MESSAGES.signInRequired, 401);
  const parsed = OfflineActionsRequestSchema.safeParse(read.body);
  if (!parsed.success) return refuse(describeIssue(parsed.error), 400);
  // Stays: each action has its own result; a crash midway answers 500 and the device replays what is left.
  try {
    const results = await applyOfflineActions(getDb(), user.id, parsed.data.actions);
    return Response.json({ results }, { headers: NO_STORE });
  } catch (error) {
    // Actions answered before the failure are recorded; the device sends them again and reads "duplicate".
    console.error("Could not apply offline actions", error);
    return refuse(OFFLINE_ACTIONS_MESSAGES.failed, 500);
  }
}
