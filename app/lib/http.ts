// Response helpers shared by route modules.
import type { HeadersFunction } from "@remix-run/node";

/** Keeps the headers of a thrown response (e.g. Retry-After on a 429) on the error page. */
export const passErrorHeaders: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();
