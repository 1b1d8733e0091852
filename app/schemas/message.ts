// The send box of /messages and the Contact Seller button (docs/product/messaging.md#rules: blank or whitespace-only text is not sent).
import { z } from "zod";
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXT } from "~/lib/messages.ts";
import { withoutNul } from "~/lib/typed-text.ts";
import { returnToField } from "./fields.ts";

const positiveId = z.coerce.number({ invalid_type_error: MESSAGE_TEXT.forbidden }).int().positive().max(Number.MAX_SAFE_INTEGER);

export const SendMessageSchema = z.object({
  conversationId: positiveId,
  body: z.string({ required_error: MESSAGE_TEXT.blank }).trim().min(1, MESSAGE_TEXT.blank).max(MESSAGE_MAX_LENGTH, MESSAGE_TEXT.tooLong),
});
export type SendMessageInput = z.infer<typeof SendMessageSchema>;

export const MESSAGE_SEARCH_MAX = 100;

/** `?q=` of /messages, trimmed and capped; NUL characters (which PostgreSQL cannot compare as text) dropped. */
export function parseMessageSearch(value: string | null | undefined): string {
  return withoutNul(value ?? "")
    .trim()
    .slice(0, MESSAGE_SEARCH_MAX);
}

/** "Contact seller" on a listing (POST /listings/{id}/contact): the page to come back to. */
export const ContactSellerSchema = z.object({ returnTo: returnToField });
