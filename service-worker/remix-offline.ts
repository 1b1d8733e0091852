// How the service worker answers Remix's own requests when the network is gone, so the browser loads the document
// (and gets the offline page) instead of showing an error boundary. Pure: request URL in, Response out.
// See docs/decisions/0018-service-worker.md.

/** The answer to a non-GET request that could not reach the server. */
export const OFFLINE_MUTATION_MESSAGE = "You are offline. This needs a connection.";

/**
 * A request for route data made by Remix's client router rather than by the user: single fetch (`/path.data`,
 * `/_root.data` for `/`, the app's mode) or the older `?_data=routeId` protocol.
 */
export function isRemixDataRequest(url: URL): boolean {
  return url.pathname.endsWith(".data") || url.searchParams.has("_data");
}

/** Remix's lazy route discovery: `/__manifest?p=/path&version=…`. */
export function isRouteManifestRequest(url: URL): boolean {
  return url.pathname === "/__manifest";
}

/** The document a data request was loading data for: `/listings.data?q=x&_routes=…` → `/listings?q=x`. */
export function documentUrlOf(url: URL): string {
  const target = new URL(url.href);
  if (target.pathname.endsWith(".data")) {
    target.pathname = target.pathname === "/_root.data" ? "/" : target.pathname.slice(0, -".data".length);
  }
  target.searchParams.delete("_data");
  target.searchParams.delete("_routes");
  return `${target.pathname}${target.search}`;
}

/**
 * Remix's single-fetch redirect, in the turbo-stream encoding its client decodes (turbo-stream 2, as pinned by
 * @remix-run/react): `{ [SingleFetchRedirect]: { redirect, status, revalidate, reload, replace } }` with
 * `reload: true`, which makes the client load the target as a new document. tests/unit/service-worker-remix.test.ts
 * decodes it with Remix's own decoder.
 */
export function singleFetchReloadBody(target: string): string {
  return (
    JSON.stringify([
      ["SingleFetchRedirect", 1],
      { _2: 3, _4: 5, _6: 7, _8: 9, _10: 7 },
      "redirect",
      target,
      "status",
      302,
      "revalidate",
      false,
      "reload",
      true,
      "replace",
    ]) + "\n"
  );
}

/**
 * The answer to a Remix data request that failed offline: a redirect to the same page that reloads the document.
 * Single fetch reads it from the body (status 202, as Remix's server sends redirects to data requests); the `?_data`
 * protocol reads the X-Remix-* headers of a 204.
 */
export function offlineDataAnswer(url: URL): Response {
  const target = documentUrlOf(url);
  if (url.pathname.endsWith(".data")) {
    return new Response(singleFetchReloadBody(target), {
      status: 202,
      headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes", "Cache-Control": "no-store" },
    });
  }
  return new Response(null, {
    status: 204,
    headers: { "X-Remix-Redirect": target, "X-Remix-Reload-Document": "true", "Cache-Control": "no-store" },
  });
}

/**
 * The answer to a route-discovery request that failed offline: Remix's "manifest version changed" signal, on which
 * a navigation to an undiscovered route loads the destination as a document (so the offline page answers it).
 */
export function offlineRouteManifestAnswer(): Response {
  return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true", "Cache-Control": "no-store" } });
}

/** The answer to a form post (or any non-GET) that could not reach the server. */
export function offlineMutationAnswer(): Response {
  return new Response(OFFLINE_MUTATION_MESSAGE, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Paths the service worker leaves to the network: admin pages, live events, resource routes and logout (their
 * data requests included). Nothing of theirs is stored; offline, a navigation to them still gets the offline page.
 */
export function isNeverCached(url: URL): boolean {
  const path = url.pathname;
  return path.startsWith("/admin") || path.startsWith("/events") || path.startsWith("/resources/") || path.startsWith("/logout");
}
