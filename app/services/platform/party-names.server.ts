// The names of the two parties of an order or a conversation, read from profiles joined as "buyer" and "seller".
import { publicName } from "~/lib/user.ts";

/** A member's name as others see it: company, else first and last name. */
export function memberName(first: string | null, last: string | null, company: string | null): string {
  return publicName({ firstName: first, lastName: last, companyName: company });
}

/** The name columns of both parties (profiles joined `as buyer` and `as seller`). */
export const PARTY_NAME_COLUMNS = [
  "buyer.first_name as buyer_first_name",
  "buyer.last_name as buyer_last_name",
  "buyer.company_name as buyer_company_name",
  "seller.first_name as seller_first_name",
  "seller.last_name as seller_last_name",
  "seller.company_name as seller_company_name",
] as const;

export interface PartyNameRow {
  buyer_first_name: string | null;
  buyer_last_name: string | null;
  buyer_company_name: string | null;
  seller_first_name: string | null;
  seller_last_name: string | null;
  seller_company_name: string | null;
}

export function partyNames(row: PartyNameRow): { buyer: string; seller: string } {
  return {
    buyer: memberName(row.buyer_first_name, row.buyer_last_name, row.buyer_company_name),
    seller: memberName(row.seller_first_name, row.seller_last_name, row.seller_company_name),
  };
}
