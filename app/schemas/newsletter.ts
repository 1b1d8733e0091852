// The footer's newsletter sign-up and the pages its e-mails link to (decision 0041 "The newsletter").
import { z } from "zod";
import { emailField } from "./fields.ts";

export const NewsletterSchema = z.object({ email: emailField });

/** Where a confirmation link points: ?token=… */
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";
/** Where every newsletter e-mail's unsubscribe link points: ?s=<subscription>&t=<token> */
export const NEWSLETTER_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** The confirmation page's button posts the token it was opened with. */
export const NewsletterConfirmSchema = z.object({
  token: z
    .string({ required_error: "This confirmation link is not valid." })
    .trim()
    .min(1, "This confirmation link is not valid.")
    .max(200, "This confirmation link is not valid."),
});

/** The unsubscribe page's button posts the subscription and token of its link. */
export const NewsletterUnsubscribeSchema = z.object({
  s: z.coerce.number({ message: "This unsubscribe link is not valid." }).int().positive().max(Number.MAX_SAFE_INTEGER),
  t: z
    .string({ required_error: "This unsubscribe link is not valid." })
    .trim()
    .min(1, "This unsubscribe link is not valid.")
    .max(200, "This unsubscribe link is not valid."),
});

export const NEWSLETTER_MESSAGES = {
  /** The footer's one answer to a sign-up, whatever the address's state (it tells a stranger nothing about it). */
  subscribed: "Thank you for subscribing! Check your inbox: follow the link we've e-mailed you to confirm.",
  confirmReady: (email: string) => `Confirm that ${email} should receive the Tradebench newsletter.`,
  confirmed: "Your subscription is confirmed. The next newsletter will reach you.",
  confirmExpired: "This confirmation link has expired. Subscribe again with the form at the bottom of the page to get a new one.",
  confirmInvalid: "This confirmation link is not valid or has already been used.",
  unsubscribeReady: (email: string) => `Stop sending the Tradebench newsletter to ${email}?`,
  alreadyUnsubscribed: (email: string) => `${email} is already unsubscribed from the newsletter.`,
  unsubscribed: "You are unsubscribed. No more newsletter e-mail will be sent to this address. Changed your mind? Subscribe again at the bottom of any page.",
  unsubscribeInvalid: "This unsubscribe link is not valid. Use the link in the newest newsletter e-mail, or write to us through the contact form.",
} as const;

/** The subscription states staff filter /admin/newsletter by ("all" shows every state). */
export const NEWSLETTER_STATE_FILTERS = ["all", "subscribed", "pending", "unsubscribed"] as const;

export const NEWSLETTER_STATE_LABELS: Record<(typeof NEWSLETTER_STATE_FILTERS)[number], string> = {
  all: "Every state",
  subscribed: "Subscribed (confirmed)",
  pending: "Not confirmed yet",
  unsubscribed: "Unsubscribed",
};

/** /admin/newsletter?q=…&state=…&before=… (an unknown state or cursor is dropped, an over-long search refused). */
export const NewsletterSubscribersQuerySchema = z.object({
  q: z.string().trim().max(100, "Search for at most 100 characters.").optional(),
  state: z.enum(NEWSLETTER_STATE_FILTERS).optional().catch(undefined),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});
