// The profile form (docs/product/accounts.md#profile Profile, User profile).
import { z } from "zod";
import { EMAIL_ALERTS, type EmailAlertKey } from "~/lib/notification-types.ts";

const EMAIL_ALERT_KEYS = EMAIL_ALERTS.map((alert) => alert.key) as [EmailAlertKey, ...EmailAlertKey[]];

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().default("");

export const ProfileSchema = z.object({
  firstName: z.string({ required_error: "First name is required" }).trim().min(1, "First name is required").max(80, "First name must be at most 80 characters"),
  lastName: z.string({ required_error: "Last name is required" }).trim().min(1, "Last name is required").max(80, "Last name must be at most 80 characters"),
  companyName: optionalText(120, "Company name"),
  phone: z
    .string()
    .trim()
    .max(40, "Phone must be at most 40 characters")
    .regex(/^[+()\d\s.-]*$/, "Please enter a valid phone number")
    .optional()
    .default(""),
  address: optionalText(200, "Address"),
  city: optionalText(100, "City"),
  state: optionalText(100, "State"),
  zip: optionalText(20, "ZIP code"),
  country: optionalText(100, "Country"),
  location: optionalText(120, "Location"),
  website: z
    .string()
    .trim()
    .max(200, "Website must be at most 200 characters")
    .refine((v) => v === "" || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), "Please enter a website address starting with http:// or https://")
    .optional()
    .default(""),
  bio: optionalText(2000, "Bio"),
  showEmail: z.literal("on").optional(),
  showPhone: z.literal("on").optional(),
  /** The ticked e-mail alerts (an unticked box sends nothing)… */
  emailAlerts: z.array(z.enum(EMAIL_ALERT_KEYS)).max(EMAIL_ALERT_KEYS.length, "Please choose each e-mail alert at most once.").optional(),
  /** …so the form says it showed them: without this marker the stored choices are left as they are. */
  emailAlertsShown: z.literal("on").optional(),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The photo form: one file in `avatar` and no text of its own. */
export const AvatarFormSchema = z.object({});
export const AVATAR_FIELD = "avatar";

export const PROFILE_MESSAGES = {
  saved: "Your profile has been updated.",
  avatarSaved: "Your photo has been updated.",
  avatarRemoved: "Your photo has been removed.",
  avatarTooLarge: "The photo must be at most 5 MB.",
  avatarNotImage: "Please choose a JPEG, PNG, WebP or GIF image.",
  avatarMissing: "Please choose a photo to upload.",
  userNotFound: "User not found",
} as const;
