// How the forum names a member: their public name (app/lib/user.ts: company, else full name), else "Member" (never
// their e-mail address).
import { publicName } from "~/lib/user.ts";

export interface MemberNameRow {
  first_name: string;
  last_name: string;
  company_name: string;
}

export function memberName(row: MemberNameRow): string {
  return publicName({ firstName: row.first_name, lastName: row.last_name, companyName: row.company_name }, "Member");
}
