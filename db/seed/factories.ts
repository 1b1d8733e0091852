// Factories for demo data and tests: real rows made through the real services.
import type { Kysely } from "kysely";
import { registerUser } from "../../app/services/accounts/account.server.ts";
import { markEmailConfirmed } from "../../app/services/accounts/email-confirmation.server.ts";
import type { Role } from "../../app/lib/roles.ts";
import type { Database } from "../schema.ts";
import type { Random } from "./random.ts";

const FIRST_NAMES = ["Ada", "Grace", "Linus", "Hedy", "Nikola", "Marie", "Claude", "Rosalind", "Alan", "Katherine", "Dennis", "Barbara"];
const LAST_NAMES = ["Okafor", "Lindqvist", "Moreno", "Tanaka", "Schmidt", "Novak", "Haddad", "Kowalski", "Brennan", "Ivanova", "Chen", "Dubois"];
const COMPANIES = ["Northgate Test Labs", "Keystone Automation", "Riverside Calibration", "Apex Plant Services", "Bluewater Instruments", "Ironclad Equipment"];
const CITIES = [
  { city: "Austin", state: "TX", zip: "78701" },
  { city: "San Jose", state: "CA", zip: "95113" },
  { city: "Columbus", state: "OH", zip: "43215" },
  { city: "Raleigh", state: "NC", zip: "27601" },
  { city: "Denver", state: "CO", zip: "80202" },
];

export interface AccountSpec {
  email: string;
  password: string;
  role: Role;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  verified?: boolean;
  /** Whether the e-mail address counts as confirmed (default true: demo and factory accounts need no link). */
  emailConfirmed?: boolean;
}

/** Creates an account (user + profile) and fills a plausible profile from the random source.
 * Every random choice is made before the first await, so concurrent calls stay deterministic. */
export async function createAccount(db: Kysely<Database>, random: Random, spec: AccountSpec): Promise<string> {
  const firstName = spec.firstName ?? random.pick(FIRST_NAMES);
  const lastName = spec.lastName ?? random.pick(LAST_NAMES);
  const companyName = spec.companyName ?? random.pick(COMPANIES);
  const place = random.pick(CITIES);
  const phone = `+1 555 ${String(random.int(100, 999))} ${String(random.int(1000, 9999))}`;
  const joined = new Date(Date.UTC(2025, random.int(0, 11), random.int(1, 28))).toISOString();

  const result = await registerUser(db, { email: spec.email, password: spec.password, firstName, lastName, companyName, role: spec.role });
  await db
    .updateTable("profiles")
    .set({
      phone,
      city: place.city,
      state: place.state,
      zip: place.zip,
      country: "United States",
      location: `${place.city}, ${place.state}`,
      is_verified: spec.verified ? 1 : 0,
      verification_date: spec.verified ? joined : null,
      created_at: joined,
    })
    .where("id", "=", result.userId)
    .execute();
  if (spec.emailConfirmed ?? true) await markEmailConfirmed(db, result.userId, new Date(joined));
  return result.userId;
}
