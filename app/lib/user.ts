// What the browser may know about the signed-in user, and how it is shown.
import type { Role } from "./roles.ts";

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  avatarUrl: string | null;
  role: Role;
  /** False until the account follows its e-mail confirmation link (docs/decisions/0028). */
  emailConfirmed: boolean;
  /** The currency the member chose for "≈" amounts on /profile; null: from the browser's language. */
  displayCurrency: string | null;
}

/** First letters of first and last name (docs/product/accounts.md#roles), falling back to the e-mail's first letter. */
export function initials(user: Pick<CurrentUser, "firstName" | "lastName" | "email">): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
  return letters || user.email.charAt(0).toUpperCase();
}

/**
 * The person signed in, as their own account menu names them: first and last name, else their e-mail address. Not a
 * public name: the menu names the person, not the company they trade as (that is publicName).
 */
export function displayName(user: Pick<CurrentUser, "firstName" | "lastName" | "email">): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}

/**
 * The one rule for the name a member goes by wherever another member or the staff see it (public profile, listing
 * pages, orders, messages, reviews, the forum, the moderation inbox): the company name, else first and last name,
 * else `fallback` (docs/decisions/0082). Bidders stay "first name and last initial" (bidderLabel in ./auctions.ts).
 */
export function publicName(member: { firstName: string | null; lastName: string | null; companyName: string | null }, fallback = "Tradebench member"): string {
  return member.companyName?.trim() || `${member.firstName ?? ""} ${member.lastName ?? ""}`.trim() || fallback;
}
