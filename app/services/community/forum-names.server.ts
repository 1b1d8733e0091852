// How the forum names a member: their full name, else their company, else "Member" (never their e-mail address).
export interface MemberNameRow {
  first_name: string;
  last_name: string;
  company_name: string;
}

export function memberName(row: MemberNameRow): string {
  const name = `${row.first_name} ${row.last_name}`.trim();
  return name || row.company_name.trim() || "Member";
}
