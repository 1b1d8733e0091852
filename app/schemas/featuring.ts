// The featuring form (/listings/{id}/feature): how many days, one of the fee schedule's durations.
import { z } from "zod";
import { FEE_SCHEDULE, featuredDurationsText } from "~/lib/fees.ts";

const FEATURING_DAYS_MESSAGE = `Choose how long to feature it: ${featuredDurationsText(FEE_SCHEDULE.featuredListing.durations)} days.`;

/** What featuring tells the seller; the service refuses with the same words. */
export const FEATURING_MESSAGES = {
  notFound: "Listing not found",
  notOwner: "Only the listing's seller can feature it.",
  notActive: "Only an active listing can be featured.",
  byStaff: "Tradebench already features this listing, at no charge.",
  chooseDays: FEATURING_DAYS_MESSAGE,
  featured: (until: string) => `Your listing is featured until ${until}. The charge is on your seller dashboard.`,
} as const;

export const FeatureListingSchema = z.object({
  days: z
    .string({ message: FEATURING_DAYS_MESSAGE })
    .regex(/^[1-9][0-9]{0,3}$/, FEATURING_DAYS_MESSAGE)
    .transform(Number)
    .refine((days) => FEE_SCHEDULE.featuredListing.durations.includes(days), FEATURING_DAYS_MESSAGE),
});
