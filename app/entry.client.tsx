import { CacheProvider } from "@emotion/react";
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { adoptServerStyles, createEmotionCache, ServerStylesContext } from "~/lib/emotion.ts";

const cache = createEmotionCache();
// The site stylesheet link and the page's style elements, as the server sent them.
const serverStyles = adoptServerStyles(cache, document.head);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <ServerStylesContext.Provider value={serverStyles}>
        <CacheProvider value={cache}>
          <RemixBrowser />
        </CacheProvider>
      </ServerStylesContext.Provider>
    </StrictMode>,
  );
});
