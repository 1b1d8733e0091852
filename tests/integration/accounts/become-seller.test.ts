// A buyer becomes a seller later, on both engines: from /profile/start-selling a confirmed buyer who ticks
// the terms becomes a seller (audited {old, new}, company name kept) and then reaches /create-listing's loader and the
// seller dashboard, which refused them before; the terms must be ticked; a seller, a moderator or an administrator
// posting the form is refused with a message; an unconfirmed buyer is refused with the confirmation rule's message.
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { EMAIL_CONFIRMATION_MESSAGES } from "~/lib/email-confirmation-messages.ts";
import { BECOME_SELLER_AUDIT_ACTION, BECOME_SELLER_MESSAGES } from "~/schemas/become-seller.ts";
import { becomeSeller, permissionsOfRole } from "~/services/accounts/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: null as unknown as Kysely<Database> }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const startSelling = await import("~/routes/profile_.start-selling.tsx");
const createListing = await import("~/routes/create-listing.tsx");
const sellerDashboard = await import("~/routes/seller-dashboard.tsx");

let opened: OpenedDatabase;
const calls = routeCalls<{ formError?: string; fieldErrors?: Record<string, string>; refusal?: string | null; message?: string }>({ db: () => opened.db });
const PATH = "/profile/start-selling";

async function roleOf(id: string) {
  return await opened.db
    .selectFrom("profiles")
    .select(["role", "company_name", "last_role_change", "changed_by"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

beforeAll(() => {
  opened = createTestDatabase();
  database.current = opened.db;
});
afterAll(async () => {
  await opened.close();
});
beforeEach(async () => {
  for (const table of ["audit_events", "sessions", "profiles", "users"] as const) await opened.db.deleteFrom(table).execute();
});

describe("a buyer starts selling", () => {
  it("becomes a seller with the terms ticked, audited, and then reaches /create-listing and the seller dashboard", async () => {
    const buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
    expect(await permissionsOfRole(opened.db, "seller")).toContain("can_create_listings");
    expect((await calls.get(createListing, "/create-listing", buyer)).location).toBe("/dashboard");
    expect((await calls.get(sellerDashboard, "/seller-dashboard", buyer)).location).toBe("/");
    expect((await calls.get(startSelling, PATH, buyer)).data).toMatchObject({ refusal: null });

    const unticked = await calls.post(startSelling, PATH, buyer, { companyName: "Probe Works" });
    expect([unticked.status, unticked.data?.fieldErrors?.acceptTerms]).toEqual([400, BECOME_SELLER_MESSAGES.acceptTerms]);
    expect((await roleOf(buyer)).role).toBe("buyer");

    const done = await calls.post(startSelling, PATH, buyer, { companyName: "Probe Works", acceptTerms: "on" });
    expect([done.status, done.location]).toEqual([302, "/seller-dashboard?welcome=seller"]);
    expect(await roleOf(buyer)).toMatchObject({ role: "seller", company_name: "Probe Works", changed_by: buyer });
    expect((await roleOf(buyer)).last_role_change).not.toBeNull();
    const audit = await opened.db.selectFrom("audit_events").selectAll().where("action", "=", BECOME_SELLER_AUDIT_ACTION).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: buyer, subject_type: "user", subject_id: buyer });
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ old: { role: "buyer", companyName: "" }, new: { role: "seller", companyName: "Probe Works" } });

    expect((await calls.get(createListing, "/create-listing", buyer)).status).toBe(200);
    expect((await calls.get(sellerDashboard, "/seller-dashboard", buyer)).status).toBe(200);
    // Once a seller, the page and the form say so, and nothing more is written.
    expect((await calls.get(startSelling, PATH, buyer)).data).toMatchObject({ refusal: BECOME_SELLER_MESSAGES.alreadySeller });
    const again = await calls.post(startSelling, PATH, buyer, { acceptTerms: "on" });
    expect([again.status, again.data?.formError]).toEqual([409, BECOME_SELLER_MESSAGES.alreadySeller]);
    expect(await opened.db.selectFrom("audit_events").select("id").where("action", "=", BECOME_SELLER_AUDIT_ACTION).execute()).toHaveLength(1);
  });

  it("refuses sellers and staff with a message, and unconfirmed buyers with the confirmation rule's", async () => {
    const seller = await insertUserRow(opened.db, "seller@example.test", "seller");
    const moderator = await insertUserRow(opened.db, "moderator@example.test", "moderator");
    const admin = await insertUserRow(opened.db, "admin@example.test", "admin");
    const unconfirmed = await insertUserRow(opened.db, "new@example.test", "buyer", { confirmed: false });

    const bySeller = await calls.post(startSelling, PATH, seller, { acceptTerms: "on" });
    expect([bySeller.status, bySeller.data?.formError]).toEqual([409, BECOME_SELLER_MESSAGES.alreadySeller]);
    for (const staff of [moderator, admin]) {
      const byStaff = await calls.post(startSelling, PATH, staff, { acceptTerms: "on" });
      expect([byStaff.status, byStaff.data?.formError]).toEqual([403, BECOME_SELLER_MESSAGES.staffCannotSell]);
    }
    expect((await calls.get(startSelling, PATH, moderator)).data).toMatchObject({ refusal: BECOME_SELLER_MESSAGES.staffCannotSell });
    const byUnconfirmed = await calls.post(startSelling, PATH, unconfirmed, { acceptTerms: "on" });
    expect([byUnconfirmed.status, byUnconfirmed.data?.message]).toEqual([403, EMAIL_CONFIRMATION_MESSAGES.required]);
    expect((await calls.get(startSelling, PATH, unconfirmed)).data).toMatchObject({ refusal: EMAIL_CONFIRMATION_MESSAGES.required });
    const viaService = await becomeSeller(opened.db, unconfirmed, { acceptTerms: true }).catch((error: unknown) => error);
    expect(viaService).toBeInstanceOf(DomainError);
    expect((viaService as DomainError).message).toBe(EMAIL_CONFIRMATION_MESSAGES.required);

    expect((await roleOf(seller)).role).toBe("seller");
    expect((await roleOf(moderator)).role).toBe("moderator");
    expect((await roleOf(admin)).role).toBe("admin");
    expect((await roleOf(unconfirmed)).role).toBe("buyer");
    expect(await opened.db.selectFrom("audit_events").select("id").where("action", "=", BECOME_SELLER_AUDIT_ACTION).execute()).toEqual([]);
  });
});
