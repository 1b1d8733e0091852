// Response helpers shared by route modules.
import type { HeadersFunction } from "@remix-run/node";

/** Keeps the headers of a thrown response (e.g. Retry-After on a 429) on the error page. */
export const passErrorHeaders: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

/** Where a visitor signs in before coming back to `back` (a same-site path; spec: /login with from=<path>). */
export function loginUrl(back: string): string {
  return `/login?${new URLSearchParams({ from: back })}`;
}
