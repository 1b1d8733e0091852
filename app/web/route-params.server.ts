// A route's {id} (/listings/42, /auctions/7, /orders/3): the one rule for reading it. Digits only, at most 15 of them,
// a positive safe integer; anything else is the same answer as an id that does not exist: not found.
import { DomainError } from "~/services/domain-error.ts";
import { throwRefusal } from "./domain-answer.server.ts";

/** The id in a route parameter or query value, or null when it is not one (letters, signs, zero, too long). */
export function routeIdOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The id, or a thrown not-found answer (404 and `message`, the page's words for a missing thing) for the error boundary. */
export function parseRouteId(value: string | undefined, message: string): number {
  const id = routeIdOf(value);
  if (id === null) throwRefusal(new DomainError("not_found", message));
  return id;
}
