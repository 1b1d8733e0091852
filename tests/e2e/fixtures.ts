// Rows an end-to-end test makes for itself on the server's database, through the app's own Kysely handle and the
// same factories and services the integration tests use (tests/support/*), so a spec never depends on what the demo
// seed happens to hold and never spells out a table's columns in raw SQL.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { openDatabase } from "../../db/dialect.ts";
import type { Database, NewListing } from "../../db/schema.ts";
import { createOrder } from "../../app/services/orders/order-creation.server.ts";
import { insertListingRow } from "../support/listings.ts";
import { insertUserRow } from "../support/users.ts";
import { demoAccount } from "../../db/seed/demo-accounts.ts";
import { databaseFile } from "./support.ts";

/** Runs `work` on the e2e server's database through a Kysely handle of its own (closed afterwards). */
export async function withAppDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const opened = openDatabase({ url: databaseFile(), busyTimeoutMs: 5000 });
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

export interface Member {
  id: string;
  email: string;
  /** First and last name as pages show them. */
  name: string;
}

/**
 * A confirmed member of our own, so no demo account's state changes: `role` (buyer unless given), a name with a
 * unique tag, and the demo password (the demo buyer's hash is copied, no slow hashing) when `canSignIn`.
 */
export async function insertMember(
  db: Kysely<Database>,
  {
    role = "buyer",
    prefix = "member",
    firstName = "Noor",
    lastName = "Haddad",
    companyName = "",
    canSignIn = false,
  }: { role?: string; prefix?: string; firstName?: string; lastName?: string; companyName?: string; canSignIn?: boolean } = {},
): Promise<Member> {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `${prefix}-${tag}@example.com`;
  const id = await insertUserRow(db, email, role);
  const last = `${lastName} ${tag}`;
  await db.updateTable("profiles").set({ first_name: firstName, last_name: last, company_name: companyName }).where("id", "=", id).execute();
  if (canSignIn) {
    const { password_hash } = await db.selectFrom("users").select("password_hash").where("email", "=", demoAccount("buyer").email).executeTakeFirstOrThrow();
    await db.updateTable("users").set({ password_hash }).where("id", "=", id).execute();
  }
  return { id, email, name: `${firstName} ${last}` };
}

/** An active Buy Now listing of `sellerId` (a used oscilloscope at $1,000 unless `values` says otherwise). */
export async function insertListing(db: Kysely<Database>, sellerId: string, values: Partial<NewListing> = {}): Promise<{ id: number; title: string }> {
  const title = values.title ?? `Tektronix MDO3104 oscilloscope ${crypto.randomUUID().slice(0, 8)}`;
  const id = await insertListingRow(db, sellerId, { listing_type: "buy_now", ...values, title });
  return { id, title };
}

/** A Buy Now order placed by `buyerId` for a new (sold) listing of `sellerId`, awaiting payment, as checkout makes it. */
export async function insertOrder(db: Kysely<Database>, buyerId: string, sellerId: string): Promise<{ id: number; reference: string }> {
  const listing = await insertListing(db, sellerId, { status: "sold" });
  return createOrder(
    db,
    { listingId: listing.id, auctionId: null, buyerId, sellerId, saleType: "buy_now", amountCents: 100_000, currency: "USD", createdBy: buyerId },
    new Date(),
  );
}
