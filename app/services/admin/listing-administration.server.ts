// /admin/listings: every listing whatever its status, found by title text, status, seller (e-mail or
// name) and category, newest first, 25 to a page; staff holding can_manage_listings feature and unfeature a listing
// (the home page's Featured Equipment shows active featured listings), each change an audit_events row.
// Bounds: text ≤ 100 characters; pages ≤ 400; the total is exact up to 10,000 ("10,000+" beyond).
import { sql, type Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { ADMIN_LISTINGS_TEXT_MAX } from "~/lib/moderation.ts";
import type { Role } from "~/lib/roles.ts";
import { permissionsOfRole, assertNotAParty } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { categoryScope, primaryThumbnail } from "../listings/index.server.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { sellerNameOf } from "./listing-reports.server.ts";

const ADMIN_LISTINGS_PAGE_SIZE = 25;
const ADMIN_LISTINGS_MAX_PAGE = 400;
const ADMIN_LISTINGS_COUNT_CAP = 10_000;

export interface AdminListingsQuery {
  /** Words of the title (a case-insensitive "contains"). */
  search?: string;
  status?: string;
  /** The seller's e-mail, company or name (contains). */
  seller?: string;
  /** A category id or slug at any level: it and everything under it. */
  category?: string;
  /** Only the listings one bulk import created. */
  importId?: number | null;
  page?: number;
}

export interface AdminListingRow {
  id: number;
  title: string;
  status: string;
  priceCents: number;
  currency: string;
  categoryId: string;
  isFeatured: boolean;
  imageUrl: string | null;
  sellerId: string;
  sellerName: string;
  sellerEmail: string;
  createdAt: string;
  openReports: number;
}

export interface AdminListingsPage {
  listings: AdminListingRow[];
  total: number;
  totalIsExact: boolean;
  page: number;
  pageCount: number;
}

/** `text` as a LIKE pattern matching it anywhere, with %, _ and \ taken literally (ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listListingsForAdmin(db: Kysely<Database>, query: AdminListingsQuery = {}): Promise<AdminListingsPage> {
  const search = (query.search ?? "").trim();
  const seller = (query.seller ?? "").trim();
  if (search.length > ADMIN_LISTINGS_TEXT_MAX || seller.length > ADMIN_LISTINGS_TEXT_MAX || (query.category ?? "").length > 200) {
    throw new DomainError("invalid", `Keep each search under ${ADMIN_LISTINGS_TEXT_MAX} characters.`);
  }
  const scope = query.category ? await categoryScope(db, query.category) : null;
  if (scope && scope.length === 0) return { listings: [], total: 0, totalIsExact: true, page: 1, pageCount: 1 };
  let base = db.selectFrom("equipment_listings as l").innerJoin("profiles as p", "p.id", "l.user_id");
  if (query.status) base = base.where("l.status", "=", query.status);
  if (scope) base = base.where("l.category_id", "in", scope);
  if (query.importId) {
    const importId = query.importId;
    base = base.where("l.id", "in", (eb) =>
      eb
        .selectFrom("bulk_import_rows")
        .select("listing_id")
        .where("import_id", "=", importId)
        .where("listing_id", "is not", null)
        .$narrowType<{ listing_id: number }>(),
    );
  }
  if (search) base = base.where(sql<boolean>`lower(l.title) like ${containsPattern(search)} escape '\\'`);
  if (seller) {
    const pattern = containsPattern(seller);
    base = base.where(
      sql<boolean>`(lower(p.email) like ${pattern} escape '\\' or lower(coalesce(p.company_name, '')) like ${pattern} escape '\\' or lower(p.first_name || ' ' || p.last_name) like ${pattern} escape '\\')`,
    );
  }
  const counted = await db
    .selectFrom(
      base
        .select("l.id")
        .limit(ADMIN_LISTINGS_COUNT_CAP + 1)
        .as("m"),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const matches = Number(counted.n);
  const total = Math.min(matches, ADMIN_LISTINGS_COUNT_CAP);
  const pageCount = Math.max(1, Math.min(ADMIN_LISTINGS_MAX_PAGE, Math.ceil(total / ADMIN_LISTINGS_PAGE_SIZE)));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1) || 1), pageCount);
  const rows = await base
    .select((eb) => [
      "l.id",
      "l.title",
      "l.status",
      "l.price_cents",
      "l.currency",
      "l.category_id",
      "l.is_featured",
      "l.created_at",
      "l.user_id",
      "p.email",
      "p.company_name",
      "p.first_name",
      "p.last_name",
      primaryThumbnail(eb.ref("l.id")).as("image_url"),
      eb
        .selectFrom("listing_reports as r")
        .select((sub) => sub.fn.countAll<number | string>().as("n"))
        .whereRef("r.listing_id", "=", "l.id")
        .where("r.status", "=", "open")
        .as("open_reports"),
    ])
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(ADMIN_LISTINGS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_LISTINGS_PAGE_SIZE)
    .execute();
  return {
    listings: rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      priceCents: row.price_cents,
      currency: row.currency,
      categoryId: row.category_id,
      isFeatured: row.is_featured === 1,
      imageUrl: row.image_url,
      sellerId: row.user_id,
      sellerName: sellerNameOf(row),
      sellerEmail: row.email,
      createdAt: row.created_at,
      openReports: Number(row.open_reports ?? 0),
    })),
    total,
    totalIsExact: matches <= ADMIN_LISTINGS_COUNT_CAP,
    page,
    pageCount,
  };
}

/**
 * Features or unfeatures a listing (the home page shows active featured listings), audited as listing.feature /
 * listing.unfeature with the old and new value. Needs can_manage_listings; only an active listing is featured; a
 * change to what it already is writes nothing. Returns whether anything changed.
 */
export async function setListingFeatured(db: Kysely<Database>, actorUserId: string, listingId: number, featured: boolean, now = new Date()): Promise<boolean> {
  return inWriteTransaction(db, async (trx) => {
    const actor = await trx.selectFrom("profiles").select("role").where("id", "=", actorUserId).executeTakeFirst();
    if (!actor || !(await permissionsOfRole(trx, actor.role as Role)).has("can_manage_listings")) {
      throw new DomainError("forbidden", "Only listing managers can feature listings.");
    }
    const listing = await trx
      .selectFrom("equipment_listings")
      .select(["id", "user_id", "status", "is_featured"])
      .where("id", "=", listingId)
      .executeTakeFirst();
    if (!listing) throw new DomainError("not_found", "Listing not found");
    // Featuring is sold to sellers: staff do not feature (or unfeature) their own listing for free.
    assertNotAParty("listing", actorUserId, [listing.user_id]);
    if ((listing.is_featured === 1) === featured) return false;
    if (featured && listing.status !== "active") throw new DomainError("conflict", "Only an active listing can be featured.");
    await trx
      .updateTable("equipment_listings")
      .set({ is_featured: featured ? 1 : 0 })
      .where("id", "=", listingId)
      .execute();
    await recordAuditEvent(
      trx,
      {
        actorUserId,
        action: featured ? "listing.feature" : "listing.unfeature",
        subjectType: "listing",
        subjectId: listingId,
        detail: JSON.stringify({ old: { is_featured: listing.is_featured === 1 }, new: { is_featured: featured } }),
      },
      now,
    );
    return true;
  });
}
