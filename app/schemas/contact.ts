// The contact form (spec 02 §3, §5): name, email, subject and message required; company and phone optional. The
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
  phone: optional("Phone", CONTACT_LIMITS.phone).refine((value) => value === undefined || /^\+?[0-9 ()./-]{3,40}$/.test(value), "Please enter a valid phone number"),
  subject: required("Subject", CONTACT_LIMITS.subject),
  message: required("Message", CONTACT_LIMITS.message),
  /** The order the message is about (from the order page's "Contact us" link). */
  order: z.string().max(20).optional(),
});

export const CONTACT_MESSAGES = {
  sent: "Thank you! Your message has been sent. Our team will reply by e-mail.",
  failed: "Failed to send your message. Please try again later.",
} as const;

/** How long the success banner stays (spec 02 §9). */
export const CONTACT_SUCCESS_BANNER_MS = 5_000;

/** The support team's hours (spec 02 §9). */
export const BUSINESS_HOURS = [
  { days: "Monday – Friday", hours: "9:00 AM – 6:00 PM EST" },
  { days: "Saturday", hours: "10:00 AM – 4:00 PM EST" },
  { days: "Sunday", hours: "Closed" },
] as const;

/** The support inbox's one action: close a message. */
export const CloseSupportRequestSchema = z.object({
  intent: z.literal("close", { errorMap: () => ({ message: "Please choose what to do." }) }),
  id: z.coerce.number({ message: "Please choose a message." }).int().positive().max(Number.MAX_SAFE_INTEGER),
});
