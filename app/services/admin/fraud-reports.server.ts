// Fraud reports against members (docs/product/admin.md#moderation Fraud report, status pending; Admin: the pending count).
// A signed-in member reports another member once while their report is pending, within the same hourly allowance as
// listing reports; moderators (can_moderate_content) read the pending queue oldest first and dismiss or confirm each
// report, audited in audit_events. Confirming records the finding; suspending the account is the users page's act.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { FRAUD_REPORT_REASONS, FRAUD_REPORTS_PAGE, MODERATION_MESSAGES, REPORT_NOTE_MAX, type FraudReportReason } from "~/lib/moderation.ts";
import type { Role } from "~/lib/roles.ts";
import { permissionsOfRole, assertNotAParty } from "../accounts/index.server.ts";
import { sharedRateLimiter, type RateLimiter, recordAuditEvent } from "../platform/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { claimReportAttempt, sellerNameOf } from "./listing-reports.server.ts";

function isFraudReportReason(value: unknown): value is FraudReportReason {
  return typeof value === "string" && (FRAUD_REPORT_REASONS as readonly string[]).includes(value);
}

/** Whether `reporterId` may report `memberId`: the problem to show instead of the form, or null. */
async function memberReportProblem(db: Kysely<Database>, reporterId: string, memberId: string): Promise<string | null> {
  if (reporterId === memberId) return MODERATION_MESSAGES.ownAccount;
  const pending = await db
    .selectFrom("fraud_reports")
    .select("id")
    .where("reported_user_id", "=", memberId)
    .where("reporter_id", "=", reporterId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return pending ? MODERATION_MESSAGES.memberAlreadyReported : null;
}

/** What /user/{id}/report shows of the member: their name, and the problem instead of the form; null when unknown. */
export async function reportableMember(
  db: Kysely<Database>,
  memberId: string,
  reporterId: string,
): Promise<{ id: string; name: string; problem: string | null } | null> {
  if (memberId.length > 100) return null;
  const member = await db.selectFrom("profiles").select(["id", "company_name", "first_name", "last_name"]).where("id", "=", memberId).executeTakeFirst();
  if (!member) return null;
  return { id: member.id, name: sellerNameOf(member) || "This member", problem: await memberReportProblem(db, reporterId, memberId) };
}

/** Files a member's fraud report about another member. Refuses (DomainError) self, unknown members, a second pending one, past the rate limit. */
export async function reportMember(
  db: Kysely<Database>,
  input: { memberId: string; reporterId: string; reason: string; note?: string },
  { limiter = sharedRateLimiter, now = new Date() }: { limiter?: RateLimiter; now?: Date } = {},
): Promise<void> {
  if (!isFraudReportReason(input.reason)) throw new DomainError("invalid", MODERATION_MESSAGES.memberReasonRequired, { field: "reason" });
  const note = (input.note ?? "").trim();
  if (note.length > REPORT_NOTE_MAX) throw new DomainError("invalid", MODERATION_MESSAGES.noteTooLong, { field: "note" });
  if (input.memberId.length > 100) throw new DomainError("not_found", MODERATION_MESSAGES.memberNotFound);
  const member = await db.selectFrom("profiles").select("id").where("id", "=", input.memberId).executeTakeFirst();
  if (!member) throw new DomainError("not_found", MODERATION_MESSAGES.memberNotFound);
  const problem = await memberReportProblem(db, input.reporterId, input.memberId);
  if (problem) throw new DomainError(problem === MODERATION_MESSAGES.ownAccount ? "forbidden" : "conflict", problem);
  await claimReportAttempt(db, input.reporterId, limiter, now);
  const inserted = await db
    .insertInto("fraud_reports")
    .values({ reported_user_id: input.memberId, reporter_id: input.reporterId, reason: input.reason, note, created_at: now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new DomainError("conflict", MODERATION_MESSAGES.memberAlreadyReported);
}

export interface FraudReportEntry {
  id: number;
  reason: FraudReportReason;
  note: string;
  createdAt: string;
  member: { id: string; name: string; email: string };
  reporter: { id: string; name: string };
  /** Pending reports about the same member (this one included). */
  pendingAboutMember: number;
}

/** Pending fraud reports, oldest first; `limit` clamped to 1…FRAUD_REPORTS_PAGE, `offset` to 0…10,000. */
export async function listPendingFraudReports(
  db: Kysely<Database>,
  { limit = FRAUD_REPORTS_PAGE, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<FraudReportEntry[]> {
  const take = Math.min(Math.max(1, Math.trunc(limit) || 1), FRAUD_REPORTS_PAGE);
  const skip = Math.min(Math.max(0, Math.trunc(offset) || 0), 10_000);
  const rows = await db
    .selectFrom("fraud_reports as f")
    .innerJoin("profiles as m", "m.id", "f.reported_user_id")
    .innerJoin("profiles as r", "r.id", "f.reporter_id")
    .select((eb) => [
      "f.id",
      "f.reason",
      "f.note",
      "f.created_at",
      "m.id as member_id",
      "m.email as member_email",
      "m.company_name as member_company",
      "m.first_name as member_first",
      "m.last_name as member_last",
      "r.id as reporter_id",
      "r.company_name as reporter_company",
      "r.first_name as reporter_first",
      "r.last_name as reporter_last",
      eb
        .selectFrom("fraud_reports as same")
        .select((sub) => sub.fn.countAll<number | string>().as("n"))
        .whereRef("same.reported_user_id", "=", "f.reported_user_id")
        .where("same.status", "=", "pending")
        .as("pending_about_member"),
    ])
    .where("f.status", "=", "pending")
    .orderBy("f.created_at")
    .orderBy("f.id")
    .limit(take)
    .offset(skip)
    .execute();
  return rows.flatMap((row) =>
    isFraudReportReason(row.reason)
      ? [
          {
            id: row.id,
            reason: row.reason,
            note: row.note,
            createdAt: row.created_at,
            member: {
              id: row.member_id,
              email: row.member_email,
              name: sellerNameOf({ company_name: row.member_company, first_name: row.member_first, last_name: row.member_last }),
            },
            reporter: {
              id: row.reporter_id,
              name: sellerNameOf({ company_name: row.reporter_company, first_name: row.reporter_first, last_name: row.reporter_last }),
            },
            pendingAboutMember: Number(row.pending_about_member ?? 0),
          },
        ]
      : [],
  );
}

/** Pending fraud reports (docs/product/admin.md#moderation Admin: the dashboard's pending count). */
export async function countPendingFraudReports(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("fraud_reports")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A moderator dismisses or confirms a pending report, audited as fraud_report.dismiss / fraud_report.confirm. */
export async function resolveFraudReport(
  db: Kysely<Database>,
  actorUserId: string,
  reportId: number,
  decision: "dismiss" | "confirm",
  now = new Date(),
): Promise<void> {
  const status = decision === "dismiss" ? "dismissed" : "confirmed";
  await inWriteTransaction(db, async (trx) => {
    const actor = await trx.selectFrom("profiles").select("role").where("id", "=", actorUserId).executeTakeFirst();
    if (!actor || !(await permissionsOfRole(trx, actor.role as Role)).has("can_moderate_content"))
      throw new DomainError("forbidden", MODERATION_MESSAGES.notModerator);
    const report = await trx
      .selectFrom("fraud_reports")
      .select(["id", "reported_user_id", "reporter_id", "status"])
      .where("id", "=", reportId)
      .executeTakeFirst();
    if (!report || report.status !== "pending") throw new DomainError("not_found", MODERATION_MESSAGES.fraudNotFound);
    assertNotAParty("report", actorUserId, [report.reported_user_id, report.reporter_id]);
    await trx
      .updateTable("fraud_reports")
      .set({ status, resolved_at: now.toISOString(), resolved_by: actorUserId })
      .where("id", "=", reportId)
      .where("status", "=", "pending")
      .execute();
    await recordAuditEvent(
      trx,
      {
        actorUserId,
        action: `fraud_report.${decision}`,
        subjectType: "user",
        subjectId: report.reported_user_id,
        detail: JSON.stringify({ report: reportId, old: { status: "pending" }, new: { status } }),
      },
      now,
    );
  });
}
