// The featuring form (/listings/{id}/feature, issue 32 §4): how many days, one of the fee schedule's durations.
import { z } from "zod";
import { FEE_SCHEDULE, featuredDurationsText } from "~/lib/fees.ts";

export const FEATURING_DAYS_MESSAGE = `Choose how long to feature it: ${featuredDurationsText(FEE_SCHEDULE.featuredListing.durations)} days.`;

export const FeatureListingSchema = z.object({
  days: z
    .string({ message: FEATURING_DAYS_MESSAGE })
    .regex(/^[1-9][0-9]{0,3}$/, FEATURING_DAYS_MESSAGE)
    .transform(Number)
    .refine((days) => FEE_SCHEDULE.featuredListing.durations.includes(days), FEATURING_DAYS_MESSAGE),
});
