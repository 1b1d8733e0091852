// The audit log as administrators read it (issue 19 §3, spec 02 §3 AUDIT_LOG, §7 Role service, §9): audit_events
// newest first with the actor's e-mail and name, filtered by actor, action, subject and date, 50 entries by default and
// never more than AUDIT_LOG_MAX_LIMIT per read; older pages follow a cursor (created_at and id of the last entry shown),
// so a page costs the same however deep it is.
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { AUDIT_LOG_DEFAULT_LIMIT, AUDIT_LOG_FILTER_MAX_LENGTH, AUDIT_LOG_MAX_LIMIT } from "~/lib/admin.ts";
import { DomainError } from "../domain-error.ts";

export interface AuditLogFilter {
  /** Only what this member did. */
  actorUserId?: string;
  /** Only what members whose e-mail or name contains this text did. */
  actor?: string;
  /** Only this action (user.role_change, forum.topic.pin, …); a value ending in "." matches every action it starts. */
  action?: string;
  /** Only acts on this subject. */
  subject?: { type: string; id: string | number };
  /** Only acts at or after this instant. */
  from?: Date;
  /** Only acts before this instant. */
  until?: Date;
  /** The cursor a previous page returned: entries older than its last one. */
  after?: string;
  /** 1…AUDIT_LOG_MAX_LIMIT; AUDIT_LOG_DEFAULT_LIMIT when absent. */
  limit?: number;
}

export interface AuditLogEntry {
  id: number;
  action: string;
  actorUserId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  subjectType: string;
  subjectId: string;
  /** The values before and after the act, when the detail records them (spec 02 §3 old_values, new_values). */
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  /** The detail as recorded (free text or JSON). */
  detail: string;
  createdAt: string;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  /** Pass as `after` for the next (older) page; null when this page is the last. */
  nextCursor: string | null;
}

function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** "created_at|id" → its parts, or a refusal for anything else. */
function parseCursor(cursor: string): { createdAt: string; id: number } {
  const match = /^(\d{4}-\d{2}-\d{2}T[0-9:.]+Z)\|(\d{1,15})$/.exec(cursor);
  if (!match) throw new DomainError("invalid", "This page of the audit log no longer exists; start from the newest entries.", { field: "after" });
  return { createdAt: match[1] as string, id: Number(match[2]) };
}

function valuesOf(detail: unknown, key: "old" | "new"): Record<string, unknown> | null {
  if (typeof detail !== "object" || detail === null) return null;
  const value = (detail as Record<string, unknown>)[key];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function parsedDetail(detail: string): unknown {
  if (!detail.startsWith("{")) return null;
  try {
    return JSON.parse(detail) as unknown;
  } catch {
    return null;
  }
}

/** One page of the audit log, newest first. */
export async function queryAuditLog(db: Kysely<Database>, filter: AuditLogFilter = {}): Promise<AuditLogPage> {
  for (const [field, value] of [["actor", filter.actor], ["action", filter.action]] as const) {
    if (value !== undefined && value.length > AUDIT_LOG_FILTER_MAX_LENGTH) {
      throw new DomainError("too_large", `Filter by at most ${AUDIT_LOG_FILTER_MAX_LENGTH} characters.`, { field });
    }
  }
  const limit = Math.min(AUDIT_LOG_MAX_LIMIT, Math.max(1, Math.trunc(filter.limit ?? AUDIT_LOG_DEFAULT_LIMIT) || AUDIT_LOG_DEFAULT_LIMIT));
  let query = db
    .selectFrom("audit_events as e")
    .leftJoin("profiles as p", "p.id", "e.actor_user_id")
    .select(["e.id", "e.action", "e.actor_user_id", "e.subject_type", "e.subject_id", "e.detail", "e.created_at", "p.email", "p.first_name", "p.last_name"]);
  if (filter.actorUserId) query = query.where("e.actor_user_id", "=", filter.actorUserId);
  const actor = filter.actor?.trim();
  if (actor) {
    const pattern = containsPattern(actor);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(p.email)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(p.first_name || ' ' || p.last_name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const action = filter.action?.trim();
  if (action) {
    query = action.endsWith(".")
      ? query.where("e.action", "like", sql<string>`${`${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`)
      : query.where("e.action", "=", action);
  }
  if (filter.subject) query = query.where("e.subject_type", "=", filter.subject.type).where("e.subject_id", "=", String(filter.subject.id));
  if (filter.from) query = query.where("e.created_at", ">=", filter.from.toISOString());
  if (filter.until) query = query.where("e.created_at", "<", filter.until.toISOString());
  if (filter.after) {
    const cursor = parseCursor(filter.after);
    query = query.where((eb) =>
      eb.or([eb("e.created_at", "<", cursor.createdAt), eb.and([eb("e.created_at", "=", cursor.createdAt), eb("e.id", "<", cursor.id)])]),
    );
  }
  const rows = await query.orderBy("e.created_at", "desc").orderBy("e.id", "desc").limit(limit + 1).execute();
  const shown = rows.slice(0, limit);
  const entries = shown.map((row): AuditLogEntry => {
    const detail = parsedDetail(row.detail);
    const name = row.email === null ? null : `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim();
    return {
      id: Number(row.id),
      action: row.action,
      actorUserId: row.actor_user_id,
      actorEmail: row.email,
      actorName: name === "" ? null : name,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      oldValues: valuesOf(detail, "old"),
      newValues: valuesOf(detail, "new"),
      detail: row.detail,
      createdAt: row.created_at,
    };
  });
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > limit && last ? `${last.createdAt}|${last.id}` : null };
}
