// Who reads the audit log and with which filters, shared by /admin/audit-log and /admin/audit-log.csv so
// the page and its export can never disagree: staff holding AUDIT_LOG_READERS read every entry; content moderators
// (AUDIT_LOG_OWN_DECISION_READERS) read only the entries they are the actor of — the actor filter is forced to
// themselves here, on the server, whatever the address says; everyone else is refused (403).
import { AUDIT_LINKED_PAGE_READERS, AUDIT_LOG_OWN_DECISION_READERS, AUDIT_LOG_READERS } from "~/lib/admin.ts";
import type { AuditPagesOpen } from "~/lib/audit-actions.ts";
import type { Permission } from "~/lib/permissions.ts";
import type { CurrentUser } from "~/lib/user.ts";
import { AuditLogQuerySchema } from "~/schemas/admin.ts";
import type { AuditLogFilter } from "~/services/admin/index.server.ts";
import { requirePermission, userHasPermission } from "./auth.server.ts";

export interface AuditLogReader {
  user: CurrentUser;
  /** all: the whole log; own: only what this member did. */
  scope: "all" | "own";
  /** Which linked pages this reader may open (links show only to those). */
  pages: AuditPagesOpen;
}

async function holdsAny(user: CurrentUser, permissions: readonly Permission[]): Promise<boolean> {
  for (const permission of permissions) if (await userHasPermission(user, permission)) return true;
  return false;
}

/** The reader of the log, or a refusal (login for visitors, 403 for members who may not read it). */
export async function requireAuditLogReader(request: Request): Promise<AuditLogReader> {
  const user = await requirePermission(request, [...AUDIT_LOG_READERS, ...AUDIT_LOG_OWN_DECISION_READERS]);
  const scope = (await holdsAny(user, AUDIT_LOG_READERS)) ? "all" : "own";
  const entries = await Promise.all(
    (Object.entries(AUDIT_LINKED_PAGE_READERS) as Array<[keyof AuditPagesOpen, readonly Permission[]]>).map(
      async ([page, permissions]) => [page, await holdsAny(user, permissions)] as const,
    ),
  );
  return { user, scope, pages: Object.fromEntries(entries) as unknown as AuditPagesOpen };
}

/** The filters as the form shows them back. */
export interface AuditLogFormValues {
  actor: string;
  action: string;
  from: string;
  until: string;
}

const DAY_MS = 24 * 3_600_000;

/**
 * The filters of `url` for `reader`: the service's filter, the values the form shows back, and the address's
 * problem (a message) when a value is malformed. A reader of their own decisions gets actorUserId = themselves and
 * no actor text filter, whatever `actor` the address carries.
 */
export function auditLogFilterOf(url: URL, reader: AuditLogReader): { filter: AuditLogFilter | null; form: AuditLogFormValues; problem: string | null } {
  const raw = {
    actor: reader.scope === "own" ? undefined : (url.searchParams.get("actor") ?? undefined),
    action: url.searchParams.get("action") || undefined,
    from: url.searchParams.get("from") || undefined,
    until: url.searchParams.get("until") || undefined,
    after: url.searchParams.get("after") || undefined,
  };
  const form = { actor: raw.actor ?? "", action: raw.action ?? "", from: raw.from ?? "", until: raw.until ?? "" };
  const parsed = AuditLogQuerySchema.safeParse(raw);
  if (!parsed.success) return { filter: null, form, problem: parsed.error.issues[0]?.message ?? "Please check the filters." };
  const { actor, action, from, until, after } = parsed.data;
  return {
    filter: {
      ...(reader.scope === "own" ? { actorUserId: reader.user.id } : { actor: actor || undefined }),
      action: action || undefined,
      from: from ? new Date(`${from}T00:00:00.000Z`) : undefined,
      // "Until" includes the whole day it names.
      until: until ? new Date(Date.parse(`${until}T00:00:00.000Z`) + DAY_MS) : undefined,
      after,
    },
    form,
    problem: null,
  };
}
