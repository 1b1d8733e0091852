// One member as the console shows them (/admin/users/{id}): the profile, role, fee exemption and
// suspension; their newest listings and orders (each list bounded, with the full count); the reports about them and
// by them (listing reports and fraud reports, app/services/admin/listing-reports.server.ts); and their sign-in history
// (sign_in_events, written by createSession).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { MEMBER_PAGE_LIST_SIZE } from "~/lib/admin-members.ts";
import { normalizeRole } from "~/lib/roles.ts";
import type { AdminUserRow } from "./user-administration.server.ts";

/** The member as /admin/users lists them (but who changed the role), and what only their page shows. */
export interface MemberDetail extends Pick<
  AdminUserRow,
  "id" | "email" | "firstName" | "lastName" | "companyName" | "role" | "feeExemption" | "createdAt" | "updatedAt" | "lastRoleChange"
> {
  phone: string;
  location: string;
  isVerified: boolean;
  emailConfirmed: boolean;
  suspension: { since: string; by: string | null; byEmail: string | null; reason: string } | null;
  listings: { total: number; rows: { id: number; title: string; status: string; priceCents: number; currency: string; createdAt: string }[] };
  orders: {
    total: number;
    rows: {
      id: number;
      reference: string;
      title: string;
      side: "buyer" | "seller";
      status: string;
      amountCents: number;
      currency: string;
      createdAt: string;
    }[];
  };
  reports: {
    /** Reports by other members of this member's listings: open, and all. */
    listingReportsOpen: number;
    listingReportsTotal: number;
    /** Fraud reports about this member: pending, and all. */
    fraudReportsPending: number;
    fraudReportsTotal: number;
    /** Reports this member filed (listing and fraud). */
    filed: number;
  };
  signIns: { total: number; rows: { at: string; ip: string | null; userAgent: string | null }[] };
}

function count(row: { n: number | string | bigint } | undefined): number {
  return Number(row?.n ?? 0);
}

/** The member's page, or null when there is no such member. */
export async function getMemberDetail(db: Kysely<Database>, userId: string): Promise<MemberDetail | null> {
  const profile = await db
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.id")
    .leftJoin("profiles as suspender", "suspender.id", "profiles.suspended_by")
    .select([
      "profiles.id",
      "profiles.email",
      "profiles.first_name",
      "profiles.last_name",
      "profiles.company_name",
      "profiles.role",
      "profiles.fee_exemption",
      "profiles.phone",
      "profiles.location",
      "profiles.is_verified",
      "profiles.created_at",
      "profiles.updated_at",
      "profiles.last_role_change",
      "profiles.suspended_at",
      "profiles.suspended_by",
      "profiles.suspension_reason",
      "users.email_confirmed_at",
      "suspender.email as suspender_email",
    ])
    .where("profiles.id", "=", userId)
    .executeTakeFirst();
  if (!profile) return null;
  const limit = MEMBER_PAGE_LIST_SIZE;
  const [listingCount, listings, orderCount, orders, listingReports, fraudReports, filedListing, filedFraud, signInCount, signIns] = await Promise.all([
    db
      .selectFrom("equipment_listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("equipment_listings")
      .select(["id", "title", "status", "price_cents", "currency", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => eb.or([eb("buyer_id", "=", userId), eb("seller_id", "=", userId)]))
      .executeTakeFirst(),
    db
      .selectFrom("orders")
      .innerJoin("equipment_listings", "equipment_listings.id", "orders.listing_id")
      .select([
        "orders.id",
        "orders.reference",
        "equipment_listings.title",
        "orders.buyer_id",
        "orders.status",
        "orders.amount_cents",
        "orders.currency",
        "orders.created_at",
      ])
      .where((eb) => eb.or([eb("orders.buyer_id", "=", userId), eb("orders.seller_id", "=", userId)]))
      .orderBy("orders.created_at", "desc")
      .orderBy("orders.id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("listing_reports")
      .innerJoin("equipment_listings", "equipment_listings.id", "listing_reports.listing_id")
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        eb.fn.sum<number>(eb.case().when("listing_reports.status", "=", "open").then(1).else(0).end()).as("open"),
      ])
      .where("equipment_listings.user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("fraud_reports")
      .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.sum<number>(eb.case().when("status", "=", "pending").then(1).else(0).end()).as("pending")])
      .where("reported_user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("listing_reports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("reporter_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("fraud_reports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("reporter_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("sign_in_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("sign_in_events")
      .select(["created_at", "ip", "user_agent"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
  ]);
  return {
    id: profile.id,
    email: profile.email,
    firstName: profile.first_name,
    lastName: profile.last_name,
    companyName: profile.company_name,
    role: normalizeRole(profile.role),
    feeExemption: Number(profile.fee_exemption),
    phone: profile.phone,
    location: profile.location,
    isVerified: Number(profile.is_verified) === 1,
    emailConfirmed: profile.email_confirmed_at !== null,
    createdAt: profile.created_at,
    updatedAt: profile.updated_at,
    lastRoleChange: profile.last_role_change,
    suspension:
      profile.suspended_at === null
        ? null
        : { since: profile.suspended_at, by: profile.suspended_by, byEmail: profile.suspender_email ?? null, reason: profile.suspension_reason },
    listings: {
      total: count(listingCount),
      rows: listings.map((l) => ({
        id: Number(l.id),
        title: l.title,
        status: l.status,
        priceCents: Number(l.price_cents),
        currency: l.currency,
        createdAt: l.created_at,
      })),
    },
    orders: {
      total: count(orderCount),
      rows: orders.map((o) => ({
        id: Number(o.id),
        reference: o.reference,
        title: o.title,
        side: o.buyer_id === userId ? "buyer" : "seller",
        status: o.status,
        amountCents: Number(o.amount_cents),
        currency: o.currency,
        createdAt: o.created_at,
      })),
    },
    reports: {
      listingReportsOpen: Number(listingReports?.open ?? 0),
      listingReportsTotal: Number(listingReports?.total ?? 0),
      fraudReportsPending: Number(fraudReports?.pending ?? 0),
      fraudReportsTotal: Number(fraudReports?.total ?? 0),
      filed: count(filedListing) + count(filedFraud),
    },
    signIns: { total: count(signInCount), rows: signIns.map((s) => ({ at: s.created_at, ip: s.ip, userAgent: s.user_agent })) },
  };
}
