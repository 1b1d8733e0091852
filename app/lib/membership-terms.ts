// The figures of the Terms of Service and the Privacy Policy that no other code uses (docs/product/platform.md#public-pages): defined once,
// read by the policy pages.

/** The Terms of Service's date (docs/product/platform.md#formats). ISO date, shown as "September 1, 2025". */
export const TERMS_LAST_UPDATED = "2025-09-01";

/** Who may hold an account, and the age under which Tradebench serves no one. */
export const MINIMUM_MEMBER_AGE = 18;
export const MINIMUM_VISITOR_AGE = 13;

/** Tradebench's liability: at most the greater of this amount and the fees the member paid in the preceding months. */
export const LIABILITY_CAP = { floorCents: 10_000, feesLookbackMonths: 12 } as const;

/** "September 1, 2025". */
export function formatPolicyDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
