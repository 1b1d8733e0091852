// Answers that belong to one member are never stored by a shared cache or a proxy: every page and `.data` answer
// to a request that carries a session, and every answer that sets a cookie, say `Cache-Control: private, no-store`
// (docs/decisions/0065). The service worker keeps no page either (service-worker/sw.ts): offline copies live in
// IndexedDB, written by the app itself, so this costs the offline mode nothing.
import { readSessionId } from "~/services/accounts/index.server.ts";

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Whether an answer to `request` with these headers is a member's own. */
async function isPrivateAnswer(request: Request, headers: Headers): Promise<boolean> {
  if (headers.has("Set-Cookie")) return true;
  // A signed session cookie, live or not: a stale one costs only the shared cache's copy.
  return (await readSessionId(request)) !== null;
}

/** Marks `headers` private and unstorable when they answer a member (pages: entry.server's handleRequest). */
export async function markPrivateAnswer(request: Request, headers: Headers): Promise<void> {
  if (await isPrivateAnswer(request, headers)) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
}

/** The same for a finished Response (`.data` answers: entry.server's handleDataRequest); a copy when its headers are frozen. */
export async function privateAnswer(request: Request, response: Response): Promise<Response> {
  if (!(await isPrivateAnswer(request, response.headers))) return response;
  try {
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
