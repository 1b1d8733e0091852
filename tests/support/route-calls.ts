// Route loaders and actions called directly, as a signed-in member's browser would reach them: a request with the
// member's session cookie (and a url-encoded form for a POST), and what the route answered as the Remix server would
// send it — a status, a redirect's Location, or the data.
import type { Kysely } from "kysely";
import type { Database as Schema } from "#db/schema.ts";
import { ROUTE_CONTEXT, sessionCookies } from "./route-pages.tsx";

/** A form's fields; a list stands for a field sent once for each value (as checkboxes are). */
export type FormFields = Record<string, string | string[]>;

/** What a loader or action answered: a redirect's (or any response's) status and Location, else the status and data. */
export interface Answer<Data = unknown> {
  status: number;
  location?: string | null;
  data?: Data;
}

type Handler = (args: { request: Request; params: Record<string, string>; context: typeof ROUTE_CONTEXT }) => Promise<unknown>;

/** The part of a route module these calls use. */
export interface RouteHandlers {
  loader?: Handler;
  action?: Handler;
}

/**
 * Calls on routes with sessions from `db` (one per member, made on first use). `Data` is the type the answers' data
 * is read as (unknown unless a test wants its fields).
 */
export function routeCalls<Data = unknown>({ db, context = ROUTE_CONTEXT }: { db: () => Kysely<Schema>; context?: typeof ROUTE_CONTEXT }) {
  const cookieFor = sessionCookies(db);

  /** A GET of `path` (a POST of `form` with one) by the member `as`, or by a visitor when null. */
  async function request(path: string, as: string | null, form?: FormFields): Promise<Request> {
    const headers = new Headers();
    if (as) headers.set("Cookie", await cookieFor(as));
    if (!form) return new Request(`http://localhost${path}`, { headers });
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const one of [value].flat()) body.append(key, one);
    return new Request(`http://localhost${path}`, { method: "POST", headers, body });
  }

  /** What a loader or action answered (or threw), as the Remix server would send it. */
  async function answer(work: () => Promise<unknown>): Promise<Answer<Data>> {
    let value: unknown;
    try {
      value = await work();
    } catch (thrown) {
      value = thrown;
    }
    if (value instanceof Response) {
      const type = value.headers.get("Content-Type") ?? "";
      return type.includes("json")
        ? { status: value.status, data: (await value.json()) as Data }
        : { status: value.status, location: value.headers.get("Location") };
    }
    if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
      const { data, init } = value as unknown as { data: Data; init: ResponseInit | null };
      return { status: init?.status ?? 200, data };
    }
    return { status: 200, data: value as Data };
  }

  const get = (route: RouteHandlers, path: string, as: string | null, params: Record<string, string> = {}) =>
    answer(async () => route.loader!({ request: await request(path, as), params, context }));

  const post = (route: RouteHandlers, path: string, as: string | null, form: FormFields, params: Record<string, string> = {}) =>
    answer(async () => route.action!({ request: await request(path, as, form), params, context }));

  return { request, answer, get, post };
}
