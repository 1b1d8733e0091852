// Random secrets and their stored digests.
import crypto from "node:crypto";

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}
