// Accounts: registration, sign-in checks and the current user's summary.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "#db/dialect.ts";
import type { Database, Profile } from "#db/schema.ts";
import { normalizeRole, type Role } from "~/lib/roles.ts";
import type { CurrentUser } from "~/lib/user.ts";
import { AUTH_MESSAGES } from "~/schemas/auth.ts";
import { DomainError } from "../domain-error.ts";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./password.server.ts";
import { assertAcceptablePassword } from "./password-policy.server.ts";
import { assertNotSuspended } from "./suspension.server.ts";

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName?: string;
  role: Role;
}

/**
 * Creates the user and their profile in one transaction. A password the policy refuses (./password-policy.server.ts)
 * is refused beside the password field; an address that already has an account is refused (DomainError conflict,
 * code email_taken, beside the email field, with the spec's words) — the registration form does not show that
 * refusal (./registration.server.ts).
 */
export async function registerUser(db: Kysely<Database>, account: NewAccount): Promise<{ userId: string }> {
  const email = account.email.trim().toLowerCase();
  assertAcceptablePassword(account.password, { email });
  const passwordHash = await hashPassword(account.password);
  const userId = crypto.randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("users").values({ id: userId, email, password_hash: passwordHash }).execute();
      await trx
        .insertInto("profiles")
        .values({
          id: userId,
          email,
          first_name: account.firstName.trim(),
          last_name: account.lastName.trim(),
          company_name: account.companyName?.trim() ?? "",
          role: account.role,
          is_verified: 0,
        })
        .execute();
    });
  } catch (error) {
    // The user's id is a fresh random UUID, so the only unique key these inserts can break is the e-mail.
    if (isUniqueViolation(error)) {
      throw new DomainError("conflict", AUTH_MESSAGES.emailTaken, { field: "email", code: "email_taken" });
    }
    throw error;
  }
  return { userId };
}

/** The user id for a correct e-mail and password, else null. Unknown e-mails cost the same time. */
export async function verifyLogin(db: Kysely<Database>, email: string, password: string): Promise<string | null> {
  const user = await db.selectFrom("users").select(["id", "password_hash"]).where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  if (!user) {
    await verifyPassword(password, await decoyPasswordHash());
    return null;
  }
  if (!(await verifyPassword(password, user.password_hash))) return null;
  // Only once the password matched: a suspended account is told so, and gets no session.
  await assertNotSuspended(db, user.id);
  return user.id;
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<{ id: string; email: string } | null> {
  const row = await db.selectFrom("users").select(["id", "email"]).where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  return row ?? null;
}

/** The profile columns a CurrentUser is made of (with users.email_confirmed_at). */
export const CURRENT_USER_COLUMNS = ["id", "email", "first_name", "last_name", "company_name", "avatar_url", "role", "display_currency"] as const;

export function toCurrentUser(row: Pick<Profile, (typeof CURRENT_USER_COLUMNS)[number]> & { email_confirmed_at: string | null }): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    avatarUrl: row.avatar_url,
    role: normalizeRole(row.role),
    emailConfirmed: row.email_confirmed_at !== null,
    displayCurrency: row.display_currency,
  };
}

export async function getCurrentUser(db: Kysely<Database>, userId: string): Promise<CurrentUser | null> {
  const row = await db
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.id")
    .select(CURRENT_USER_COLUMNS.map((column) => `profiles.${column}` as const))
    .select("users.email_confirmed_at")
    .where("profiles.id", "=", userId)
    .executeTakeFirst();
  return row ? toCurrentUser(row) : null;
}
