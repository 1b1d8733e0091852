// Renders each page on the server, then writes the Chakra (Emotion) rules its components used into <head>,
// where the root's <ServerStyles> renders the same elements in the browser for a clean hydration. The global
// CSS is not among them: the root links the site stylesheet, compiled once per process.
import type { Writable } from "node:stream";
import { CacheProvider } from "@emotion/react";
import type { EmotionCache } from "@emotion/cache";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { createEmotionCache, ServerStylesContext, SSR_STYLE_ATTRIBUTE, type ServerStyles } from "~/lib/emotion.ts";
import { getEnv } from "~/env.server.ts";
import { NonceContext } from "~/lib/nonce.ts";
import { recallRender, rememberRender, renderMemoKey } from "~/web/render-memo.server.ts";
import { siteStylesheet } from "~/web/site-stylesheet.server.ts";
import { markPrivateAnswer, privateAnswer } from "~/web/private-answers.server.ts";

export { prepareServer } from "~/server-start.server.ts";
/** For the build (vite.config.ts), which saves the compiled site stylesheet beside the server bundle. */
export { precompiledSiteStylesheet } from "~/web/site-stylesheet.server.ts";
/** POST /api/auctions/{id}/bids, answered by server.mjs ahead of Remix. */
export { answerBidApi } from "~/web/bid-form.server.ts";
/**
 * Remix's Express request handler, for server.mjs: taken from the server build, it runs on the build's own copy of
 * Remix's server runtime, the one the routes' `data`, `redirect` and cookies come from (vite.config.ts `ssr.noExternal`).
 * @remix-run/express's, except that a body the app stops reading does not end the connection (a 413 reaches the client).
 */
export { createRequestHandler } from "~/web/http-request-handler.server.ts";

export const streamTimeout = 5_000;

/** A member's `.data` answers are private and never stored (~/web/private-answers.server.ts). */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => privateAnswer(request, response);

/** Logs real failures only: answers such as 404 or 429 and requests the browser abandoned are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
};

/**
 * Renders the whole page (onAllReady) and collects its HTML. React writes into a plain collecting sink: a stream
 * would add buffering and events for nothing, since the page is complete before it is written. The HTML stays in
 * bytes: the response is bytes, and a page decoded to text here was encoded again to be sent.
 */
let serverRenderer: Promise<{ renderToPipeableStream: typeof RenderToPipeableStream }> | undefined;

/** React's server renderer, loaded with the first page: a server starting (and /healthz) does not wait for it. */
function loadServerRenderer(): Promise<{ renderToPipeableStream: typeof RenderToPipeableStream }> {
  serverRenderer ??= import("react-dom/server");
  return serverRenderer;
}

async function renderPage(app: JSX.Element): Promise<{ html: Buffer; failed: boolean }> {
  const { renderToPipeableStream } = await loadServerRenderer();
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Uint8Array[] = [];
    const sink = {
      write(chunk: Uint8Array) {
        chunks.push(chunk);
        return true;
      },
      end() {
        clearTimeout(timer);
        resolve({ html: Buffer.concat(chunks), failed });
      },
      destroy(error?: Error) {
        clearTimeout(timer);
        reject(error ?? new Error("The page could not be rendered."));
      },
      on() {
        return sink;
      },
    };
    const { pipe, abort } = renderToPipeableStream(app, {
      onAllReady() {
        pipe(sink as unknown as Writable);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        console.error(error);
      },
    });
    // Cleared once the page is written: a pending timer would keep the whole render in memory until it fires.
    // (React starts rendering in a later task, so no callback above runs before this line.)
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

const HEAD_END = Buffer.from("</head>");
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * The page's scripts preloaded at low priority (Remix's <Scripts> has no way to set the attribute on its modulepreload
 * links). The server draws the page and it works before hydration, so on a slow link its stylesheet and first picture
 * should have the bandwidth before ~180 KB of JavaScript, which Chrome otherwise fetches at high priority beside them
 * (docs/decisions/0056). Only in the production build: the development build's React warns about an
 * attribute its own render did not produce (production React does not compare attributes when hydrating).
 */
function lowPriorityScripts(html: Buffer): Buffer[] {
  if (!import.meta.env.PROD) return [html];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(MODULE_PRELOAD); at !== -1; at = html.indexOf(MODULE_PRELOAD, from)) {
    parts.push(html.subarray(from, at), LOW_PRIORITY_MODULE_PRELOAD);
    from = at + MODULE_PRELOAD.length;
  }
  parts.push(html.subarray(from));
  return parts;
}
const DOCTYPE = Buffer.from("<!DOCTYPE html>");

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * The <style> elements for the rules this render inserted. The cache is fresh for each request, so everything in
 * it belongs to this page: no need to scan the HTML for class names. Emotion's server mode (`compat`) keeps each
 * rule's CSS in `inserted`; <Global> rules (not registered as classes) each get their own element, before the
 * component rules, as @emotion/server does.
 */
function pageStyleTags(cache: EmotionCache): string {
  const ids: string[] = [];
  let css = "";
  let tags = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string") continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      tags += `<style ${SSR_STYLE_ATTRIBUTE}="${escapeAttribute(`${cache.key}-global ${id}`)}">${rules}</style>`;
    } else {
      ids.push(id);
      css += rules;
    }
  }
  return `${tags}<style ${SSR_STYLE_ATTRIBUTE}="${escapeAttribute(`${cache.key} ${ids.join(" ")}`)}">${css}</style>`;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A member's page is private and never stored by a shared cache (~/web/private-answers.server.ts).
  await markPrivateAnswer(request, responseHeaders);
  const memoKey = !getEnv().RENDER_MEMO ? null : renderMemoKey(request, responseStatusCode, remixContext);
  const remembered = memoKey ? recallRender(memoKey, nonce) : undefined;
  if (remembered) return new Response(remembered, { status: responseStatusCode, headers: responseHeaders });

  const cache = createEmotionCache();
  // Server mode: rules are kept in the cache for pageStyleTags instead of rendered inline.
  cache.compat = true;
  const serverStyles: ServerStyles = { stylesheet: siteStylesheet().href, styles: [] };

  const { html, failed } = await renderPage(
    <NonceContext.Provider value={nonce}>
      <ServerStylesContext.Provider value={serverStyles}>
        <CacheProvider value={cache}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
        </CacheProvider>
      </ServerStylesContext.Provider>
    </NonceContext.Provider>,
  );

  const headEnd = html.indexOf(HEAD_END);
  const parts = headEnd === -1 ? [html] : [html.subarray(0, headEnd), Buffer.from(pageStyleTags(cache)), ...lowPriorityScripts(html.subarray(headEnd))];
  // React already starts a document rendered from <html> with a doctype; a second one is a parse error.
  if (!html.subarray(0, DOCTYPE.length).equals(DOCTYPE)) parts.unshift(DOCTYPE);
  const body = Buffer.concat(parts);
  if (memoKey && !failed) rememberRender(memoKey, body.toString("utf8"), nonce);
  return new Response(body, { status: failed ? 500 : responseStatusCode, headers: responseHeaders });
}
