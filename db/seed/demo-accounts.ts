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

/**
 * DEMO ONLY: the authenticator-app secrets (base32) of the demo staff whose roles need two-step sign-in,
 * printed in the README so the demo works without a phone (`npm run demo:codes` prints their current codes). Never
 * seeded outside the demo.
 */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = {
  "admin@tradebench.test": "TGRYEMVB2W3QDQDYTNE22DZ3KI2ZPUXY",
  "superadmin@tradebench.test": "TWE3JMQWARJY2DCOZGKHLNS5QW7QCYQZ",
  "referee@tradebench.test": "6EGUGUR26GISAXSSCITIXZWSKCTV4V47",
  "billing@tradebench.test": "SDNVMDURLCTSVETGWG3BQ5N2FXNHSC7Q",
};

export function demoAccount(role: Role) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  return { ...account, password: DEMO_PASSWORD, totpSecret: DEMO_TOTP_SECRETS[account.email] ?? null };
}
