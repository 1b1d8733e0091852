// audit_events: what staff did to what, one row per act, written in the same transaction as the act itself so a
// change is never made without its record. Forum moderation writes here now; the administration pages will too.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { AuditAction } from "~/lib/audit-actions.ts";

export interface AuditEventInput {
  /** Who did it (null for the system). */
  actorUserId: string | null;
  /** What was done, dotted: forum.topic.pin, forum.post.hide, … — one of the catalogue (app/lib/audit-actions.ts). */
  action: AuditAction;
  /** What it was done to: a kind and its id. */
  subjectType: string;
  subjectId: string | number;
  /** Free text or JSON: values before and after, a reason. */
  detail?: string;
}

export interface AuditEvent {
  id: number;
  actorUserId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  detail: string;
  createdAt: string;
}

/** Records one act (call inside the act's transaction). */
export async function recordAuditEvent(db: Kysely<Database>, event: AuditEventInput, now = new Date()): Promise<void> {
  await db
    .insertInto("audit_events")
    .values({
      actor_user_id: event.actorUserId,
      action: event.action,
      subject_type: event.subjectType,
      subject_id: String(event.subjectId),
      detail: event.detail ?? "",
      created_at: now.toISOString(),
    })
    .execute();
}

/** The most events one read returns. */
const AUDIT_EVENTS_PAGE = 100;

/** The newest events about one subject (or all, without one), newest first, at most AUDIT_EVENTS_PAGE. */
export async function listAuditEvents(db: Kysely<Database>, subject?: { type: string; id: string | number }, limit = AUDIT_EVENTS_PAGE): Promise<AuditEvent[]> {
  let query = db.selectFrom("audit_events").selectAll();
  if (subject) query = query.where("subject_type", "=", subject.type).where("subject_id", "=", String(subject.id));
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(Math.min(Math.max(1, limit), AUDIT_EVENTS_PAGE))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actorUserId: row.actor_user_id,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    detail: row.detail,
    createdAt: row.created_at,
  }));
}
