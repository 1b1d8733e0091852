// Who may see and change a listing, in one place (docs/product/listings.md#states; docs/decisions/0005-listing-ownership.md,
// 0025): the owner edits and deletes; whoever holds can_manage_listings (in the role_permissions table, so changing a
// row changes it at once) may edit too; active and sold listings are public, drafts and archived ones only to their
// owner and listing managers; a member may watch what is public and active, or their own listing.
import type { Kysely } from "kysely";
import type { Database, Listing } from "#db/schema.ts";
import { LISTING_UNDER_REVIEW, moderationHoldMessage } from "~/lib/moderation.ts";
import type { Permission } from "~/lib/permissions.ts";
import type { Role } from "~/lib/roles.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { permissionsOfRole } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { LISTING_ROW_COLUMNS } from "./listing-columns.server.ts";

/** Who is acting: the signed-in user's id and role (what a route knows). */
export interface Actor {
  id: string;
  role: Role;
}

/** The actor as the policy reads them: their permissions, loaded once per request by the service (listingActor). */
export interface ListingActor {
  id: string;
  role?: Role;
  permissions: ReadonlySet<Permission>;
}

/** The permission that lets its holder see and edit any listing, not only their own. */
const MANAGE_ANY_LISTING: Permission = "can_manage_listings";

/** `actor` with the permissions their role holds now (null stays null: a visitor). */
export async function listingActor(db: Kysely<Database>, actor: Actor): Promise<ListingActor>;
export async function listingActor(db: Kysely<Database>, actor: Actor | null | undefined): Promise<ListingActor | null>;
export async function listingActor(db: Kysely<Database>, actor: Actor | null | undefined): Promise<ListingActor | null> {
  if (!actor) return null;
  return { id: actor.id, role: actor.role, permissions: await permissionsOfRole(db, actor.role) };
}

/**
 * Statuses anyone may see (the listing page, its auction, messages about it, lists and recent views). An unsold
 * listing keeps its page and its ended auction's page (bidders follow their links), but only "active" is for sale.
 */
export const PUBLIC_LISTING_STATUSES: readonly string[] = ["active", "unsold", "sold"];

/** Whether a listing in `status` is shown to everyone. */
function isPublicStatus(status: string): boolean {
  return PUBLIC_LISTING_STATUSES.includes(status);
}

/** Whether `userId` owns the listing (the seller). */
export function isOwner(listing: { ownerId: string }, userId: string | null | undefined): boolean {
  return userId !== null && userId !== undefined && userId === listing.ownerId;
}

/** Whether `actor` may see and edit any listing (holds can_manage_listings). */
function managesAnyListing(actor: ListingActor | null | undefined): boolean {
  return actor !== null && actor !== undefined && actor.permissions.has(MANAGE_ANY_LISTING);
}

/** The owner or a listing manager: may open the edit screen and save it. */
export function ownerOrManager(listing: { ownerId: string }, actor: ListingActor | null | undefined): boolean {
  return actor !== null && actor !== undefined && (isOwner(listing, actor.id) || managesAnyListing(actor));
}

/**
 * Whether the listing is shown to `viewer` (null: anonymous): public statuses to all, the rest to owner and managers.
 * A listing its reports put under review keeps its page (only search, lists and checkout leave it out meanwhile).
 */
export function visibleTo(listing: { status: string; ownerId: string }, viewer: ListingActor | null | undefined): boolean {
  return isPublicStatus(listing.status) || listing.status === LISTING_UNDER_REVIEW || ownerOrManager(listing, viewer);
}

/** Whether `userId` may start watching the listing: an active one, or their own whatever its status. */
export function watchableBy(listing: { status: string; ownerId: string }, userId: string): boolean {
  return listing.status === "active" || isOwner(listing, userId);
}

/** A stored listing row in the shape the rules read. */
export function ownedListing<T extends Pick<Listing, "user_id" | "status">>(row: T): { ownerId: string; status: string } {
  return { ownerId: row.user_id, status: row.status };
}

function canEditListing(actor: ListingActor, listing: Pick<Listing, "user_id">): boolean {
  return ownerOrManager({ ownerId: listing.user_id }, actor);
}

/** Only the owner deletes (docs/product/listings.md#states). */
export function canDeleteListing(actor: { id: string }, listing: Pick<Listing, "user_id">): boolean {
  return isOwner({ ownerId: listing.user_id }, actor.id);
}

export function listingNotFound(): DomainError {
  return new DomainError("not_found", LISTING_MESSAGES.notFound);
}

async function findListing(db: Kysely<Database>, listingId: number): Promise<Listing> {
  if (!Number.isSafeInteger(listingId) || listingId <= 0) throw listingNotFound();
  const listing = await db.selectFrom("equipment_listings").select(LISTING_ROW_COLUMNS).where("id", "=", listingId).executeTakeFirst();
  if (!listing) throw listingNotFound();
  return listing;
}

/**
 * Moderation states are terminal for the seller: a listing its reports hid, or a moderator removed, is
 * changed only by a moderator's decision. The seller's refusal (forbidden, with the reason), or null. Staff who manage
 * listings may still correct someone else's (the status stays as moderation left it); their own is held like anyone's.
 */
export function moderationHold(listing: { status: string; ownerId: string }, actorId: string): DomainError | null {
  if (!isOwner(listing, actorId)) return null;
  const message = moderationHoldMessage(listing.status);
  return message ? new DomainError("forbidden", message) : null;
}

/** Throws the seller's refusal when moderation holds the listing (moderationHold). */
function assertNoModerationHold(listing: { status: string; ownerId: string }, actorId: string): void {
  const hold = moderationHold(listing, actorId);
  if (hold) throw hold;
}

/** The listing if `actor` may edit it; a not_found or forbidden DomainError otherwise (moderation holds it: forbidden). */
export async function findEditableListing(db: Kysely<Database>, actor: Actor, listingId: number): Promise<Listing> {
  const listing = await findListing(db, listingId);
  if (!canEditListing(await listingActor(db, actor), listing)) throw new DomainError("forbidden", LISTING_MESSAGES.updateForbidden);
  assertNoModerationHold(ownedListing(listing), actor.id);
  return listing;
}

/** The listing if `actor` may delete it; a not_found or forbidden DomainError otherwise (moderation holds it: forbidden). */
export async function findDeletableListing(db: Kysely<Database>, actor: Actor, listingId: number): Promise<Listing> {
  const listing = await findListing(db, listingId);
  if (!canDeleteListing(actor, listing)) throw new DomainError("forbidden", LISTING_MESSAGES.deleteForbidden);
  assertNoModerationHold(ownedListing(listing), actor.id);
  return listing;
}
