// Route modules run and rendered as the Remix server would, for integration tests of pages: the loader and action
// get the app's load context, a thrown `data(...)` becomes a response with its status, and the page is rendered to
// HTML inside the Chakra theme. Also: a signed-in session cookie, and a database that fails every query.
import { ChakraProvider } from "@chakra-ui/react";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import type { Database as Schema } from "#db/schema.ts";
import { commitSessionCookie, createSession } from "~/services/accounts/session.server.ts";
import { system } from "~/theme.ts";

/** The load context server.mjs gives every request. */
export const ROUTE_CONTEXT = { cspNonce: "", clientIp: "192.0.2.1" };

type Handler = (args: { request: Request; params: Record<string, string | undefined>; context: typeof ROUTE_CONTEXT }) => Promise<unknown> | unknown;

export interface RouteModule {
  loader?: Handler;
  action?: Handler;
  default: ComponentType;
  ErrorBoundary?: ComponentType;
}

/** What the Remix server makes of a `data(...)` result: a JSON response with its status. Anything else as it is. */
export function asResponse(value: unknown): unknown {
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const result = value as unknown as { data: unknown; init: ResponseInit | null };
    return new Response(JSON.stringify(result.data), { ...result.init, headers: { "Content-Type": "application/json" } });
  }
  return value;
}

/** A route module mounted at `path` (a pattern such as "/auctions/:id"), as the Remix server calls it. */
export function pageRoute(path: string, module: RouteModule, id?: string): RouteObject {
  const serve = (handler: Handler | undefined) =>
    handler &&
    (async ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) => {
      try {
        return await handler({ request, params, context: ROUTE_CONTEXT });
      } catch (thrown) {
        throw asResponse(thrown);
      }
    });
  return { id, path, loader: serve(module.loader), action: serve(module.action), Component: module.default, ErrorBoundary: module.ErrorBoundary };
}

export interface RenderedPage {
  status: number;
  /** Where a redirect goes (then there is no page). */
  location: string | null;
  html: string;
  /** The page's visible text (see pageText). */
  text: string;
  /** The first route's loader data. */
  loaderData: unknown;
}

/** Serves a document request (GET, or POST: action, then loaders) with `routes` and renders the page. */
export async function renderPage(routes: RouteObject[], request: Request): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  // Error boundaries and failing loaders log; the test asserts on the page instead.
  const originalError = console.error;
  console.error = () => {};
  try {
    const context = await handler.query(request);
    if (context instanceof Response) return { status: context.status, location: context.headers.get("Location"), html: "", text: "", loaderData: undefined };
    const html = renderToString(
      <ChakraProvider value={system}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </ChakraProvider>,
    );
    return { status: context.statusCode, location: null, html, text: pageText(html), loaderData: Object.values(context.loaderData)[0] };
  } finally {
    console.error = originalError;
  }
}

/** The text a reader sees in server-rendered HTML: styles and tags out, entities decoded, white space folded. */
export function pageText(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The Cookie header value of a new session for `userId`. */
export async function sessionCookie(db: Kysely<Schema>, userId: string): Promise<string> {
  return (await commitSessionCookie(await createSession(db, userId), true)).split(";")[0]!;
}

/** One session per user, made on first use: `cookieFor(userId)` gives the Cookie header value. */
export function sessionCookies(db: () => Kysely<Schema>): (userId: string) => Promise<string> {
  const cookies = new Map<string, string>();
  return async (userId) => {
    let cookie = cookies.get(userId);
    if (!cookie) {
      cookie = await sessionCookie(db(), userId);
      cookies.set(userId, cookie);
    }
    return cookie;
  };
}

/** A database whose connection is closed: every query fails, as when the disk or the file is gone. */
export function brokenDatabase(): Kysely<Schema> {
  const connection = new Database(":memory:");
  connection.close();
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: connection }) });
}
