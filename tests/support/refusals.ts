// Refused calls: what a promise was rejected with, checked to be the service's own refusal (not a crash).
import { expect } from "vitest";

/** Waits for `promise` to be rejected with an instance of `type`, and returns that error. */
export async function refusalOf<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
