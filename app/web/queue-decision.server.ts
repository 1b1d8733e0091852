// The staff review queues (reported reviews, seller verifications, the moderation inbox) decide one item a form at a
// time: the form is checked with its schema (the first problem is the answer above the queue, a 400), the decision is
// made, and the queue reloads saying what was done; a refused decision is shown above the queue with its status.
import { data, redirect } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { refusalsAnswered } from "./domain-answer.server.ts";
import { parseForm } from "./form-data.server.ts";

export interface QueueDecision<Schema extends ZodTypeAny> {
  schema: Schema;
  /** The answer when the form has a problem without a message of its own. */
  invalidMessage: string;
  /** Makes the decision and names where the queue reloads (with `?done=` saying what was done). */
  decide: (command: z.infer<Schema>) => Promise<string>;
}

export async function queueDecisionAction<Schema extends ZodTypeAny>(request: Request, { schema, invalidMessage, decide }: QueueDecision<Schema>) {
  const { submission } = await parseForm(request, schema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {})
      .flat()
      .find((message): message is string => typeof message === "string");
    return data({ formError: first ?? invalidMessage }, { status: 400 });
  }
  const command: z.infer<Schema> = submission.value;
  return refusalsAnswered(
    async () => {
      throw redirect(await decide(command));
    },
    { as: (refusal) => ({ formError: refusal.message }) },
  );
}

/** What the queue says after a decision: the `done` parameter's notice, or null for anything else. */
export function queueDoneNotice<Notices extends Record<string, string>>(search: URLSearchParams, notices: Notices): Notices[keyof Notices] | null {
  const done = search.get("done");
  return done !== null && Object.hasOwn(notices, done) ? (notices[done] as Notices[keyof Notices]) : null;
}
