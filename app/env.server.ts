// Configuration from the environment, validated once; a bad value stops the server with a clear message.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CURRENCIES } from "~/lib/money.ts";
import { BULK_LIMITS } from "~/lib/bulk-import.ts";

const DEFAULT_DATABASE_URL = "./data/tradebench.sqlite";

const flag = (fallback: boolean) =>
  z
    .enum(["0", "1", "true", "false", "yes", "no"], { message: "use 1 or 0" })
    .optional()
    .transform((v) => (v === undefined ? fallback : ["1", "true", "yes"].includes(v)));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ message: "must be a number" }).int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().min(1).default(DEFAULT_DATABASE_URL),
  DATABASE_SYNCHRONOUS: z.enum(["OFF", "NORMAL", "FULL", "EXTRA"]).default("FULL"),
  /** PostgreSQL only: connections each server process holds. */
  DATABASE_POOL_SIZE: z.coerce.number({ message: "must be a number" }).int().min(1).max(200).default(10),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PUBLIC_URL: z.string().url("must be a URL such as https://tradebench.example").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Tradebench <no-reply@tradebench.local>"),
  SEED_DEMO: flag(true),
  TRUST_PROXY: flag(false),
  COOKIE_SECURE: flag(false).optional(),
  UPLOADS_DIR: z.string().optional(),
  /** Where uploads live (app/services/storage): "disk" (UPLOADS_DIR, the default) or "s3" (an S3-compatible bucket). */
  UPLOADS_STORAGE: z.enum(["disk", "s3"], { message: 'use "disk" or "s3"' }).default("disk"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/\s]+/, "must be a URL such as http://127.0.0.1:9000")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag(false),
  S3_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+/, "must be a URL such as https://cdn.tradebench.example/uploads")
    .optional(),
  /** Reuse a page render when a request's address and loader data equal a recent one (app/web/render-memo.server.ts). */
  RENDER_MEMO: flag(true),
  /** Reuse a search's page and total until the next write (app/services/listings/remembered-searches.server.ts); 0 for benchmarks that measure the queries. */
  SEARCH_RESULT_CACHE: flag(true),
  /** The currency prices are compared in: filters, sorts, saved-search rules, comparables (docs/decisions/0062). */
  REFERENCE_CURRENCY: z.enum(CURRENCIES, { message: `use one of ${CURRENCIES.join(", ")}` }).default("USD"),
  /** How often the auction scheduler starts and ends due auctions (app/flows/auction-scheduler.server.ts); 0 turns it off. */
  /** The escrow bank account buyers pay into (shown on orders awaiting payment); unset: buyers are asked to contact support. */
  ESCROW_ACCOUNT_NAME: z.string().min(1).optional(),
  ESCROW_BANK_NAME: z.string().min(1).optional(),
  ESCROW_ACCOUNT_NUMBER: z.string().min(1).optional(),
  ESCROW_SWIFT: z.string().min(1).optional(),
  /** Trust & safety's mailbox and phone line, named on the policy pages; unset: the pages offer the contact form instead. */
  TRUST_SAFETY_EMAIL: z.string().email("must be an e-mail address such as safety@tradebench.example").optional(),
  /** Where contact-form messages are e-mailed (through the outbox); unset: they are kept in the support inbox only. */
  SUPPORT_EMAIL: z.string().email("must be an e-mail address such as support@tradebench.example").optional(),
  TRUST_SAFETY_PHONE: z
    .string()
    .regex(/^\+?[0-9 ()./-]{5,30}$/, "must be a phone number such as +1 555 010 2030")
    .optional(),
  /** Soft close's cap (app/lib/bidding.ts): late bids extend an auction up to this many minutes past its original end; 0: never. */
  AUCTION_EXTENSION_CAP_MINUTES: z.coerce.number({ message: "must be a number" }).int().min(0).max(10_080).default(60),
  AUCTION_SCHEDULER_INTERVAL_MS: z.coerce.number({ message: "must be a number" }).int().min(0).max(3_600_000).default(2000),
  /** How long the admin dashboard reuses the last system-status checks (0: check on every view; /admin/system-status always checks). */
  ADMIN_STATUS_REUSE_MS: z.coerce.number({ message: "must be a number" }).int().min(0).max(600_000).default(30_000),
  /** A new seller's first bulk import with more listings than this waits for staff review. */
  IMPORT_REVIEW_THRESHOLD: z.coerce.number({ message: "must be a number" }).int().min(0).max(1_000_000).default(BULK_LIMITS.reviewThreshold),
  SAVED_SEARCH_ALERT_WINDOW_MS: z.coerce.number({ message: "must be a number" }).int().min(0).max(86_400_000).default(300_000),
  /**
   * Bulk import photos (app/services/platform/remote-photo.server.ts): hosts ("127.0.0.1:4100", comma-separated) the
   * server may fetch from although they are private or loopback. Only the tests and the benchmark set it; never in production.
   */
  PHOTO_FETCH_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** The language model (app/services/ai/*): unset key → the built-in generator, and no call to a model at all. */
  OPENAI_API_KEY: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined)),
  OPENAI_BASE_URL: z.string().url("must be a URL such as http://localhost:11434/v1").optional(),
  OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  OPENAI_VISION_MODEL: z.string().min(1).optional(),
  /** The longest a generation waits for the model, retries included, before the built-in generator takes over. */
  OPENAI_TIMEOUT_MS: z.coerce.number({ message: "must be a number" }).int().min(100).max(600_000).default(60_000),
});

export type Env = Omit<z.infer<typeof EnvSchema>, "SESSION_SECRET" | "COOKIE_SECURE" | "PUBLIC_URL" | "UPLOADS_DIR" | "OPENAI_VISION_MODEL"> & {
  OPENAI_VISION_MODEL: string;
  SESSION_SECRET: string;
  COOKIE_SECURE: boolean;
  PUBLIC_URL: string;
  UPLOADS_DIR: string;
  DATA_DIR: string;
};

function isEmbeddedDatabase(url: string): boolean {
  return !/^[a-z]+:\/\//i.test(url.replace(/^(file|sqlite):(\/\/)?/, ""));
}

/** Where the embedded database's companions live (uploads, the kept session secret): beside its file, else ./data. */
function dataDirFor(databaseUrl: string): string {
  const file = databaseUrl.replace(/^(file:|sqlite:)(\/\/)?/, "");
  return file === ":memory:" || !isEmbeddedDatabase(databaseUrl) ? path.resolve("data") : path.dirname(path.resolve(file));
}

/** Reads or creates a secret kept beside the embedded database. */
function keptSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** With UPLOADS_STORAGE=s3: what is missing (the bucket; the region on AWS itself; the keys as a pair). */
function s3Problems(env: z.infer<typeof EnvSchema>): string[] {
  if (env.UPLOADS_STORAGE !== "s3") return [];
  const problems: string[] = [];
  const missing = (name: string, why: string) => problems.push(`${name}: required with UPLOADS_STORAGE=s3 (${why})`);
  if (!env.S3_BUCKET) missing("S3_BUCKET", "the bucket that holds the uploads");
  if (!env.S3_REGION && !env.S3_ENDPOINT) missing("S3_REGION", "the bucket's AWS region, such as eu-central-1");
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) missing("S3_SECRET_ACCESS_KEY", "S3_ACCESS_KEY_ID is set");
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) missing("S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY is set");
  if (env.S3_ENDPOINT && !env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
    missing("S3_ACCESS_KEY_ID", "the key of the S3_ENDPOINT service");
    missing("S3_SECRET_ACCESS_KEY", "the secret of the S3_ENDPOINT service");
  }
  return problems;
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const storageProblems = s3Problems(env);
  if (storageProblems.length > 0) throw new Error(`Invalid configuration:\n${storageProblems.map((line) => `  ${line}`).join("\n")}`);
  const dataDir = dataDirFor(env.DATABASE_URL);
  let secret = env.SESSION_SECRET;
  if (!secret) {
    if (env.NODE_ENV === "production" && !isEmbeddedDatabase(env.DATABASE_URL)) {
      throw new Error("Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)");
    }
    secret = keptSessionSecret(dataDir);
  }
  return {
    ...env,
    SESSION_SECRET: secret,
    COOKIE_SECURE: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    UPLOADS_DIR: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    DATA_DIR: dataDir,
    OPENAI_VISION_MODEL: env.OPENAI_VISION_MODEL ?? env.OPENAI_MODEL,
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
