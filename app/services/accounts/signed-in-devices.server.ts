// The devices a member is signed in on: their live sessions (server-side rows, ./session.server.ts), listed on
// /profile with the browser, the address and when each began, and ended one by one or all but this one.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { SIGNED_OUT_NOTICES } from "~/schemas/account-security.ts";
import { DomainError } from "../domain-error.ts";
import { sha256 } from "./tokens.server.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** How a device is named in a form: the first 20 hex digits of its session's stored digest (never the cookie's id). */
const HANDLE_LENGTH = 20;

export interface SignedInDevice {
  /** Names the device in the "Sign out" form. */
  handle: string;
  /** e.g. "Chrome on Windows"; "Unknown browser" when the browser sent no User-Agent. */
  label: string;
  ip: string | null;
  signedInAt: string;
  expiresAt: string;
  current: boolean;
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\/|python-requests|node-fetch|undici/i, "A script"],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** A short name for the browser behind a User-Agent header. */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Unknown browser";
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/** The member's live sessions, this device first, then the newest first. */
export async function listSignedInDevices(db: Db, userId: string, currentSessionId: string | null, now = new Date()): Promise<SignedInDevice[]> {
  const currentHash = currentSessionId ? sha256(currentSessionId) : null;
  const rows = await db
    .selectFrom("sessions")
    .select(["id_hash", "ip", "user_agent", "created_at", "expires_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .orderBy("id_hash")
    .execute();
  const devices = rows.map((row) => ({
    handle: row.id_hash.slice(0, HANDLE_LENGTH),
    label: deviceLabel(row.user_agent),
    ip: row.ip,
    signedInAt: row.created_at,
    expiresAt: row.expires_at,
    current: row.id_hash === currentHash,
  }));
  return [...devices.filter((device) => device.current), ...devices.filter((device) => !device.current)];
}

/** Ends one of the member's sessions, named by its handle; another member's or an ended one is "not signed in". */
export async function endSignedInDevice(db: Db, userId: string, handle: string): Promise<void> {
  const rows = await db.selectFrom("sessions").select("id_hash").where("user_id", "=", userId).execute();
  const match = /^[0-9a-f]{20}$/.test(handle) ? rows.find((row) => row.id_hash.startsWith(handle)) : undefined;
  if (!match) throw new DomainError("not_found", SIGNED_OUT_NOTICES.gone, { code: "device_not_found" });
  await db.deleteFrom("sessions").where("user_id", "=", userId).where("id_hash", "=", match.id_hash).execute();
}

/** Ends every session of the member but `keepSessionId`'s (none kept when it is null). Returns how many ended. */
export async function endOtherSignedInDevices(db: Db, userId: string, keepSessionId: string | null): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId) query = query.where("id_hash", "!=", sha256(keepSessionId));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
