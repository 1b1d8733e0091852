// A dispute message and a proof of delivery: the text fields; the files are bounded by parseForm's file
// options and checked by the orders service.
import { z } from "zod";
import { DISPUTE_MESSAGES, MAX_DISPUTE_MESSAGE_CHARS } from "~/lib/disputes.ts";

export const DisputeMessageSchema = z.object({
  body: z
    .string({ required_error: DISPUTE_MESSAGES.bodyRequired })
    .trim()
    .min(1, DISPUTE_MESSAGES.bodyRequired)
    .max(MAX_DISPUTE_MESSAGE_CHARS, DISPUTE_MESSAGES.bodyTooLong),
});

export const DeliveryProofSchema = z.object({
  note: z.string().trim().max(2000, "Please keep this under 2000 characters").optional().default(""),
});
