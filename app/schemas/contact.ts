// The contact form (docs/product/platform.md#public-pages): name, email, subject and message required; company and phone optional. The
// spec sets no other bounds; these lengths keep one message within what a support mailbox reads.
import { z } from "zod";
import { emailField } from "./fields.ts";

export const CONTACT_LIMITS = {
  name: 100,
  company: 120,
  phone: 40,
  subject: 150,
  message: 5000,
} as const;

const required = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters long`);

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters long`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const ContactSchema = z.object({
  name: required("Name", CONTACT_LIMITS.name),
  email: emailField,
  company: optional("Company", CONTACT_LIMITS.company),
  phone: optional("Phone", CONTACT_LIMITS.phone).refine(
    (value) => value === undefined || /^\+?[0-9 ()./-]{3,40}$/.test(value),
    "Please enter a valid phone number",
  ),
  subject: required("Subject", CONTACT_LIMITS.subject),
  message: required("Message", CONTACT_LIMITS.message),
  /** The order the message is about (from the order page's "Contact us" link). */
  order: z.string().max(20).optional(),
});

export const CONTACT_MESSAGES = {
  sent: "Thank you! Your message has been sent. Our team will reply by e-mail.",
  failed: "Failed to send your message. Please try again later.",
} as const;

/** How long the success banner stays (docs/product/platform.md#public-pages). */
export const CONTACT_SUCCESS_BANNER_MS = 5_000;

/** The support team's hours (docs/product/platform.md#public-pages). */
export const BUSINESS_HOURS = [
  { days: "Monday – Friday", hours: "9:00 AM – 6:00 PM EST" },
  { days: "Saturday", hours: "10:00 AM – 4:00 PM EST" },
  { days: "Sunday", hours: "Closed" },
] as const;

const supportRequestId = z.coerce.number({ message: "Please choose a message." }).int().positive().max(Number.MAX_SAFE_INTEGER);

/** The support inbox list's one action: close a message. */
export const CloseSupportRequestSchema = z.object({
  intent: z.literal("close", { errorMap: () => ({ message: "Please choose what to do." }) }),
  id: supportRequestId,
});

/** An account id as a form carries it (users.id is a UUID); "" means nobody. */
const accountId = z
  .string()
  .trim()
  .max(64)
  .regex(/^[0-9a-zA-Z-]*$/, "Choose a member of the support team.");

/** A reply is a contact-form message the other way: the same bound. */
export const SUPPORT_REPLY_LIMIT = CONTACT_LIMITS.message;

/** A reply to the sender, and whether to close the message with it. */
export const SupportReplySchema = z.object({
  intent: z.literal("reply"),
  body: z
    .string({ required_error: "Reply is required" })
    .trim()
    .min(1, "Reply is required")
    .max(SUPPORT_REPLY_LIMIT, `Reply must be at most ${SUPPORT_REPLY_LIMIT} characters long`),
  then: z.enum(["keep", "close"]).optional().default("keep"),
});

/**
 * The actions on one message of the support inbox (/support-inbox/{id}). `expected` is who the page showed as assigned
 * ("" for nobody): the assignment changes only if it still is (decision 0041, "Assigning").
 */
export const SupportRequestActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("assign"), assignee: accountId.optional().default(""), expected: accountId.optional().default("") }),
    z.object({ intent: z.literal("assign-me"), expected: accountId.optional().default("") }),
    SupportReplySchema,
    z.object({ intent: z.literal("close") }),
    z.object({ intent: z.literal("reopen") }),
  ],
  { errorMap: () => ({ message: "Please choose what to do." }) },
);
