import { z } from "zod";
import { emailField } from "./fields.ts";

export const NewsletterSchema = z.object({ email: emailField });

export const NEWSLETTER_MESSAGES = {
  subscribed: "Thank you for subscribing! Watch your inbox for new equipment and auction news.",
  alreadySubscribed: "You're already subscribed with this address — thank you!",
} as const;
