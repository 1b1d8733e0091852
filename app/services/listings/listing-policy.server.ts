// Who may see and change a listing, in one place (spec 01 §5 Ownership, §6; docs/decisions/0005-listing-ownership.md):
// the owner edits and deletes, admins may edit too; active and sold listings are public, drafts and archived ones
// only to their owner and admins; a member may watch what is public and active, or their own listing.
import type { Kysely } from "kysely";
import type { Database, Listing } from "#db/schema.ts";
import { isAdminRole, type Role } from "~/lib/roles.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { DomainError } from "../domain-error.ts";

/** Who is acting: the signed-in user's id and role. */
export interface Actor {
  id: string;
  role: Role;
}

/** Statuses anyone may see (the listing page, its auction, messages about it). */
export const PUBLIC_LISTING_STATUSES: readonly string[] = ["active", "sold"];

/** Whether `userId` owns the listing (the seller). */
export function isOwner(listing: { ownerId: string }, userId: string | null | undefined): boolean {
  return userId !== null && userId !== undefined && userId === listing.ownerId;
}

/** The owner or an admin: may open the edit screen and save it. */
export function ownerOrAdmin(listing: { ownerId: string }, actor: Actor | null | undefined): boolean {
  return actor !== null && actor !== undefined && (isOwner(listing, actor.id) || isAdminRole(actor.role));
}

/** Whether the listing is shown to `viewer` (null: anonymous): public statuses to all, the rest to owner and admins. */
export function visibleTo(listing: { status: string; ownerId: string }, viewer: Actor | null | undefined): boolean {
  return PUBLIC_LISTING_STATUSES.includes(listing.status) || ownerOrAdmin(listing, viewer);
}

/** Whether `userId` may start watching the listing: an active one, or their own whatever its status. */
export function watchableBy(listing: { status: string; ownerId: string }, userId: string): boolean {
  return listing.status === "active" || isOwner(listing, userId);
}

/** A stored listing row in the shape the rules read. */
export function ownedListing<T extends Pick<Listing, "user_id" | "status">>(row: T): { ownerId: string; status: string } {
  return { ownerId: row.user_id, status: row.status };
}

export function canEditListing(actor: Actor, listing: Pick<Listing, "user_id">): boolean {
  return ownerOrAdmin({ ownerId: listing.user_id }, actor);
}

/** Only the owner deletes (spec 01 §5, §6). */
export function canDeleteListing(actor: Actor, listing: Pick<Listing, "user_id">): boolean {
  return isOwner({ ownerId: listing.user_id }, actor.id);
}

export function listingNotFound(): DomainError {
  return new DomainError("not_found", LISTING_MESSAGES.notFound);
}

async function findListing(db: Kysely<Database>, listingId: number): Promise<Listing> {
  if (!Number.isSafeInteger(listingId) || listingId <= 0) throw listingNotFound();
  const listing = await db.selectFrom("equipment_listings").selectAll().where("id", "=", listingId).executeTakeFirst();
  if (!listing) throw listingNotFound();
  return listing;
}

/** The listing if `actor` may edit it; a not_found or forbidden DomainError otherwise. */
export async function findEditableListing(db: Kysely<Database>, actor: Actor, listingId: number): Promise<Listing> {
  const listing = await findListing(db, listingId);
  if (!canEditListing(actor, listing)) throw new DomainError("forbidden", LISTING_MESSAGES.updateForbidden);
  return listing;
}

/** The listing if `actor` may delete it; a not_found or forbidden DomainError otherwise. */
export async function findDeletableListing(db: Kysely<Database>, actor: Actor, listingId: number): Promise<Listing> {
  const listing = await findListing(db, listingId);
  if (!canDeleteListing(actor, listing)) throw new DomainError("forbidden", LISTING_MESSAGES.deleteForbidden);
  return listing;
}
