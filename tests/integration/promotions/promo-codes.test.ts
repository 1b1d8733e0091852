// Promo codes through the promotions service, on both engines: staff create (upper case, unique, bounds),
// list with usage, deactivate (audited, no way back) and read statistics; members apply a code inside a write
// transaction with the server's checks (unknown/inactive, validity window, uses left, one use per member); of 50
// concurrent applications of a code with 10 uses left, exactly 10 succeed; the generator's 10 attempts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inWriteTransaction, type OpenedDatabase } from "#db/dialect.ts";
import { PROMO_MESSAGES } from "~/lib/promotions.ts";
import { DomainError } from "~/services/domain-error.ts";
import {
  applyPromoCode,
  createPromoCode,
  deactivatePromoCode,
  generateUniquePromoCode,
  listPromoCodes,
  previewPromoCode,
  PROMO_AUDIT_ACTIONS,
  promoCodeStatistics,
  redeemPromoCode,
} from "~/services/promotions/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
let admin = "";
let support = "";
let member = "";

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

beforeAll(() => {
  opened = createTestDatabase();
});
afterAll(async () => {
  await opened.close();
});
beforeEach(async () => {
  const db = opened.db;
  await db.deleteFrom("promo_code_redemptions").execute();
  await db.deleteFrom("promo_codes").execute();
  await db.deleteFrom("audit_events").execute();
  await db.deleteFrom("profiles").execute();
  await db.deleteFrom("users").execute();
  admin = await insertUserRow(db, "admin@example.test", "admin");
  support = await insertUserRow(db, "support@example.test", "support");
  member = await insertUserRow(db, "member@example.test", "seller");
});

describe("creating promo codes", () => {
  it("stores the code in upper case with its creator, and audits the creation", async () => {
    const code = await createPromoCode(opened.db, admin, {
      code: " spring-25 ",
      description: "Spring clear-out",
      discountType: "percentage",
      discountValue: 2500,
      maxUses: 100,
    });
    expect(code).toMatchObject({
      code: "SPRING-25",
      description: "Spring clear-out",
      discountType: "percentage",
      discountValue: 2500,
      maxUses: 100,
      currentUses: 0,
      active: true,
    });
    const page = await listPromoCodes(opened.db);
    expect(page.codes.map((c) => [c.code, c.creatorEmail])).toEqual([["SPRING-25", "admin@example.test"]]);
    const audit = await opened.db.selectFrom("audit_events").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: admin, action: PROMO_AUDIT_ACTIONS.create, subject_type: "promo_code", subject_id: String(code.id) });
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ old: null, new: { code: "SPRING-25", discount: "25%", max_uses: 100, active: true } });
  });

  it("refuses staff without can_manage_promo_codes, a taken code in any case, and values out of bounds", async () => {
    expect((await refusal(createPromoCode(opened.db, support, { code: "X1", discountType: "fixed", discountValue: 500 }))).kind).toBe("forbidden");
    expect((await refusal(createPromoCode(opened.db, member, { code: "X1", discountType: "fixed", discountValue: 500 }))).kind).toBe("forbidden");
    await createPromoCode(opened.db, admin, { code: "TAKEN", discountType: "fixed", discountValue: 500 });
    const taken = await refusal(createPromoCode(opened.db, admin, { code: "taken", discountType: "fixed", discountValue: 100 }));
    expect([taken.kind, taken.message, taken.field]).toEqual(["conflict", PROMO_MESSAGES.codeTaken, "code"]);
    const cases: [Parameters<typeof createPromoCode>[2], string, string][] = [
      [{ code: "  ", discountType: "fixed", discountValue: 1 }, "code", PROMO_MESSAGES.codeRequired],
      [{ code: "A B", discountType: "fixed", discountValue: 1 }, "code", PROMO_MESSAGES.codeFormat],
      [{ code: "NEG", discountType: "fixed", discountValue: -1 }, "discountValue", PROMO_MESSAGES.valueRange],
      [{ code: "OVER", discountType: "percentage", discountValue: 10_001 }, "discountValue", PROMO_MESSAGES.percentageRange],
      [{ code: "ZERO", discountType: "fixed", discountValue: 1, maxUses: 0 }, "maxUses", PROMO_MESSAGES.maxUsesRange],
      [
        { code: "BACK", discountType: "fixed", discountValue: 1, validFrom: "2027-01-02T00:00:00Z", validUntil: "2027-01-01T00:00:00Z" },
        "validUntil",
        PROMO_MESSAGES.validityOrder,
      ],
    ];
    for (const [input, field, message] of cases) {
      const error = await refusal(createPromoCode(opened.db, admin, input));
      expect([error.kind, error.field, error.message]).toEqual(["invalid", field, message]);
    }
    expect((await listPromoCodes(opened.db)).total).toBe(1);
  });
});

describe("applying a promo code", () => {
  it("previews without using the code, then redeems once per member with the spec's message", async () => {
    await createPromoCode(opened.db, admin, { code: "TENOFF", discountType: "fixed", discountValue: 1000, maxUses: 5 });
    const preview = await previewPromoCode(opened.db, { code: "tenoff", userId: member, amountCents: 1500 });
    expect(preview).toMatchObject({ code: "TENOFF", discountCents: 1000, totalCents: 500, message: "Promo code applied: $10 discount" });
    expect((await listPromoCodes(opened.db)).codes[0]!.currentUses).toBe(0);

    const applied = await inWriteTransaction(opened.db, (trx) => redeemPromoCode(trx, { code: "TENOFF", userId: member, amountCents: 700 }));
    expect([applied.discountCents, applied.totalCents]).toEqual([700, 0]);
    expect((await listPromoCodes(opened.db)).codes[0]!.currentUses).toBe(1);
    const again = await refusal(applyPromoCode(opened.db, { code: "TENOFF", userId: member, amountCents: 700 }));
    expect([again.kind, again.message]).toEqual(["conflict", PROMO_MESSAGES.alreadyUsed]);
    expect((await refusal(previewPromoCode(opened.db, { code: "TENOFF", userId: member, amountCents: 700 }))).message).toBe(PROMO_MESSAGES.alreadyUsed);
  });

  it("gives the use back when the caller's transaction rolls back", async () => {
    await createPromoCode(opened.db, admin, { code: "ONCE", discountType: "percentage", discountValue: 5000, maxUses: 1 });
    await expect(
      inWriteTransaction(opened.db, async (trx) => {
        await redeemPromoCode(trx, { code: "ONCE", userId: member, amountCents: 1000 });
        throw new Error("the import failed");
      }),
    ).rejects.toThrow("the import failed");
    const after = await applyPromoCode(opened.db, { code: "ONCE", userId: member, amountCents: 1000 });
    expect(after.discountCents).toBe(500);
  });

  it("refuses unknown, inactive, not-yet-valid, expired and used-up codes on the server", async () => {
    const now = new Date("2027-03-01T12:00:00Z");
    await createPromoCode(opened.db, admin, { code: "LATER", discountType: "fixed", discountValue: 100, validFrom: "2027-04-01T00:00:00Z" }, now);
    await createPromoCode(
      opened.db,
      admin,
      { code: "OLD", discountType: "fixed", discountValue: 100, validFrom: "2027-01-01T00:00:00Z", validUntil: "2027-02-01T00:00:00Z" },
      now,
    );
    const off = await createPromoCode(opened.db, admin, { code: "OFF", discountType: "fixed", discountValue: 100 }, new Date("2027-01-01T00:00:00Z"));
    await deactivatePromoCode(opened.db, admin, off.id, now);
    await createPromoCode(opened.db, admin, { code: "GONE", discountType: "fixed", discountValue: 100, maxUses: 1 }, new Date("2027-01-01T00:00:00Z"));
    const other = await insertUserRow(opened.db, "other@example.test", "seller");
    await applyPromoCode(opened.db, { code: "GONE", userId: other, amountCents: 500, now });
    const expectations: [string, string][] = [
      ["NOPE", PROMO_MESSAGES.invalid],
      ["OFF", PROMO_MESSAGES.invalid],
      ["bad code!", PROMO_MESSAGES.invalid],
      ["X".repeat(40), PROMO_MESSAGES.invalid],
      ["LATER", PROMO_MESSAGES.notYetValid],
      ["OLD", PROMO_MESSAGES.expired],
      ["GONE", PROMO_MESSAGES.usedUp],
    ];
    for (const [code, message] of expectations) {
      expect((await refusal(applyPromoCode(opened.db, { code, userId: member, amountCents: 500, now }))).message).toBe(message);
      expect((await refusal(previewPromoCode(opened.db, { code, userId: member, amountCents: 500, now }))).message).toBe(message);
    }
    expect(await opened.db.selectFrom("promo_code_redemptions").select("user_id").execute()).toEqual([{ user_id: other }]);
  });

  it("of 50 concurrent applications of a code with 10 uses left, exactly 10 succeed", async () => {
    const code = await createPromoCode(opened.db, admin, { code: "RUSH", discountType: "percentage", discountValue: 1000, maxUses: 12 });
    // Two uses already taken, so 10 are left.
    for (const email of ["early1@example.test", "early2@example.test"]) {
      await applyPromoCode(opened.db, { code: "RUSH", userId: await insertUserRow(opened.db, email, "seller"), amountCents: 500 });
    }
    const members: string[] = [];
    for (let i = 0; i < 50; i++) members.push(await insertUserRow(opened.db, `rush${i}@example.test`, "seller"));
    const outcomes = await Promise.allSettled(members.map((userId) => applyPromoCode(opened.db, { code: "RUSH", userId, amountCents: 2000 })));
    const succeeded = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const failure of refused) {
      expect(failure.reason).toBeInstanceOf(DomainError);
      expect((failure.reason as DomainError).message).toBe(PROMO_MESSAGES.usedUp);
    }
    const row = await opened.db.selectFrom("promo_codes").select(["current_uses"]).where("id", "=", code.id).executeTakeFirstOrThrow();
    expect(Number(row.current_uses)).toBe(12);
    const redemptions = await opened.db.selectFrom("promo_code_redemptions").select("id").where("promo_code_id", "=", code.id).execute();
    expect(redemptions).toHaveLength(12);
  });
});

describe("deactivating, statistics and the generator", () => {
  it("deactivates once (audited with old and new), refuses non-managers, and counts the statistics", async () => {
    const a = await createPromoCode(opened.db, admin, { code: "AAA", discountType: "fixed", discountValue: 100 });
    await createPromoCode(opened.db, admin, { code: "BBB", discountType: "percentage", discountValue: 1000 });
    await applyPromoCode(opened.db, { code: "BBB", userId: member, amountCents: 1000 });
    expect((await refusal(deactivatePromoCode(opened.db, support, a.id))).kind).toBe("forbidden");
    expect((await deactivatePromoCode(opened.db, admin, a.id)).active).toBe(false);
    expect((await deactivatePromoCode(opened.db, admin, a.id)).active).toBe(false);
    const audit = await opened.db.selectFrom("audit_events").selectAll().where("action", "=", PROMO_AUDIT_ACTIONS.deactivate).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ old: { code: "AAA", active: true }, new: { code: "AAA", active: false } });
    expect((await refusal(deactivatePromoCode(opened.db, admin, 999_999))).kind).toBe("not_found");
    expect(await promoCodeStatistics(opened.db)).toEqual({ totalCodes: 2, activeCodes: 1, inactiveCodes: 1, totalUses: 1, mostUsed: { code: "BBB", uses: 1 } });
  });

  it("generates prefix + 8 upper-case letters and digits, and gives up after 10 taken tries with the spec's message", async () => {
    const code = await generateUniquePromoCode(opened.db);
    expect(code).toMatch(/^PROMO[A-Z0-9]{8}$/);
    expect(await generateUniquePromoCode(opened.db, "bulk")).toMatch(/^BULK[A-Z0-9]{8}$/);
    await createPromoCode(opened.db, admin, { code: "PROMOAAAAAAAA", discountType: "fixed", discountValue: 1 });
    let calls = 0;
    const alwaysA = () => {
      calls++;
      return 0;
    };
    const error = await refusal(generateUniquePromoCode(opened.db, "PROMO", alwaysA));
    expect(error.message).toBe(PROMO_MESSAGES.generatorExhausted);
    expect(calls).toBe(10 * 8);
  });
});
