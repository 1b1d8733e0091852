// Renders each page on the server, then writes the Chakra (Emotion) styles it used into <head>,
// where the root's <ServerStyles> renders the same elements in the browser for a clean hydration.
import { PassThrough } from "node:stream";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { createEmotionCache, SSR_STYLE_ATTRIBUTE } from "~/lib/emotion.ts";
import { NonceContext } from "~/lib/nonce.ts";

export { prepareServer } from "~/server-start.server.ts";

export const streamTimeout = 5_000;

/** Logs real failures only: answers such as 404 or 429 and requests the browser abandoned are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
};

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function renderPage(app: JSX.Element): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(app, {
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => resolve({ html: Buffer.concat(chunks).toString("utf8"), failed }));
        body.on("error", reject);
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        failed = true;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const cache = createEmotionCache();
  const { extractCriticalToChunks } = createEmotionServer(cache);

  const { html, failed } = await renderPage(
    <NonceContext.Provider value={nonce}>
      <CacheProvider value={cache}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
      </CacheProvider>
    </NonceContext.Provider>,
  );

  const styleTags = extractCriticalToChunks(html)
    .styles.map(
      ({ key, ids, css }) => `<style ${SSR_STYLE_ATTRIBUTE}="${escapeAttribute(`${key} ${ids.join(" ")}`)}">${css}</style>`,
    )
    .join("");
  const headEnd = html.indexOf("</head>");
  const document = headEnd === -1 ? html : `${html.slice(0, headEnd)}${styleTags}${html.slice(headEnd)}`;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // React already starts a document rendered from <html> with a doctype; a second one is a parse error.
  return new Response(/^<!DOCTYPE html>/i.test(document) ? document : `<!DOCTYPE html>${document}`, {
    status: failed ? 500 : responseStatusCode,
    headers: responseHeaders,
  });
}
