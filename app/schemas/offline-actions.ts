// POST /resources/offline-actions: the actions a device queued offline (watch, unwatch, notes, saved search), each
// with the client id it was given there. Only the shape is checked here; the rules of each action (notes length,
// a saved search's name and filters) are the online forms' and are answered per action as "refused".
import { z } from "zod";

/** The server takes at most this many actions per request (the client sends them in batches of this size). */
export const OFFLINE_ACTIONS_MAX = 50;
/** A request body larger than this is refused before it is read as JSON. */
export const OFFLINE_ACTIONS_BODY_LIMIT = 256 * 1024;

export const OFFLINE_ACTIONS_MESSAGES = {
  signInRequired: "Sign in to send changes made offline.",
  notJson: "Send the changes as JSON: { actions: [...] }.",
  tooLarge: "This list of changes is too large.",
  tooMany: `At most ${OFFLINE_ACTIONS_MAX} changes can be sent at once.`,
  invalid: (where: string, problem: string) => `The changes could not be read (${where}): ${problem}`,
  failed: "The changes could not be applied just now. Please try again.",
} as const;

/** crypto.randomUUID() ids, or any similar token of letters, digits and dashes. */
const clientId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, "An action id is letters, digits and dashes.");
const listingId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Generous: the 1,000-character rule is checked per action, with the notes form's message. */
const notes = z.string().max(10_000);
const price = z.number().nonnegative().max(1e12).nullable();
const text = (max: number) => z.string().max(max).nullable();

const OfflineSavedSearchParamsSchema = z.object({
  keyword: text(500),
  category: text(200),
  categoryName: text(200).optional().default(null),
  minPrice: price,
  maxPrice: price,
  condition: z.array(z.string().max(50)).max(20),
  testLevel: text(50),
  calibrated: z.boolean(),
  brand: text(200).optional().default(null),
});

const OfflineActionSchema = z.discriminatedUnion("kind", [
  z.object({ id: clientId, kind: z.literal("watch"), listingId, notes: notes.optional() }),
  z.object({ id: clientId, kind: z.literal("unwatch"), listingId }),
  z.object({ id: clientId, kind: z.literal("notes"), listingId, notes }),
  z.object({
    id: clientId,
    kind: z.literal("saved_search"),
    name: z.string().max(1000),
    params: OfflineSavedSearchParamsSchema,
    notifyOnNew: z.boolean().optional().default(true),
  }),
]);
export type OfflineActionInput = z.infer<typeof OfflineActionSchema>;

export const OfflineActionsRequestSchema = z.object({
  actions: z.array(OfflineActionSchema).max(OFFLINE_ACTIONS_MAX, OFFLINE_ACTIONS_MESSAGES.tooMany),
});

/** The first problem of a refused body, in words. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return OFFLINE_ACTIONS_MESSAGES.notJson;
  if (issue.message === OFFLINE_ACTIONS_MESSAGES.tooMany) return issue.message;
  const where = issue.path.length > 0 ? issue.path.join(".") : "body";
  return OFFLINE_ACTIONS_MESSAGES.invalid(where, issue.message);
}
