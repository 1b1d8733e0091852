// The listing policy reads permissions, not roles (docs/decisions/0025): whoever holds
// can_manage_listings in role_permissions may see drafts and edit others' listings; taking the row away takes that
// away at once; a buyer never may; only the owner deletes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Role } from "~/lib/roles.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { DomainError } from "~/services/domain-error.ts";
import { canManageListing, getListingDetail } from "~/services/listings/listing-detail.server.ts";
import { getListingForEdit } from "~/services/listings/listing-form-defaults.server.ts";
import { findDeletableListing, findEditableListing, listingActor, visibleTo } from "~/services/listings/listing-policy.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
const people = {} as Record<"owner" | "buyer" | "moderator" | "admin", { id: string; role: Role }>;
let draftId: number;
let activeId: number;

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  database = createTestDatabase();
  for (const [key, role] of [
    ["owner", "seller"],
    ["buyer", "buyer"],
    ["moderator", "moderator"],
    ["admin", "admin"],
  ] as const) {
    people[key] = { id: await insertUserRow(database.db, undefined, role), role };
  }
  draftId = await insertListingRow(database.db, people.owner.id, { status: "draft" });
  activeId = await insertListingRow(database.db, people.owner.id, { status: "active" });
});

afterEach(async () => {
  // Put back the admin's row if a test took it away.
  await database.db
    .insertInto("role_permissions")
    .values({ role: "admin", permission: "can_manage_listings" })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
});

afterAll(async () => {
  await database?.close();
});

describe("listing policy by permission", () => {
  it("hands back the listing's own columns only (on PostgreSQL, never the search index's generated vector)", async () => {
    const listing = await findEditableListing(database.db, people.owner, activeId);
    expect(listing.id).toBe(activeId);
    expect(Object.keys(listing)).not.toContain("search_vector");
  });

  it("lets a moderator (can_manage_listings) view a draft and edit someone else's listing, but not delete it", async () => {
    const moderator = await listingActor(database.db, people.moderator);
    expect(moderator.permissions.has("can_manage_listings")).toBe(true);

    expect((await getListingDetail(database.db, draftId, people.moderator))?.status).toBe("draft");
    expect(await canManageListing(database.db, { ownerId: people.owner.id }, people.moderator)).toBe(true);
    expect((await findEditableListing(database.db, people.moderator, activeId)).id).toBe(activeId);
    expect((await getListingForEdit(database.db, people.moderator, draftId)).canDelete).toBe(false);

    const deleting = await refusal(findDeletableListing(database.db, people.moderator, activeId));
    expect(deleting.kind).toBe("forbidden");
    expect(deleting.message).toBe(LISTING_MESSAGES.deleteForbidden);
  });

  it("keeps admins able to view drafts and edit while their role holds can_manage_listings", async () => {
    expect((await getListingDetail(database.db, draftId, people.admin))?.status).toBe("draft");
    expect((await findEditableListing(database.db, people.admin, activeId)).id).toBe(activeId);
  });

  it("takes drafts and edits away from admins once can_manage_listings is removed from their role", async () => {
    await database.db.deleteFrom("role_permissions").where("role", "=", "admin").where("permission", "=", "can_manage_listings").execute();

    expect(await getListingDetail(database.db, draftId, people.admin)).toBeNull();
    expect(await canManageListing(database.db, { ownerId: people.owner.id }, people.admin)).toBe(false);
    const editing = await refusal(findEditableListing(database.db, people.admin, activeId));
    expect(editing.kind).toBe("forbidden");
    expect(editing.message).toBe(LISTING_MESSAGES.updateForbidden);
    // The public listing stays public to them, and the owner keeps every right.
    expect((await getListingDetail(database.db, activeId, people.admin))?.status).toBe("active");
    expect((await findEditableListing(database.db, people.owner, draftId)).id).toBe(draftId);
  });

  it("never lets a buyer see a draft or edit someone else's listing", async () => {
    expect(await getListingDetail(database.db, draftId, people.buyer)).toBeNull();
    expect(await canManageListing(database.db, { ownerId: people.owner.id }, people.buyer)).toBe(false);
    const editing = await refusal(findEditableListing(database.db, people.buyer, activeId));
    expect(editing.kind).toBe("forbidden");
    expect(visibleTo({ status: "draft", ownerId: people.owner.id }, await listingActor(database.db, people.buyer))).toBe(false);
  });
});
