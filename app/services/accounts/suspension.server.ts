// A suspended account is refused in one place, the accounts domain, which every signed-in act passes:
// - its password still checks, but sign-in answers SUSPENDED_MESSAGE instead of a session (verifyLogin);
// - no session is ever created for it (createSession: sign-in and password reset);
// - a session it still holds no longer names anyone (findSessionProfile, the lookup behind requireUser and every
//   guard), so it cannot bid, list, make offers, buy or message, even in the instant before suspendUser deletes its
//   sessions.
// Suspending and reinstating are staff acts: app/services/admin/suspension.server.ts.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { DomainError } from "../domain-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** What a suspended member is told when they try to sign in. */
export const SUSPENDED_MESSAGE = "Your account is suspended, so you cannot sign in. If you think this is a mistake, write to us through the contact page.";

export function accountSuspendedError(): DomainError {
  return new DomainError("forbidden", SUSPENDED_MESSAGE, { code: "account_suspended" });
}

/** Whether `userId`'s account is suspended now. */
async function isAccountSuspended(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("profiles").select("suspended_at").where("id", "=", userId).executeTakeFirst();
  return row !== undefined && row.suspended_at !== null;
}

/** Throws the suspended refusal when `userId`'s account is suspended. */
export async function assertNotSuspended(db: Db, userId: string): Promise<void> {
  if (await isAccountSuspended(db, userId)) throw accountSuspendedError();
}
