// The demo accounts, one of each role (listed in the README). Tests sign in with them too.
import type { Role } from "../../app/lib/roles.ts";

export const DEMO_PASSWORD = "tradebench-demo";

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: Role; firstName: string; lastName: string; companyName: string }> = [
  { email: "buyer@tradebench.test", role: "buyer", firstName: "Bianca", lastName: "Byers", companyName: "Northgate Test Labs" },
  { email: "seller@tradebench.test", role: "seller", firstName: "Samuel", lastName: "Sellwood", companyName: "Keystone Surplus" },
  { email: "admin@tradebench.test", role: "admin", firstName: "Ada", lastName: "Admiral", companyName: "Tradebench" },
  { email: "superadmin@tradebench.test", role: "super_admin", firstName: "Sonia", lastName: "Superior", companyName: "Tradebench" },
  { email: "moderator@tradebench.test", role: "moderator", firstName: "Mateo", lastName: "Moderno", companyName: "Tradebench" },
  { email: "referee@tradebench.test", role: "dispute_resolution_referee", firstName: "Rita", lastName: "Referee", companyName: "Tradebench" },
  { email: "billing@tradebench.test", role: "billing", firstName: "Bill", lastName: "Ledger", companyName: "Tradebench" },
  { email: "support@tradebench.test", role: "support", firstName: "Suki", lastName: "Helper", companyName: "Tradebench" },
];

export function demoAccount(role: Role) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  return { ...account, password: DEMO_PASSWORD };
}
