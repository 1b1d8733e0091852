// Renders each page on the server with its styles extracted into the document head.
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { createEmotionCache, ServerStylesContext, type ServerStyle } from "~/lib/emotion.ts";
import { NonceContext } from "~/lib/nonce.ts";

export { prepareServer } from "~/server-start.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const cache = createEmotionCache();
  const { extractCriticalToChunks } = createEmotionServer(cache);

  const page = (styles: ServerStyle[]) => (
    <NonceContext.Provider value={nonce}>
      <ServerStylesContext.Provider value={styles}>
        <CacheProvider value={cache}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </CacheProvider>
      </ServerStylesContext.Provider>
    </NonceContext.Provider>
  );

  // First pass collects the styles the page uses; the second renders them into <head>.
  const { styles } = extractCriticalToChunks(renderToString(page([])));
  const markup = renderToString(page(styles.map(({ key, ids, css }) => ({ key, ids, css }))));

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${markup}`, { status: responseStatusCode, headers: responseHeaders });
}
