// How members reach trust & safety (policy pages): the mailbox and phone line from the server's configuration,
// each null when unset (the pages then offer the contact form).
import { getEnv, type Env } from "~/env.server.ts";

export interface TrustAndSafetyContact {
  email: string | null;
  phone: string | null;
}

export function trustAndSafetyContact(env: Pick<Env, "TRUST_SAFETY_EMAIL" | "TRUST_SAFETY_PHONE"> = getEnv()): TrustAndSafetyContact {
  return { email: env.TRUST_SAFETY_EMAIL ?? null, phone: env.TRUST_SAFETY_PHONE ?? null };
}
