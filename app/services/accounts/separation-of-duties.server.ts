// Separation of duties (conventions: "no one decides where they are a party"): a member of staff never
// decides on an order, dispute, offer, review, report, listing or account they are a party to — billing confirming the
// payment of an order they bought, a referee deciding their own dispute, a moderator deciding a report about their own
// listing, review or post, or one they filed. One rule, used by every such decision; the refusal names why and that
// another member of staff must decide. Parties act as parties through the member's own paths (a buyer cancels their
// own order); only the staff path is closed to them.
import { DomainError } from "../domain-error.ts";

/** What a staff decision is about. */
export type DecisionSubject = "order" | "dispute" | "offer" | "review" | "report" | "listing" | "account" | "post";

/** The refusal a party hears, per subject. */
export const PARTY_REFUSALS: Readonly<Record<DecisionSubject, string>> = {
  order: "You are a party to this order; another staff member must decide.",
  dispute: "You are a party to this dispute; another staff member must decide.",
  offer: "You are a party to this offer; another staff member must decide.",
  review: "You are a party to this review; another staff member must decide.",
  report: "You are a party to this report; another staff member must decide.",
  listing: "This is your own listing; another staff member must decide.",
  account: "This is your own account; another staff member must decide.",
  post: "This is your own post; another moderator must decide.",
};

/** Whether `actorId` is among `parties` (missing parties — a deleted account, no reporter — are nobody). */
export function isParty(actorId: string, parties: ReadonlyArray<string | null | undefined>): boolean {
  return parties.some((party) => party !== null && party !== undefined && party === actorId);
}

/** The forbidden refusal when `actorId` is a party to the decision, else null. */
export function partyRefusal(subject: DecisionSubject, actorId: string, parties: ReadonlyArray<string | null | undefined>): DomainError | null {
  return isParty(actorId, parties) ? new DomainError("forbidden", PARTY_REFUSALS[subject], { code: "party_to_decision" }) : null;
}

/** Throws partyRefusal's refusal when `actorId` is a party to the decision. */
export function assertNotAParty(subject: DecisionSubject, actorId: string, parties: ReadonlyArray<string | null | undefined>): void {
  const refused = partyRefusal(subject, actorId, parties);
  if (refused) throw refused;
}
