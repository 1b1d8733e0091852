import { CacheProvider } from "@emotion/react";
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { adoptServerStyles, createEmotionCache, EMOTION_KEY, ServerStylesContext } from "~/lib/emotion.ts";
import { loadTheme } from "~/render-system.ts";

const cache = createEmotionCache();
// The site stylesheet link and the page's style elements, as the server sent them.
const serverStyles = adoptServerStyles(cache, document.head);

function hydrate(): void {
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
}

/** Runs `task` once the page has loaded and the browser has nothing else to do. */
function whenIdle(task: () => void): void {
  // Safari has no requestIdleCallback before 18.
  const later = () => (typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(task, { timeout: 5_000 }) : setTimeout(task, 1_000));
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

// The Chakra theme is not in the first load (app/render-system.ts). A page whose server render used Chakra
// components (their class rules came in the "css …ids" style element; the provider's empty <Global> does not count)
// needs it to hydrate, so it loads first; the pages drawn with static classes hydrate at once and load it when idle,
// for the pages that come next.
const renderedChakraComponents = serverStyles.styles.some((style) => style.key === EMOTION_KEY && style.ids.some((id) => id !== ""));
if (renderedChakraComponents) void loadTheme().then(hydrate);
else {
  hydrate();
  whenIdle(() => void loadTheme());
}
