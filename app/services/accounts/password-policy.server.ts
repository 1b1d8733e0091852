// What a new password must be, wherever one is chosen (registration, a reset link, a change from /profile): the length
// rule of the forms (8 to 200 characters), not one of the 10,000 most common passwords, not one character repeated,
// and not the account's own e-mail address or its name part. Signing in never checks this: accounts made before the
// rule (the demo's `tradebench-demo` among them) keep their passwords (docs/decisions/0065).
import { MIN_PASSWORD_LENGTH } from "~/schemas/fields.ts";
import { DomainError } from "../domain-error.ts";
import { COMMON_PASSWORDS } from "./common-passwords.server.ts";

const MAX_PASSWORD_LENGTH = 200;

export const PASSWORD_POLICY_MESSAGES = {
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  common: "This password is one of the most common ones and easy to guess. Please choose another.",
  repeated: "A password of one repeated character is easy to guess. Please choose another.",
  containsEmail: "Your password must not contain your email address. Please choose another.",
} as const;

let commonPasswords: Set<string> | undefined;

/** How passwords are compared with the list: case and Unicode compatibility forms folded, as people vary them. */
function folded(password: string): string {
  return password.normalize("NFKC").toLowerCase();
}

function isCommon(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS);
  const value = folded(password);
  // "Password1!" and " password " are the listed "password1" and "password" with what people add to pass rules.
  return commonPasswords.has(value) || commonPasswords.has(value.trim()) || commonPasswords.has(value.replace(/[^\p{L}\p{N}]+$/u, ""));
}

/** The message that refuses `password` for the account of `email`, or null when it may be chosen. */
export function passwordProblem(password: string, { email }: { email: string }): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return PASSWORD_POLICY_MESSAGES.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return PASSWORD_POLICY_MESSAGES.tooLong;
  if (new Set(password).size === 1) return PASSWORD_POLICY_MESSAGES.repeated;
  if (isCommon(password)) return PASSWORD_POLICY_MESSAGES.common;
  const value = folded(password);
  const address = email.trim().toLowerCase();
  const name = address.split("@")[0] ?? "";
  if (address !== "" && (value.includes(address) || (name.length >= 4 && value.includes(name)))) return PASSWORD_POLICY_MESSAGES.containsEmail;
  return null;
}

/** Refuses a password that may not be chosen (DomainError invalid, beside the form's `field`). */
export function assertAcceptablePassword(password: string, account: { email: string }, field = "password"): void {
  const problem = passwordProblem(password, account);
  if (problem) throw new DomainError("invalid", problem, { field, code: "weak_password" });
}
