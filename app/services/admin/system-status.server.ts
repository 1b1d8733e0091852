// /admin/system-status: real checks, each timed and bounded by a timeout, and the overall state.
// - Database: one query. Storage: a temp file written and read back in the uploads folder, and the free disk there
//   (warning under 10 % or 2 GB, critical under 3 % or 500 MB). Mail: the SMTP server's greeting, or "outbox only"
//   when no SMTP_URL is set. AI: the language model configured or the built-in generator, and the last generation's
//   outcome. Scheduler: this process's last pass and how late the next one is. Live events: streams open on this
//   process. E-mails: queued and failed in the outbox.
// - Mail without SMTP, AI without a model and the outbox they leave are "not configured", which the overall state
//   does not count against. Overall: outage when the database or storage is down, degraded when anything else is.
// The dashboard's summary reuses a result younger than ADMIN_STATUS_REUSE_MS (30 s; latestSystemStatus); the page always checks.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import tls from "node:tls";
import type { Kysely } from "kysely";
import { pingDatabase } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import type { CheckState, StatusCheck, SystemStatus } from "~/lib/admin-dashboard.ts";
import { getEnv } from "~/env.server.ts";
import { lastSchedulerPass, liveConnectionCount } from "../platform/index.server.ts";

/** No check takes longer than this; one that does is reported as timed out. */
const CHECK_TIMEOUT_MS = 2_000;
/** Free disk thresholds. */
const DISK_WARN = { fraction: 0.1, bytes: 2 * 1024 ** 3 };
const DISK_CRITICAL = { fraction: 0.03, bytes: 500 * 1024 ** 2 };
/** E-mails waiting longer than this mean the sender is stuck. */
const OUTBOX_STUCK_MS = 15 * 60_000;

export interface SystemStatusOptions {
  now?: Date;
  timeoutMs?: number;
  /** Where uploads live (default: UPLOADS_DIR). */
  uploadsDir?: string;
  /** The SMTP server to greet (default: SMTP_URL); null: outbox only. */
  smtpUrl?: string | null;
  /** Whether a language model is configured (default: OPENAI_API_KEY is set). */
  modelConfigured?: boolean;
  modelName?: string;
  /** The scheduler's interval (default: AUCTION_SCHEDULER_INTERVAL_MS; 0 = off). */
  schedulerIntervalMs?: number;
  /** Free and total bytes of the uploads' disk (tests pass a fake). */
  diskSpace?: (dir: string) => Promise<{ free: number; total: number }>;
}

type CheckResult = { state: CheckState; detail: string };

async function timed(key: string, label: string, timeoutMs: number, run: () => Promise<CheckResult>): Promise<StatusCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ state: "outage", detail: `No answer within ${timeoutMs} ms` }), timeoutMs);
  });
  let result: CheckResult;
  try {
    result = await Promise.race([run(), timeout]);
  } catch (error) {
    result = { state: "outage", detail: `Failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300) };
  } finally {
    clearTimeout(timer);
  }
  return { key, label, ...result, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
}

const formatBytes = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);

async function statfsSpace(dir: string): Promise<{ free: number; total: number }> {
  const stats = await fs.statfs(dir);
  return { free: Number(stats.bavail) * Number(stats.bsize), total: Number(stats.blocks) * Number(stats.bsize) };
}

/** Greets the SMTP server: connects (TLS for smtps://) and waits for its 220 line, then quits. */
function smtpGreeting(smtpUrl: string, timeoutMs: number): Promise<CheckResult> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const port = Number(url.port || (secure ? 465 : 587));
  return new Promise((resolve) => {
    const socket = secure ? tls.connect({ host: url.hostname, port, servername: url.hostname }) : net.connect({ host: url.hostname, port });
    socket.setTimeout(timeoutMs);
    let buffer = "";
    const finish = (result: CheckResult) => {
      socket.removeAllListeners();
      socket.on("error", () => {});
      socket.end();
      socket.destroy();
      resolve(result);
    };
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      if (!buffer.includes("\n")) return;
      if (buffer.startsWith("220")) {
        socket.write("QUIT\r\n");
        finish({ state: "operational", detail: `SMTP server ${url.hostname}:${port} answers` });
      } else finish({ state: "degraded", detail: `SMTP server ${url.hostname}:${port} answered: ${buffer.split("\n")[0]?.trim().slice(0, 120)}` });
    });
    socket.on("timeout", () => finish({ state: "outage", detail: `SMTP server ${url.hostname}:${port} did not greet within ${timeoutMs} ms` }));
    socket.on("error", (error) => finish({ state: "outage", detail: `SMTP server ${url.hostname}:${port} unreachable: ${error.message}` }));
  });
}

/** Runs every check now (each within the timeout, all at once) and sums them up. */
export async function checkSystemStatus(db: Kysely<Database>, options: SystemStatusOptions = {}): Promise<SystemStatus> {
  const env = getEnv();
  const now = options.now ?? new Date();
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const uploadsDir = options.uploadsDir ?? env.UPLOADS_DIR;
  const smtpUrl = options.smtpUrl === undefined ? (env.SMTP_URL ?? null) : options.smtpUrl;
  const modelConfigured = options.modelConfigured ?? Boolean(env.OPENAI_API_KEY);
  const modelName = options.modelName ?? env.OPENAI_MODEL;
  const intervalMs = options.schedulerIntervalMs ?? env.AUCTION_SCHEDULER_INTERVAL_MS;
  const diskSpace = options.diskSpace ?? statfsSpace;
  const s3 = options.uploadsDir === undefined && env.UPLOADS_STORAGE === "s3";

  const checks = await Promise.all([
    timed("database", "Database", timeoutMs, async () => {
      await pingDatabase(db);
      return { state: "operational", detail: "Answers queries" };
    }),
    timed("storage", "Storage", timeoutMs, async () => {
      if (s3) return { state: "operational", detail: "Uploads go to the S3-compatible bucket (not probed from here)" };
      const probeDir = path.join(uploadsDir, ".status-checks");
      await fs.mkdir(probeDir, { recursive: true });
      const file = path.join(probeDir, `${process.pid}-${crypto.randomUUID()}.txt`);
      const body = `status check ${now.toISOString()}`;
      try {
        await fs.writeFile(file, body);
        if ((await fs.readFile(file, "utf8")) !== body) return { state: "outage", detail: "A file written to the uploads folder read back different" };
      } finally {
        await fs.rm(file, { force: true });
      }
      const { free, total } = await diskSpace(uploadsDir);
      const fraction = total > 0 ? free / total : 0;
      const freeText = `${formatBytes(free)} free (${Math.round(fraction * 100)} %)`;
      if (fraction < DISK_CRITICAL.fraction || free < DISK_CRITICAL.bytes) return { state: "outage", detail: `Disk almost full: ${freeText}` };
      if (fraction < DISK_WARN.fraction || free < DISK_WARN.bytes) return { state: "degraded", detail: `Disk running low: ${freeText}` };
      return { state: "operational", detail: `Write and read back work; ${freeText}` };
    }),
    timed("mail", "Mail", timeoutMs, async () => {
      if (!smtpUrl) return { state: "not_configured", detail: "Outbox only: no SMTP server is configured, e-mails stay in the outbox" };
      return smtpGreeting(smtpUrl, timeoutMs);
    }),
    timed("ai", "AI Services", timeoutMs, async () => {
      const last = await db
        .selectFrom("ai_generations")
        .select(["outcome", "failure_class", "created_at", "model_ms"])
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      const lastText = last
        ? `; last generation ${last.created_at.slice(0, 16).replace("T", " ")} UTC: ${last.outcome === "ai" ? `written by the model in ${Number(last.model_ms)} ms` : `built-in generator${last.failure_class ? ` (${last.failure_class})` : ""}`}`
        : "; no generation yet";
      if (!modelConfigured) return { state: "not_configured", detail: `Built-in listing generator (no language model configured)${lastText}` };
      const failed = last && last.outcome === "fallback" && last.failure_class && last.failure_class !== "not_configured";
      return { state: failed ? "degraded" : "operational", detail: `Language model ${modelName} configured${lastText}` };
    }),
    timed("scheduler", "Scheduler", timeoutMs, async () => {
      if (intervalMs <= 0) return { state: "degraded", detail: "Off on this server (AUCTION_SCHEDULER_INTERVAL_MS=0): auctions do not start or end on time" };
      const pass = lastSchedulerPass();
      if (!pass) return { state: "operational", detail: `Waiting for its first pass (every ${intervalMs} ms)` };
      const sinceMs = now.getTime() - pass.finishedAt.getTime();
      const lagMs = Math.max(0, sinceMs - intervalMs);
      const text = `Last pass ${Math.round(sinceMs / 100) / 10} s ago, took ${pass.finishedAt.getTime() - pass.startedAt.getTime()} ms; lag ${Math.round(lagMs / 100) / 10} s`;
      if (!pass.ok) return { state: "degraded", detail: `${text}; that pass failed` };
      if (sinceMs > intervalMs * 30 + 60_000) return { state: "outage", detail: text };
      if (sinceMs > intervalMs * 5 + 10_000) return { state: "degraded", detail: text };
      return { state: "operational", detail: text };
    }),
    timed("live", "Live events", timeoutMs, async () => {
      const count = liveConnectionCount();
      return { state: "operational", detail: `${count} connected ${count === 1 ? "client" : "clients"} on this server` };
    }),
    timed("email", "E-mail queue", timeoutMs, async () => {
      const rows = await db
        .selectFrom("email_outbox")
        .where("status", "in", ["pending", "queued", "sending", "failed"])
        .select((eb) => ["status", eb.fn.countAll<number | string>().as("n"), eb.fn.min("created_at").as("oldest")])
        .groupBy("status")
        .execute();
      let queued = 0;
      let failed = 0;
      let oldest: string | null = null;
      for (const row of rows) {
        if (row.status === "failed") failed += Number(row.n);
        else {
          queued += Number(row.n);
          if (row.oldest && (!oldest || row.oldest < oldest)) oldest = row.oldest;
        }
      }
      const text = `${queued} queued, ${failed} failed`;
      // Without SMTP nothing is sent: the outbox is where e-mails stay, as the mail row says, not a stuck queue.
      if (!smtpUrl) return { state: "not_configured", detail: `${queued} kept in the outbox (no SMTP server configured), ${failed} failed` };
      if (oldest && now.getTime() - Date.parse(oldest) > OUTBOX_STUCK_MS)
        return { state: "degraded", detail: `${text}; the oldest has waited since ${oldest.slice(0, 16).replace("T", " ")} UTC` };
      if (failed > 0) return { state: "degraded", detail: text };
      return { state: "operational", detail: text };
    }),
  ]);

  const down = (key: string) => checks.some((check) => check.key === key && check.state === "outage");
  const overall: CheckState =
    down("database") || down("storage")
      ? "outage"
      : checks.every((check) => check.state === "operational" || check.state === "not_configured")
        ? "operational"
        : "degraded";
  return { overall, checkedAt: now.toISOString(), checks };
}

let latest: { at: number; status: SystemStatus } | null = null;
let inFlight: Promise<SystemStatus> | null = null;

/** The dashboard's summary: the last result when younger than ADMIN_STATUS_REUSE_MS, else a fresh check (one at a time). */
export async function latestSystemStatus(db: Kysely<Database>, { now = Date.now() }: { now?: number } = {}): Promise<SystemStatus> {
  if (latest && now - latest.at < getEnv().ADMIN_STATUS_REUSE_MS) return latest.status;
  inFlight ??= checkSystemStatus(db)
    .then((status) => {
      latest = { at: Date.now(), status };
      return status;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** /admin/system-status: always a fresh check, which the dashboard's summary then reuses. */
export async function freshSystemStatus(db: Kysely<Database>, options: SystemStatusOptions = {}): Promise<SystemStatus> {
  const status = await checkSystemStatus(db, options);
  if (Object.keys(options).length === 0) latest = { at: Date.now(), status };
  return status;
}
