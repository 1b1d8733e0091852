// Page renders are pure: the same address with the same loader data gives the same HTML. Every request still runs
// its loaders (authorisation, view counting, fresh data); only when their data equals that of a recent render is
// the React render reused, with this request's CSP nonce put in place of the earlier one.
import crypto from "node:crypto";
import type { EntryContext } from "@remix-run/node";

const MAX_ENTRIES = 500;
/** Bounds how long anything computed at render time (a copyright year, a relative time) can be reused. */
const MAX_AGE_MS = 60_000;

interface MemoEntry {
  html: string;
  nonce: string;
  storedAt: number;
}

const entries = new Map<string, MemoEntry>();

class NotMemoisable extends Error {}

/** Plain data only: a promise, map or class instance could hide a difference that JSON would not show. */
function plainData(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object") {
    if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") throw new NotMemoisable();
    return value;
  }
  if (Array.isArray(value) || value instanceof Date) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new NotMemoisable();
  return value;
}

/** The key of a successful GET render, or null when this render must not be reused. */
export function renderMemoKey(request: Request, status: number, context: EntryContext): string | null {
  const handler = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || handler.errors || handler.actionData) return null;
  try {
    const data = JSON.stringify([request.url, handler.loaderData], plainData);
    return crypto.createHash("sha256").update(data).digest("base64url");
  } catch {
    return null;
  }
}

export function recallRender(key: string, nonce: string, now = Date.now()): string | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  entries.delete(key);
  if (now - entry.storedAt > MAX_AGE_MS) return undefined;
  entries.set(key, entry); // most recently used last
  return entry.nonce && entry.nonce !== nonce ? entry.html.split(entry.nonce).join(nonce) : entry.html;
}

export function rememberRender(key: string, html: string, nonce: string, now = Date.now()): void {
  entries.set(key, { html, nonce, storedAt: now });
  while (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
}

export function forgetRenders(): void {
  entries.clear();
}
