// The forms of a member's profile page (/user/{id}): the Reviews tab's reply and report, Follow and
// Unfollow, Message (general, or about one of their listings) and, for staff holding can_manage_users, the seller's
// verification. One discriminated union, so the action reads every form through one parseForm.
import { z } from "zod";
import { ReviewResponseSchema } from "./review.ts";

const listingId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const UserProfileActionSchema = z.discriminatedUnion("intent", [
  ...ReviewResponseSchema.options,
  z.object({ intent: z.literal("follow") }),
  z.object({ intent: z.literal("unfollow") }),
  z.object({
    intent: z.literal("message"),
    // "" or absent: a general conversation.
    listingId: z.union([z.literal(""), listingId]).optional(),
  }),
  z.object({
    intent: z.literal("verify"),
    verified: z.enum(["yes", "no"]),
    since: z.string().trim().max(10).optional(),
  }),
]);
export type UserProfileAction = z.infer<typeof UserProfileActionSchema>;
