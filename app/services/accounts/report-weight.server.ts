// How much a member's report or flag counts towards hiding content before a moderator looks, and whose
// content reports never hide. One rule for listing reports and forum flags: an account's weight follows its standing
// (confirmed, age, suspensions now and before; app/lib/moderation.ts has the figures), so a handful of fresh accounts
// cannot take a listing or a post down; content by a member whose role holds can_skip_report_hiding (the staff roles,
// as seeded; docs/decisions/0087) is only ever queued for review, never auto-hidden.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { MEMBER_AUDIT_ACTIONS } from "~/lib/admin-members.ts";
import { FRESH_REPORT_WEIGHT, REPORT_WEIGHT_TO_HIDE, SEASONED_REPORT_WEIGHT, SEASONED_REPORTER_DAYS } from "~/lib/moderation.ts";
import { normalizeRole } from "~/lib/roles.ts";
import { roleHasPermission } from "./permissions.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReporterStanding {
  confirmed: boolean;
  createdAt: string;
  suspended: boolean;
  everSuspended: boolean;
}

/** The weight of one reporter (pure): nothing when unconfirmed or suspended, less when fresh or suspended before. */
export function reportWeightOf(standing: ReporterStanding, now: Date): number {
  if (!standing.confirmed || standing.suspended) return 0;
  const ageMs = now.getTime() - new Date(standing.createdAt).getTime();
  if (!(ageMs >= SEASONED_REPORTER_DAYS * DAY_MS) || standing.everSuspended) return FRESH_REPORT_WEIGHT;
  return SEASONED_REPORT_WEIGHT;
}

/** The summed weight of `reporterIds` (each counted once) as their accounts stand now. */
export async function reportersWeight(db: Kysely<Database>, reporterIds: readonly string[], now: Date = new Date()): Promise<number> {
  const ids = [...new Set(reporterIds)];
  if (ids.length === 0) return 0;
  const [accounts, suspensions] = await Promise.all([
    db
      .selectFrom("users as u")
      .innerJoin("profiles as p", "p.id", "u.id")
      .select(["u.id", "u.created_at", "u.email_confirmed_at", "p.suspended_at"])
      .where("u.id", "in", ids)
      .execute(),
    db
      .selectFrom("audit_events")
      .select("subject_id")
      .distinct()
      .where("subject_type", "=", "user")
      .where("subject_id", "in", ids)
      .where("action", "=", MEMBER_AUDIT_ACTIONS.suspend)
      .execute(),
  ]);
  const suspendedBefore = new Set(suspensions.map((row) => row.subject_id));
  return accounts.reduce(
    (sum, row) =>
      sum +
      reportWeightOf(
        {
          confirmed: row.email_confirmed_at !== null,
          createdAt: String(row.created_at),
          suspended: row.suspended_at !== null,
          everSuspended: suspendedBefore.has(row.id),
        },
        now,
      ),
    0,
  );
}

/**
 * Whether reports by `reporterIds` hide content by `authorId` pending review: never the content of an author whose role
 * holds can_skip_report_hiding now, otherwise once the reporters weigh REPORT_WEIGHT_TO_HIDE.
 */
export async function reportsHideContent(db: Kysely<Database>, authorId: string, reporterIds: readonly string[], now: Date = new Date()): Promise<boolean> {
  const author = await db.selectFrom("profiles").select("role").where("id", "=", authorId).executeTakeFirst();
  if (!author || (await roleHasPermission(db, normalizeRole(author.role), "can_skip_report_hiding"))) return false;
  return (await reportersWeight(db, reporterIds, now)) >= REPORT_WEIGHT_TO_HIDE;
}
