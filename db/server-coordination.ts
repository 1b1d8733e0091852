// What several app servers on one database need from the engine to work as one (docs/decisions/0034):
// a job that only one server runs at a time (PostgreSQL advisory locks), rows claimed by one worker only
// (`FOR UPDATE SKIP LOCKED`), and a notification channel between servers (LISTEN/NOTIFY on a dedicated connection).
// SQLite is one file on one machine: its write lock already serialises the processes, so the jobs run as they are.
import crypto from "node:crypto";
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type pg from "pg";
import { engineOf, type EngineName } from "./dialect.ts";
import { loadPg } from "./postgres.ts";
import type { Database } from "./schema.ts";

// ── One server at a time ──

/** The 64-bit advisory lock key of a job name (signed, as PostgreSQL's bigint), the same on every server. */
function jobLockKey(name: string): string {
  return crypto.createHash("sha256").update(`tradebench:job:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * Runs `work` unless another server is running the job of the same name right now; returns whether it ran.
 * PostgreSQL: a session advisory lock (`pg_try_advisory_lock`) on one pinned pool connection, taken without waiting
 * and released when the work ends (or by the server if that connection dies). The work itself uses `db` as usual.
 * SQLite: always runs (one machine; its jobs claim their rows under the database's write lock).
 */
export async function unlessRunningElsewhere(db: Kysely<Database>, name: string, work: () => Promise<void>): Promise<boolean> {
  if (engineOf(db) === "sqlite") {
    await work();
    return true;
  }
  const key = jobLockKey(name);
  return db.connection().execute(async (pinned) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}::bigint) as locked`.execute(pinned);
    if (!rows[0]?.locked) return false;
    try {
      await work();
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${key}::bigint)`.execute(pinned);
    }
  });
}

/**
 * Runs `work` once no other server is running the job of the same name, waiting for it if one is, and returns what
 * `work` returns: for start-up work that every server would otherwise do at once (two servers started together on an
 * empty database must seed the demo once; the second waits, then finds it seeded).
 * PostgreSQL: a session advisory lock (`pg_advisory_lock`, waiting) held by a connection of its own, not one of the
 * pool's, so `work` may use the whole pool whatever its size; ending that connection releases the lock, as does the
 * server if the process dies. SQLite: one machine, one database file: `work` as it is.
 */
export async function oneServerAtATime<T>(database: { engine: EngineName; url: string }, name: string, work: () => Promise<T>): Promise<T> {
  if (database.engine === "sqlite") return work();
  const driver = await loadPg();
  const holder = new driver.Client({ connectionString: database.url, application_name: `tradebench ${name}` });
  // A dropped connection only ends the lock early; the work's own queries report their failures.
  holder.on("error", () => undefined);
  await holder.connect();
  try {
    await holder.query("select pg_advisory_lock($1::bigint)", [jobLockKey(name)]);
    return await work();
  } finally {
    await holder.end().catch(() => undefined);
  }
}

/**
 * Rows a query selects, locked for this transaction and skipped by any other that claims at the same time
 * (PostgreSQL `FOR UPDATE SKIP LOCKED`), for work queues such as the e-mail outbox. SQLite: the query as it is (its
 * write transaction holds the whole database).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select of any table may be claimed
export function skipLockedRows<QB extends SelectQueryBuilder<any, any, any>>(db: Kysely<Database>, query: QB): QB {
  return engineOf(db) === "postgres" ? (query.forUpdate().skipLocked() as QB) : query;
}

// ── A channel between servers: LISTEN/NOTIFY ──

export interface NotificationChannelOptions {
  url: string;
  channel: string;
  /** Each payload sent on the channel by any connection (this one's own too). */
  onNotification: (payload: string) => void;
  /** Lines for the server log: the connection dropped, it is listening again. */
  log?: (line: string) => void;
  /** Called each time LISTEN has (re)started: notifications sent while it was down are lost. */
  onListening?: (reconnected: boolean) => void;
  /** The first wait before reconnecting; it doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Payloads kept while disconnected, sent after reconnecting (the oldest are dropped past this). */
  maxQueued?: number;
}

export interface NotificationChannel {
  /** Sends the payloads (each under 8000 bytes, PostgreSQL's limit) in one statement: one transaction, so they arrive together, in this order. */
  send(payloads: readonly string[]): void;
  /** Resolves once LISTEN is in place (now, or after the current reconnection). */
  listening(): Promise<void>;
  /** The backend process id of the dedicated connection, while connected (tests end it to simulate a drop). */
  backendPid(): number | undefined;
  close(): Promise<void>;
}

/**
 * One dedicated `pg.Client` that LISTENs on `channel` and also sends on it (in order: one connection runs its
 * statements one after another). When the connection drops it says so in the log and reconnects with backoff;
 * payloads sent meanwhile wait (up to `maxQueued`) and go out once it is back.
 */
export function openNotificationChannel(options: NotificationChannelOptions): NotificationChannel {
  const log = options.log ?? ((line: string) => console.error(line));
  const firstBackoff = options.backoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const maxQueued = options.maxQueued ?? 10_000;
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let everConnected = false;
  let backoff = firstBackoff;
  let retryTimer: NodeJS.Timeout | undefined;
  let queued: string[] = [];
  let sending = false;
  let waiters: Array<() => void> = [];

  const flush = () => {
    if (sending || !connected || !client || queued.length === 0) return;
    const batch = queued;
    queued = [];
    sending = true;
    const current = client;
    current.query("select pg_notify($1, payload) from unnest($2::text[]) with ordinality as sent(payload, position)", [options.channel, batch]).then(
      () => {
        sending = false;
        flush();
      },
      (error: unknown) => {
        sending = false;
        // A connection that failed mid-send: keep the batch for the next connection; any other refusal
        // (a payload PostgreSQL will not take) is dropped so it cannot block the channel.
        if (current !== client || !connected) queued = [...batch, ...queued].slice(-maxQueued);
        else log(`Live events: PostgreSQL refused a notification (${error instanceof Error ? error.message : String(error)}).`);
        flush();
      },
    );
  };

  const dropped = (reason: string) => {
    if (closed) return;
    const wasConnected = connected;
    connected = false;
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on("error", () => undefined);
    void old?.end().catch(() => undefined);
    if (retryTimer) return;
    log(`Live events: the PostgreSQL ${wasConnected ? "connection dropped" : "connection failed"} (${reason}); reconnecting in ${backoff} ms.`);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, backoff);
    retryTimer.unref();
    backoff = Math.min(maxBackoff, backoff * 2);
  };

  const connect = async () => {
    if (closed) return;
    const driver = await loadPg();
    if (closed) return;
    const next = new driver.Client({ connectionString: options.url, application_name: "tradebench live events" });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === options.channel && message.payload !== undefined) options.onNotification(message.payload);
    });
    next.on("error", (error) => dropped(error.message));
    next.on("end", () => dropped("the server closed it"));
    try {
      await next.connect();
      await next.query(`listen ${driver.escapeIdentifier(options.channel)}`);
    } catch (error) {
      if (client === next) dropped(error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed || client !== next) return;
    connected = true;
    backoff = firstBackoff;
    if (everConnected) log(`Live events: listening on PostgreSQL again (events sent while the connection was down were missed).`);
    options.onListening?.(everConnected);
    everConnected = true;
    for (const resolve of waiters) resolve();
    waiters = [];
    flush();
  };

  void connect();
  return {
    send(payloads) {
      if (closed || payloads.length === 0) return;
      queued.push(...payloads);
      if (queued.length > maxQueued) queued = queued.slice(-maxQueued);
      flush();
    },
    listening: () => (connected ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    backendPid: () => (connected ? (client as (pg.Client & { processID?: number }) | undefined)?.processID : undefined),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      connected = false;
      if (current) {
        current.removeAllListeners();
        current.on("error", () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
