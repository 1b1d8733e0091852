// The outbox: actions taken offline (watch, unwatch, notes, a new saved search), applied to the copies at once,
// queued with an id made on the device and replayed to the server once per id, with backoff after errors; and the
// notices of actions the server could not apply. Client-only; the only part of the offline data that talks to the
// server (replayOutbox).
import { type OutboxAction, type OutboxReplayResult } from "./contracts.ts";
import { applyLocally } from "./copies.ts";
import { ALL_STORES, announceChange, type OfflineDb, type OfflineNotice, type OutboxRecord } from "./offline-db.ts";

// ── The outbox ──

export interface PendingAction {
  action: OutboxAction;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  /** The listing's title when known. */
  title: string | null;
  /** "Unwatch: Keysight DSOX1204G" (describeAction with the title). */
  description: string;
}

/** A new client id for an action (crypto.randomUUID). */
export function newActionId(): string {
  return crypto.randomUUID();
}

/** The pending list's line for an action: "Unwatch: Keysight DSOX1204G", "Save search: Scopes under $5,000". */
export function describeAction(action: OutboxAction, title?: string | null): string {
  if (action.kind === "saved_search") return `Save search: ${action.name}`;
  const what = title?.trim() || `listing #${action.listingId}`;
  switch (action.kind) {
    case "watch":
      return `Watch: ${what}`;
    case "unwatch":
      return `Unwatch: ${what}`;
    case "notes":
      return `Notes: ${what}`;
  }
}

function toPending(record: OutboxRecord): PendingAction {
  return {
    action: record.action,
    createdAt: record.createdAt,
    attempts: record.attempts,
    lastError: record.lastError,
    nextAttemptAt: record.nextAttemptAt,
    title: record.title,
    description: describeAction(record.action, record.title),
  };
}

/**
 * Queues an action taken offline and applies it to the copies at once (optimistic). Actions keep the order they
 * were taken in, even within one millisecond.
 */
export async function queueAction(db: OfflineDb, action: OutboxAction, now: Date = new Date()): Promise<PendingAction> {
  const tx = db.transaction(ALL_STORES, "readwrite");
  const outbox = tx.objectStore("outbox");
  const last = await outbox.index("by-createdAt").openCursor(null, "prev");
  let at = now.getTime();
  if (last && Date.parse(last.value.createdAt) >= at) at = Date.parse(last.value.createdAt) + 1;
  const createdAt = new Date(at).toISOString();
  let title: string | null = null;
  if (action.kind !== "saved_search") {
    const copy = (await tx.objectStore("watchlist").get(action.listingId)) ?? (await tx.objectStore("browsed").get(action.listingId));
    title = copy?.listing.title ?? null;
  }
  const record: OutboxRecord = { id: action.id, action, createdAt, attempts: 0, nextAttemptAt: null, lastError: null, title };
  await outbox.put(record);
  await applyLocally(tx, action, createdAt);
  await tx.done;
  announceChange();
  return toPending(record);
}

/** What is waiting to sync, oldest first. */
export async function pendingActions(db: OfflineDb): Promise<PendingAction[]> {
  return (await db.getAllFromIndex("outbox", "by-createdAt")).map(toPending);
}

/** Backoff after the server answered an action with an error: 2^attempts seconds, at most 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts, 300) * 1000;
}

export const REPLAY_URL = "/resources/offline-actions";
/** The server takes at most this many actions per request. */
const REPLAY_BATCH = 50;

export const REPLAY_MESSAGES = {
  noConnection: "Waiting for a connection.",
  signedOut: "Sign in again to send your changes.",
  serverError: "The server could not take your changes. They will be sent again shortly.",
  unanswered: "The server did not answer for this change. It will be sent again shortly.",
  gone: "This listing is no longer available.",
  refused: "The server refused this change.",
  couldNotApply: (description: string, message: string) => `${description} — could not be applied: ${message}`,
} as const;

export interface ReplayOptions {
  now?: () => Date;
}

export interface ReplaySummary {
  /** Actions the server now reflects (applied now or before). */
  applied: number;
  /** Actions still waiting. */
  remaining: number;
}

async function readFailure(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // Not JSON: the generic message below.
  }
  return REPLAY_MESSAGES.serverError;
}

/** Records a failed replay of `ids`; counted failures back off, a lost connection does not. */
async function markFailed(db: OfflineDb, ids: string[], message: string, counted: boolean, now: Date): Promise<void> {
  const tx = db.transaction("outbox", "readwrite");
  for (const id of ids) {
    const record = await tx.store.get(id);
    if (!record) continue;
    const attempts = counted ? record.attempts + 1 : record.attempts;
    await tx.store.put({
      ...record,
      attempts,
      lastError: message,
      nextAttemptAt: counted ? new Date(now.getTime() + retryDelayMs(attempts)).toISOString() : record.nextAttemptAt,
    });
  }
  await tx.done;
}

function isResult(value: unknown): value is OutboxReplayResult {
  if (!value || typeof value !== "object") return false;
  const result = value as Partial<OutboxReplayResult>;
  return typeof result.id === "string" && ["applied", "duplicate", "gone", "refused"].includes(result.outcome as string);
}

/**
 * Sends the outbox to the server, oldest first, 50 at a time, and drops each action the server answered
 * (applied, duplicate, gone, refused; the last two leave a notice for the user). An action still backing off
 * holds back the ones after it, so actions are never applied out of order. Stops at a lost connection
 * (nothing counted) or at an error answer (each sent action backs off).
 */
export async function replayOutbox(db: OfflineDb, send: typeof fetch = fetch, options: ReplayOptions = {}): Promise<ReplaySummary> {
  const now = options.now ?? (() => new Date());
  let applied = 0;
  for (;;) {
    const started = now();
    const records = await db.getAllFromIndex("outbox", "by-createdAt");
    const batch: OutboxRecord[] = [];
    for (const record of records) {
      if (record.nextAttemptAt && Date.parse(record.nextAttemptAt) > started.getTime()) break;
      batch.push(record);
      if (batch.length === REPLAY_BATCH) break;
    }
    if (batch.length === 0) break;
    const ids = batch.map((record) => record.id);
    let response: Response;
    try {
      response = await send(REPLAY_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ actions: batch.map((record) => record.action) }),
        credentials: "same-origin",
      });
    } catch {
      await markFailed(db, ids, REPLAY_MESSAGES.noConnection, false, started);
      break;
    }
    // 503: the service worker's answer to a POST with no connection (or the server is down for a moment).
    if (response.status === 503) {
      await markFailed(db, ids, REPLAY_MESSAGES.noConnection, false, started);
      break;
    }
    if (response.status === 401) {
      await markFailed(db, ids, REPLAY_MESSAGES.signedOut, false, started);
      break;
    }
    if (!response.ok) {
      await markFailed(db, ids, await readFailure(response), true, started);
      break;
    }
    let results: OutboxReplayResult[];
    try {
      const body = (await response.json()) as { results?: unknown };
      if (!Array.isArray(body.results)) throw new Error("No results");
      results = body.results.filter(isResult);
    } catch {
      await markFailed(db, ids, REPLAY_MESSAGES.serverError, true, started);
      break;
    }
    const answered = new Set<string>();
    const tx = db.transaction(["outbox", "meta"], "readwrite");
    const notices: OfflineNotice[] = [];
    for (const result of results) {
      const record = batch.find((one) => one.id === result.id);
      if (!record || answered.has(result.id)) continue;
      answered.add(result.id);
      await tx.objectStore("outbox").delete(result.id);
      if (result.outcome === "applied" || result.outcome === "duplicate") applied += 1;
      else {
        const message = result.message || (result.outcome === "gone" ? REPLAY_MESSAGES.gone : REPLAY_MESSAGES.refused);
        notices.push({ id: result.id, text: REPLAY_MESSAGES.couldNotApply(describeAction(record.action, record.title), message), at: started.toISOString() });
      }
    }
    if (notices.length > 0) {
      const stored = await tx.objectStore("meta").get("notices");
      const kept = stored?.key === "notices" ? stored.value : [];
      await tx.objectStore("meta").put({ key: "notices", value: [...kept, ...notices] });
    }
    await tx.done;
    const unanswered = ids.filter((id) => !answered.has(id));
    if (unanswered.length > 0) await markFailed(db, unanswered, REPLAY_MESSAGES.unanswered, true, started);
    if (answered.size > 0) announceChange();
    if (answered.size === 0 || unanswered.length > 0) break;
  }
  return { applied, remaining: await db.count("outbox") };
}

// ── Notices ──

/** Actions the server could not apply, to be read once (until dismissed). */
export async function readNotices(db: OfflineDb): Promise<OfflineNotice[]> {
  const stored = await db.get("meta", "notices");
  return stored?.key === "notices" ? stored.value : [];
}

export async function dismissNotice(db: OfflineDb, id: string): Promise<void> {
  const tx = db.transaction("meta", "readwrite");
  const stored = await tx.store.get("notices");
  const kept = stored?.key === "notices" ? stored.value.filter((notice) => notice.id !== id) : [];
  await tx.store.put({ key: "notices", value: kept });
  await tx.done;
  announceChange();
}
