// Refused calls: what a promise was rejected with, checked to be the service's own refusal (a DomainError of the
// expected kind), not a crash.
import { expect } from "vitest";
import { DomainError, type DomainErrorKind } from "~/services/domain-error.ts";

/** Waits for `promise` to be refused with a DomainError (of `kind` when given), and returns it. */
export async function refusalOf(promise: Promise<unknown>, kind?: DomainErrorKind): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const refusal = error as DomainError;
  if (kind !== undefined) expect(refusal.kind).toBe(kind);
  return refusal;
}
