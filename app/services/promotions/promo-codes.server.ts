// Promo codes (docs/product/admin.md#promo-codes PROMO_CODE, Promo-code service):
// - staff with can_manage_promo_codes create codes (upper case, unique), list them with their usage, deactivate them
//   (active → inactive; no reactivation) and read their statistics; each change writes an audit_events row;
// - `redeemPromoCode(trx, …)` applies a code inside the caller's own write transaction (bulk import charges its fee in
//   the same transaction as it creates the listings), `previewPromoCode(db, …)` answers the Apply button without
//   counting a use, `applyPromoCode(db, …)` is redeem in a transaction of its own.
// A redemption takes one use with a conditional UPDATE on the code's row (read first with `forUpdate`), so whatever
// the number of concurrent applications, a code with N uses left is applied at most N times; the checks are made on
// the server with the spec's messages (unknown or inactive → "Invalid promo code"; validity window; uses left; one use
// per member, also a unique index).
import { randomInt } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { forUpdate, inWriteTransaction, isUniqueViolation } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import type { Permission } from "~/lib/permissions.ts";
import {
  formatPromoDiscount,
  normalizePromoCode,
  PROMO_CODE_MAX_LENGTH,
  PROMO_CODE_PATTERN,
  PROMO_CODES_PAGE_SIZE,
  PROMO_DESCRIPTION_MAX_LENGTH,
  PROMO_DISCOUNT_TYPES,
  PROMO_FIXED_MAX_CENTS,
  PROMO_GENERATOR,
  PROMO_MAX_USES_LIMIT,
  PROMO_MESSAGES,
  PROMO_PREFIX_MAX_LENGTH,
  promoDiscountCents,
  type PromoDiscountType,
} from "~/lib/promotions.ts";
import { normalizeRole } from "~/lib/roles.ts";
import { permissionsOfRole } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/index.server.ts";

/** What the audit log calls the promo-code acts. */
export const PROMO_AUDIT_ACTIONS = {
  create: "promo_code.create",
  deactivate: "promo_code.deactivate",
} as const;

export interface PromoCode {
  id: number;
  code: string;
  description: string;
  discountType: PromoDiscountType;
  /** percentage: hundredths of a percent; fixed: cents. */
  discountValue: number;
  maxUses: number | null;
  currentUses: number;
  validFrom: string;
  validUntil: string | null;
  active: boolean;
  createdBy: string | null;
  creatorEmail: string | null;
  creatorName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What applying (or previewing) a code gives on an amount. */
export interface PromoApplication {
  promoCodeId: number;
  code: string;
  discountType: PromoDiscountType;
  discountValue: number;
  /** The amount the code was applied to, in cents. */
  amountCents: number;
  /** What the code takes off it, in cents (never more than the amount). */
  discountCents: number;
  /** amountCents − discountCents. */
  totalCents: number;
  /** docs/product/admin.md#promo-codes: "Promo code applied: {value}{% or $} discount". */
  message: string;
}

export interface PromoApplicationInput {
  code: string;
  userId: string;
  /** The amount the code is applied to, in cents (≥ 0). */
  amountCents: number;
  now?: Date;
}

type PromoRow = {
  id: number;
  code: string;
  description: string;
  discount_type: string;
  discount_value: number;
  max_uses: number | null;
  current_uses: number;
  valid_from: string;
  valid_until: string | null;
  active: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

const PROMO_COLUMNS = [
  "promo_codes.id",
  "promo_codes.code",
  "promo_codes.description",
  "promo_codes.discount_type",
  "promo_codes.discount_value",
  "promo_codes.max_uses",
  "promo_codes.current_uses",
  "promo_codes.valid_from",
  "promo_codes.valid_until",
  "promo_codes.active",
  "promo_codes.created_by",
  "promo_codes.created_at",
  "promo_codes.updated_at",
] as const;

function toPromoCode(row: PromoRow & { creator_email?: string | null; creator_first?: string | null; creator_last?: string | null }): PromoCode {
  const name = `${row.creator_first ?? ""} ${row.creator_last ?? ""}`.trim();
  return {
    id: Number(row.id),
    code: row.code,
    description: row.description,
    discountType: row.discount_type === "fixed" ? "fixed" : "percentage",
    discountValue: Number(row.discount_value),
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    currentUses: Number(row.current_uses),
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    active: Number(row.active) === 1,
    createdBy: row.created_by,
    creatorEmail: row.creator_email ?? null,
    creatorName: name === "" ? null : name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function checkAmount(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new DomainError("invalid", PROMO_MESSAGES.applyFailed("the amount must be a whole number of cents, at least 0"), { field: "amountCents" });
  }
  return amountCents;
}

function codeFromInput(code: string): string {
  const normalized = normalizePromoCode(String(code ?? ""));
  // An over-long or malformed code cannot exist: the same answer as an unknown one, before any query.
  if (normalized === "" || normalized.length > PROMO_CODE_MAX_LENGTH || !PROMO_CODE_PATTERN.test(normalized)) {
    throw new DomainError("invalid", PROMO_MESSAGES.invalid, { field: "promoCode", code: "invalid" });
  }
  return normalized;
}

/** The checks every application makes, on a row read in the caller's transaction; returns what it would give. */
async function checkApplication(db: Kysely<Database>, row: PromoRow | undefined, input: PromoApplicationInput): Promise<PromoApplication> {
  if (!row || Number(row.active) !== 1) throw new DomainError("invalid", PROMO_MESSAGES.invalid, { field: "promoCode", code: "invalid" });
  const now = (input.now ?? new Date()).toISOString();
  if (row.valid_from > now) throw new DomainError("invalid", PROMO_MESSAGES.notYetValid, { field: "promoCode", code: "not_yet_valid" });
  if (row.valid_until !== null && row.valid_until <= now) throw new DomainError("invalid", PROMO_MESSAGES.expired, { field: "promoCode", code: "expired" });
  if (row.max_uses !== null && Number(row.current_uses) >= Number(row.max_uses)) {
    throw new DomainError("conflict", PROMO_MESSAGES.usedUp, { field: "promoCode", code: "used_up" });
  }
  const used = await db
    .selectFrom("promo_code_redemptions")
    .select("id")
    .where("promo_code_id", "=", Number(row.id))
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  if (used) throw new DomainError("conflict", PROMO_MESSAGES.alreadyUsed, { field: "promoCode", code: "already_used" });
  const discount = { discountType: row.discount_type === "fixed" ? ("fixed" as const) : ("percentage" as const), discountValue: Number(row.discount_value) };
  const discountCents = promoDiscountCents(input.amountCents, discount);
  return {
    promoCodeId: Number(row.id),
    code: row.code,
    ...discount,
    amountCents: input.amountCents,
    discountCents,
    totalCents: input.amountCents - discountCents,
    message: PROMO_MESSAGES.applied(discount),
  };
}

/**
 * What `code` would take off `amountCents` for `userId` now, with every check of a redemption, without using it
 * (the Apply button). Throws DomainError (invalid / conflict) with the spec's messages.
 */
export async function previewPromoCode(db: Kysely<Database>, input: PromoApplicationInput): Promise<PromoApplication> {
  checkAmount(input.amountCents);
  const code = codeFromInput(input.code);
  const row = await db.selectFrom("promo_codes").select(PROMO_COLUMNS).where("code", "=", code).executeTakeFirst();
  return checkApplication(db, row, input);
}

/**
 * Applies `code` to `amountCents` for `userId` INSIDE the caller's write transaction (`trx` comes from
 * `inWriteTransaction`; pass `{ decidesOnLockedRows: true }` there when the rest of the work also decides on rows it
 * locked, so that concurrent redemptions queue on the code's row instead of retrying): locks the code's row, checks
 * it, takes one use and records the redemption. If the caller's transaction rolls back, the use is given back with it.
 * Returns the discount; throws DomainError with the spec's messages when the code cannot be applied.
 */
export async function redeemPromoCode(trx: Kysely<Database>, input: PromoApplicationInput): Promise<PromoApplication> {
  checkAmount(input.amountCents);
  const code = codeFromInput(input.code);
  const row = await forUpdate(trx, trx.selectFrom("promo_codes").select(PROMO_COLUMNS).where("code", "=", code)).executeTakeFirst();
  const application = await checkApplication(trx, row, input);
  const stamp = (input.now ?? new Date()).toISOString();
  // The conditional update is the count that holds: it takes a use only while one is left.
  const taken = await trx
    .updateTable("promo_codes")
    .set({ current_uses: sql`current_uses + 1`, updated_at: stamp })
    .where("id", "=", application.promoCodeId)
    .where("active", "=", 1)
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("current_uses", "<", eb.ref("max_uses"))]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new DomainError("conflict", PROMO_MESSAGES.usedUp, { field: "promoCode", code: "used_up" });
  try {
    await trx
      .insertInto("promo_code_redemptions")
      .values({
        promo_code_id: application.promoCodeId,
        user_id: input.userId,
        amount_cents: application.amountCents,
        discount_cents: application.discountCents,
        created_at: stamp,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", PROMO_MESSAGES.alreadyUsed, { field: "promoCode", code: "already_used" });
    throw error;
  }
  return application;
}

/** `redeemPromoCode` in a write transaction of its own. */
export async function applyPromoCode(db: Kysely<Database>, input: PromoApplicationInput): Promise<PromoApplication> {
  return inWriteTransaction(db, (trx) => redeemPromoCode(trx, input), { decidesOnLockedRows: true });
}

// ── Administration ──

async function requirePromoManager(db: Kysely<Database>, actorUserId: string): Promise<void> {
  const actor = await db.selectFrom("profiles").select("role").where("id", "=", actorUserId).executeTakeFirst();
  const permissions = actor ? await permissionsOfRole(db, normalizeRole(actor.role)) : new Set<Permission>();
  if (!permissions.has("can_manage_promo_codes")) {
    throw new DomainError("forbidden", "You do not have permission to do this.", { code: "can_manage_promo_codes" });
  }
}

export interface NewPromoCode {
  code: string;
  description?: string;
  discountType: PromoDiscountType;
  /** percentage: hundredths of a percent (0–10000); fixed: cents (≥ 0). */
  discountValue: number;
  /** null or undefined: unlimited. */
  maxUses?: number | null;
  /** ISO-8601; defaults to now. */
  validFrom?: string | null;
  validUntil?: string | null;
}

function checkNewPromoCode(
  input: NewPromoCode,
  now: Date,
): { code: string; description: string; validFrom: string; validUntil: string | null; maxUses: number | null } {
  const code = normalizePromoCode(String(input.code ?? ""));
  if (code === "") throw new DomainError("invalid", PROMO_MESSAGES.codeRequired, { field: "code" });
  if (code.length > PROMO_CODE_MAX_LENGTH || !PROMO_CODE_PATTERN.test(code)) throw new DomainError("invalid", PROMO_MESSAGES.codeFormat, { field: "code" });
  const description = String(input.description ?? "").trim();
  if (description.length > PROMO_DESCRIPTION_MAX_LENGTH) throw new DomainError("invalid", PROMO_MESSAGES.descriptionTooLong, { field: "description" });
  if (!(PROMO_DISCOUNT_TYPES as readonly string[]).includes(input.discountType))
    throw new DomainError("invalid", "Choose percentage or fixed.", { field: "discountType" });
  if (!Number.isSafeInteger(input.discountValue) || input.discountValue < 0)
    throw new DomainError("invalid", PROMO_MESSAGES.valueRange, { field: "discountValue" });
  if (input.discountType === "percentage" && input.discountValue > 10_000)
    throw new DomainError("invalid", PROMO_MESSAGES.percentageRange, { field: "discountValue" });
  if (input.discountType === "fixed" && input.discountValue > PROMO_FIXED_MAX_CENTS)
    throw new DomainError("invalid", PROMO_MESSAGES.fixedRange, { field: "discountValue" });
  const maxUses = input.maxUses ?? null;
  if (maxUses !== null && (!Number.isSafeInteger(maxUses) || maxUses < 1 || maxUses > PROMO_MAX_USES_LIMIT)) {
    throw new DomainError("invalid", PROMO_MESSAGES.maxUsesRange, { field: "maxUses" });
  }
  const time = (value: string | null | undefined, field: string): string | null => {
    if (value === null || value === undefined || value === "") return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new DomainError("invalid", "Enter a valid date and time.", { field });
    return date.toISOString();
  };
  const validFrom = time(input.validFrom, "validFrom") ?? now.toISOString();
  const validUntil = time(input.validUntil, "validUntil");
  if (validUntil !== null && validUntil <= validFrom) throw new DomainError("invalid", PROMO_MESSAGES.validityOrder, { field: "validUntil" });
  return { code, description, validFrom, validUntil, maxUses };
}

/** Creates a code for `actorUserId` (can_manage_promo_codes), audited. Refuses a taken code with a field message. */
export async function createPromoCode(db: Kysely<Database>, actorUserId: string, input: NewPromoCode, now = new Date()): Promise<PromoCode> {
  const checked = checkNewPromoCode(input, now);
  try {
    return await inWriteTransaction(db, async (trx) => {
      await requirePromoManager(trx, actorUserId);
      const taken = await trx.selectFrom("promo_codes").select("id").where("code", "=", checked.code).executeTakeFirst();
      if (taken) throw new DomainError("conflict", PROMO_MESSAGES.codeTaken, { field: "code" });
      const stamp = now.toISOString();
      const inserted = await trx
        .insertInto("promo_codes")
        .values({
          code: checked.code,
          description: checked.description,
          discount_type: input.discountType,
          discount_value: input.discountValue,
          max_uses: checked.maxUses,
          valid_from: checked.validFrom,
          valid_until: checked.validUntil,
          active: 1,
          created_by: actorUserId,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning(PROMO_COLUMNS)
        .executeTakeFirstOrThrow();
      await recordAuditEvent(
        trx,
        {
          actorUserId,
          action: PROMO_AUDIT_ACTIONS.create,
          subjectType: "promo_code",
          subjectId: Number(inserted.id),
          detail: JSON.stringify({
            old: null,
            new: {
              code: checked.code,
              discount: formatPromoDiscount(input),
              max_uses: checked.maxUses,
              valid_from: checked.validFrom,
              valid_until: checked.validUntil,
              active: true,
            },
          }),
        },
        now,
      );
      return toPromoCode(inserted);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", PROMO_MESSAGES.codeTaken, { field: "code" });
    throw error;
  }
}

/** Active → inactive (no way back, docs/product/admin.md#promo-codes), audited; an inactive code stays as it is and writes nothing. */
export async function deactivatePromoCode(db: Kysely<Database>, actorUserId: string, promoCodeId: number, now = new Date()): Promise<PromoCode> {
  return inWriteTransaction(db, async (trx) => {
    await requirePromoManager(trx, actorUserId);
    const row = await forUpdate(trx, trx.selectFrom("promo_codes").select(PROMO_COLUMNS).where("id", "=", promoCodeId)).executeTakeFirst();
    if (!row) throw new DomainError("not_found", PROMO_MESSAGES.notFound);
    if (Number(row.active) !== 1) return toPromoCode(row);
    const stamp = now.toISOString();
    await trx.updateTable("promo_codes").set({ active: 0, updated_at: stamp }).where("id", "=", promoCodeId).execute();
    await recordAuditEvent(
      trx,
      {
        actorUserId,
        action: PROMO_AUDIT_ACTIONS.deactivate,
        subjectType: "promo_code",
        subjectId: promoCodeId,
        detail: JSON.stringify({ old: { code: row.code, active: true }, new: { code: row.code, active: false } }),
      },
      now,
    );
    return toPromoCode({ ...row, active: 0, updated_at: stamp });
  });
}

export interface PromoCodesPage {
  codes: PromoCode[];
  total: number;
  page: number;
  pageCount: number;
}

/** Codes newest first with their creator (docs/product/admin.md#promo-codes: select all with creator email and name), a page at a time. */
export async function listPromoCodes(db: Kysely<Database>, options: { page?: number } = {}): Promise<PromoCodesPage> {
  const totalRow = await db
    .selectFrom("promo_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(totalRow.n);
  const pageCount = Math.max(1, Math.ceil(total / PROMO_CODES_PAGE_SIZE));
  const page = Math.min(pageCount, Math.max(1, Math.trunc(Number.isFinite(options.page) ? (options.page as number) : 1)));
  const rows = await db
    .selectFrom("promo_codes")
    .leftJoin("profiles", "profiles.id", "promo_codes.created_by")
    .select(PROMO_COLUMNS)
    .select(["profiles.email as creator_email", "profiles.first_name as creator_first", "profiles.last_name as creator_last"])
    .orderBy("promo_codes.created_at", "desc")
    .orderBy("promo_codes.id", "desc")
    .limit(PROMO_CODES_PAGE_SIZE)
    .offset((page - 1) * PROMO_CODES_PAGE_SIZE)
    .execute();
  return { codes: rows.map(toPromoCode), total, page, pageCount };
}

export interface PromoCodeStatistics {
  totalCodes: number;
  activeCodes: number;
  inactiveCodes: number;
  totalUses: number;
  mostUsed: { code: string; uses: number } | null;
}

/** docs/product/admin.md#promo-codes: total codes, active, inactive, most used, total uses (aggregated in the database). */
export async function promoCodeStatistics(db: Kysely<Database>): Promise<PromoCodeStatistics> {
  const totals = await db
    .selectFrom("promo_codes")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(sql`case when active = 1 then 1 else 0 end`).as("active"),
      eb.fn.sum<number>("current_uses").as("uses"),
    ])
    .executeTakeFirstOrThrow();
  const top = await db
    .selectFrom("promo_codes")
    .select(["code", "current_uses"])
    .where("current_uses", ">", 0)
    .orderBy("current_uses", "desc")
    .orderBy("id", "asc")
    .limit(1)
    .executeTakeFirst();
  const total = Number(totals.total);
  const active = Number(totals.active ?? 0);
  return {
    totalCodes: total,
    activeCodes: active,
    inactiveCodes: total - active,
    totalUses: Number(totals.uses ?? 0),
    mostUsed: top ? { code: top.code, uses: Number(top.current_uses) } : null,
  };
}

/**
 * docs/product/admin.md#promo-codes: a code nobody has yet, the prefix (default PROMO, upper-cased) and 8 random upper-case letters and
 * digits, tried up to 10 times; else "Unable to generate unique promo code after multiple attempts". `random` is for
 * tests (an index into the alphabet).
 */
export async function generateUniquePromoCode(
  db: Kysely<Database>,
  prefix: string = PROMO_GENERATOR.defaultPrefix,
  random: (size: number) => number = randomInt,
): Promise<string> {
  const head = normalizePromoCode(prefix);
  if (head.length > PROMO_PREFIX_MAX_LENGTH || (head !== "" && !PROMO_CODE_PATTERN.test(head))) {
    throw new DomainError("invalid", `Use up to ${PROMO_PREFIX_MAX_LENGTH} letters, digits, - or _ for the prefix.`, { field: "prefix" });
  }
  const { alphabet, length, attempts } = PROMO_GENERATOR;
  for (let attempt = 0; attempt < attempts; attempt++) {
    let tail = "";
    for (let i = 0; i < length; i++) tail += alphabet[random(alphabet.length)];
    const code = `${head}${tail}`;
    const taken = await db.selectFrom("promo_codes").select("id").where("code", "=", code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new DomainError("conflict", PROMO_MESSAGES.generatorExhausted, { field: "code" });
}
