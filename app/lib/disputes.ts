// Two-sided disputes and proof of delivery, client-safe: the limits the forms show and the server checks,
// the seller's deadline to answer, and the messages. One definition of each.
import { MAX_PHOTO_BYTES, MAX_PHOTO_MB } from "./photo-limits.ts";

/** Days the seller has to answer a dispute after it is opened. */
export const DISPUTE_ANSWER_DAYS = 3;
const DISPUTE_ANSWER_MS = DISPUTE_ANSWER_DAYS * 24 * 60 * 60 * 1000;
/** Files one dispute message (or one proof of delivery) may carry, and how large each may be. */
export const MAX_DISPUTE_FILES = 5;
export const MAX_DISPUTE_FILE_MB = MAX_PHOTO_MB;
export const MAX_DISPUTE_FILE_BYTES = MAX_PHOTO_BYTES;
export const MAX_DISPUTE_MESSAGE_CHARS = 4000;
/** The accepted kinds, checked from the file's first bytes (not its name): images and PDF. */
export const DISPUTE_FILE_ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";

export type DisputeSide = "buyer" | "seller" | "referee";

export const DISPUTE_SIDE_LABELS: Record<DisputeSide, string> = { buyer: "Buyer", seller: "Seller", referee: "Tradebench referee" };

export const DISPUTE_MESSAGES = {
  notDisputed: "Messages can only be added while the dispute is open",
  bodyRequired: "Please write your message",
  bodyTooLong: `Please keep your message under ${MAX_DISPUTE_MESSAGE_CHARS} characters`,
  notAParty: "Only the buyer, the seller or a dispute referee can write in this dispute",
  tooManyFiles: `Attach at most ${MAX_DISPUTE_FILES} files to one message`,
  fileTooBig: (name: string) => `"${name}" is larger than ${MAX_DISPUTE_FILE_MB} MB`,
  wrongType: (name: string) => `"${name}" is not a photo (JPEG, PNG, WebP) or a PDF document`,
  proofRequired: "Attach a photo of the delivered item or the signed delivery note to mark the order delivered",
  confirmRequired: "Please tick the box to confirm the item arrived as described before the payment is released",
  carrierNotConfigured: "No carrier tracking is configured for this carrier",
  posted: "Your message was added to the dispute. The other side and Tradebench have been told.",
} as const;

/** "answer due" for the seller: the dispute's opening plus DISPUTE_ANSWER_DAYS. */
export function sellerAnswerDueAt(disputedAt: string): string {
  return new Date(new Date(disputedAt).getTime() + DISPUTE_ANSWER_MS).toISOString();
}
