// The audit log as administrators read it (docs/product/admin.md#audit-log AUDIT_LOG, Role service): audit_events
// newest first with the actor's e-mail and name, filtered by actor, action, subject and date, 50 entries by default and
// never more than AUDIT_LOG_MAX_LIMIT per read; older pages follow a cursor (created_at and id of the last entry shown),
// so a page costs the same however deep it is. The action filter takes a catalogued action or group only
// (app/lib/audit-actions.ts); each page names its actors and subjects (one query per subject type for the page, so a
// page of 100 entries costs at most a dozen reads); auditLogCsv writes the same filters as a bounded CSV.
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { AUDIT_LOG_CSV_MAX_ROWS, AUDIT_LOG_DEFAULT_LIMIT, AUDIT_LOG_FILTER_MAX_LENGTH, AUDIT_LOG_MAX_LIMIT } from "~/lib/admin.ts";
import { auditActionLabel, auditDetailLines, isAuditActionFilter, UNKNOWN_AUDIT_ACTION_MESSAGE, type AuditSubjectRef } from "~/lib/audit-actions.ts";
import { csvCell, csvLine, UTF8_BOM } from "~/lib/csv.ts";
import { isRole, ROLE_LABELS } from "~/lib/roles.ts";
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
  /** The values before and after the act, when the detail records them (docs/product/admin.md#audit-log old_values, new_values). */
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
  for (const [field, value] of [
    ["actor", filter.actor],
    ["action", filter.action],
  ] as const) {
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
  if (action && !isAuditActionFilter(action)) throw new DomainError("invalid", UNKNOWN_AUDIT_ACTION_MESSAGE(action), { field: "action" });
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
  const rows = await query
    .orderBy("e.created_at", "desc")
    .orderBy("e.id", "desc")
    .limit(limit + 1)
    .execute();
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

/** An entry as the page and the CSV show it: who by name, the act's label, the subject by name, the detail in words. */
export interface NamedAuditEntry extends AuditLogEntry {
  /** The actor's name (their e-mail when they gave none), "The marketplace" for the system, or "A former member". */
  actorLabel: string;
  actionLabel: string;
  /** What the act was done to: its kind in words ("Listing"), its name (the title, the member's name), and what a link to it needs. */
  subject: AuditSubjectRef & { kind: string; name: string };
  /** The detail in plain words: "role: buyer → seller", one line per field; free text as it was written. */
  detailLines: string[];
}

export interface NamedAuditLogPage {
  entries: NamedAuditEntry[];
  nextCursor: string | null;
}

const NUMERIC_ID = /^\d{1,15}$/;

function personName(first: string | null | undefined, last: string | null | undefined, email: string): string {
  const name = `${first ?? ""} ${last ?? ""}`.trim();
  return name === "" ? email : name;
}

const quoted = (text: string) => `\u201c${text}\u201d`;

/**
 * The names of the subjects of `entries`: one query per subject type present (ids bounded by the page), none for a
 * type named without the database (roles, exchange rates). A subject that no longer exists keeps its kind and id.
 */
async function subjectNames(db: Kysely<Database>, entries: readonly AuditLogEntry[]): Promise<Map<string, AuditSubjectRef & { name: string }>> {
  const idsOf = (type: string, numeric: boolean) =>
    [...new Set(entries.filter((entry) => entry.subjectType === type).map((entry) => entry.subjectId))].filter((id) => !numeric || NUMERIC_ID.test(id));
  const numbers = (type: string) => idsOf(type, true).map(Number);
  const named = new Map<string, AuditSubjectRef & { name: string }>();
  const put = (type: string, id: string | number, value: Omit<AuditSubjectRef, "type" | "id"> & { name: string }) =>
    named.set(`${type}|${id}`, { type, id: String(id), ...value });
  const users = idsOf("user", false);
  const listings = numbers("listing");
  const orders = numbers("order");
  const reviews = numbers("review");
  const topics = numbers("forum_topic");
  const posts = numbers("forum_post");
  const categories = idsOf("category", false);
  const promos = numbers("promo_code");
  const imports = numbers("bulk_import");
  await Promise.all([
    users.length === 0
      ? null
      : db
          .selectFrom("profiles")
          .select(["id", "first_name", "last_name", "email"])
          .where("id", "in", users)
          .execute()
          .then((rows) => rows.forEach((row) => put("user", row.id, { name: personName(row.first_name, row.last_name, row.email) }))),
    listings.length === 0
      ? null
      : db
          .selectFrom("equipment_listings")
          .select(["id", "title"])
          .where("id", "in", listings)
          .execute()
          .then((rows) => rows.forEach((row) => put("listing", row.id, { name: row.title }))),
    orders.length === 0
      ? null
      : db
          .selectFrom("orders")
          .select(["id", "reference"])
          .where("id", "in", orders)
          .execute()
          .then((rows) => rows.forEach((row) => put("order", row.id, { name: row.reference }))),
    reviews.length === 0
      ? null
      : db
          .selectFrom("reviews as r")
          .leftJoin("profiles as by", "by.id", "r.reviewer_id")
          .leftJoin("profiles as of", "of.id", "r.reviewed_id")
          .select([
            "r.id",
            "r.reviewed_id",
            "by.first_name as by_first",
            "by.last_name as by_last",
            "by.email as by_email",
            "of.first_name as of_first",
            "of.last_name as of_last",
            "of.email as of_email",
          ])
          .where("r.id", "in", reviews)
          .execute()
          .then((rows) =>
            rows.forEach((row) =>
              put("review", row.id, {
                name: `by ${row.by_email ? personName(row.by_first, row.by_last, row.by_email) : "a former member"} of ${row.of_email ? personName(row.of_first, row.of_last, row.of_email) : "a former member"}`,
                memberId: row.reviewed_id,
              }),
            ),
          ),
    topics.length === 0
      ? null
      : db
          .selectFrom("forum_topics")
          .select(["id", "title"])
          .where("id", "in", topics)
          .execute()
          .then((rows) => rows.forEach((row) => put("forum_topic", row.id, { name: row.title }))),
    posts.length === 0
      ? null
      : db
          .selectFrom("forum_posts as p")
          .innerJoin("forum_topics as t", "t.id", "p.topic_id")
          .select(["p.id", "p.topic_id", "t.title"])
          .where("p.id", "in", posts)
          .execute()
          .then((rows) => rows.forEach((row) => put("forum_post", row.id, { name: `a post in ${quoted(row.title)}`, topicId: Number(row.topic_id) }))),
    categories.length === 0
      ? null
      : db
          .selectFrom("categories as c")
          .leftJoin("category_overrides as o", "o.category_id", "c.id")
          .select(["c.id", "c.name", "o.name as override_name"])
          .where("c.id", "in", categories)
          .execute()
          .then((rows) => rows.forEach((row) => put("category", row.id, { name: row.override_name ?? row.name }))),
    promos.length === 0
      ? null
      : db
          .selectFrom("promo_codes")
          .select(["id", "code"])
          .where("id", "in", promos)
          .execute()
          .then((rows) => rows.forEach((row) => put("promo_code", row.id, { name: row.code }))),
    imports.length === 0
      ? null
      : db
          .selectFrom("bulk_imports")
          .select(["id", "file_name"])
          .where("id", "in", imports)
          .execute()
          .then((rows) => rows.forEach((row) => put("bulk_import", row.id, { name: row.file_name }))),
  ]);
  return named;
}

const SUBJECT_WORDS: Record<string, string> = {
  user: "Member",
  listing: "Listing",
  order: "Order",
  review: "Review",
  forum_topic: "Forum topic",
  forum_post: "Forum post",
  category: "Category",
  promo_code: "Promo code",
  bulk_import: "Bulk import",
  role: "Role",
  exchange_rate: "Exchange rate",
};

function subjectOf(entry: AuditLogEntry, named: Map<string, AuditSubjectRef & { name: string }>): NamedAuditEntry["subject"] {
  const kind = SUBJECT_WORDS[entry.subjectType] ?? entry.subjectType.replace(/_/g, " ");
  const found = named.get(`${entry.subjectType}|${entry.subjectId}`);
  if (found) return { ...found, kind };
  const base = { type: entry.subjectType, id: entry.subjectId, kind };
  if (entry.subjectType === "role") return { ...base, name: isRole(entry.subjectId) ? ROLE_LABELS[entry.subjectId] : entry.subjectId };
  if (entry.subjectType === "exchange_rate") {
    const [currency, day] = entry.subjectId.split(" ");
    return { ...base, name: day ? `${currency} on ${day}` : entry.subjectId };
  }
  // Gone since (deleted, or an id no table holds): say so rather than link to nothing.
  return { ...base, name: `${entry.subjectId} (no longer exists)`, gone: true };
}

function actorLabelOf(entry: AuditLogEntry): string {
  if (entry.actorUserId === null) return "The marketplace";
  if (entry.actorEmail === null) return "A former member";
  return entry.actorName ?? entry.actorEmail;
}

/** Names the entries of one page: its actors (already joined) and its subjects (one read per subject type). */
async function nameAuditEntries(db: Kysely<Database>, entries: readonly AuditLogEntry[]): Promise<NamedAuditEntry[]> {
  const named = await subjectNames(db, entries);
  return entries.map((entry) => ({
    ...entry,
    actorLabel: actorLabelOf(entry),
    actionLabel: auditActionLabel(entry.action),
    subject: subjectOf(entry, named),
    detailLines: auditDetailLines(entry.action, entry.detail),
  }));
}

/** One page of the audit log with its names (queryAuditLog's filters and refusals). */
export async function readAuditLogPage(db: Kysely<Database>, filter: AuditLogFilter = {}): Promise<NamedAuditLogPage> {
  const page = await queryAuditLog(db, filter);
  return { entries: await nameAuditEntries(db, page.entries), nextCursor: page.nextCursor };
}

const AUDIT_LOG_CSV_HEADER = ["entry", "when_utc", "actor_id", "actor", "action", "action_label", "subject_type", "subject_id", "subject", "detail"] as const;

/**
 * The audit log as CSV with the page's filters, newest first: the byte order mark and a header, then pages of
 * AUDIT_LOG_MAX_LIMIT entries read one after the other along the cursor, at most AUDIT_LOG_CSV_MAX_ROWS rows; a last
 * line says when the export was cut. Every cell goes through the one CSV writer (formulas defused).
 */
export async function* auditLogCsv(db: Kysely<Database>, filter: Omit<AuditLogFilter, "after" | "limit"> = {}): AsyncGenerator<string> {
  // Refuses a bad filter before the first byte, so the route can answer with a message instead of half a file.
  let page = await readAuditLogPage(db, { ...filter, limit: AUDIT_LOG_MAX_LIMIT });
  yield UTF8_BOM + csvLine(AUDIT_LOG_CSV_HEADER);
  let written = 0;
  for (;;) {
    const rows = page.entries.slice(0, AUDIT_LOG_CSV_MAX_ROWS - written);
    if (rows.length > 0) {
      yield (
        rows
          .map((entry) =>
            [
              entry.id,
              entry.createdAt,
              entry.actorUserId ?? "",
              entry.actorLabel,
              entry.action,
              entry.actionLabel,
              entry.subjectType,
              entry.subjectId,
              entry.subject.name,
              entry.detailLines.join("; "),
            ]
              .map((cell) => csvCell(cell))
              .join(","),
          )
          .join("\r\n") + "\r\n"
      );
    }
    written += rows.length;
    if (!page.nextCursor) return;
    if (written >= AUDIT_LOG_CSV_MAX_ROWS) break;
    page = await readAuditLogPage(db, { ...filter, limit: AUDIT_LOG_MAX_LIMIT, after: page.nextCursor });
  }
  yield `# cut at ${AUDIT_LOG_CSV_MAX_ROWS} entries: narrow the filters by date or action for the rest\r\n`;
}
