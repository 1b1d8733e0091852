// Emotion (Chakra's style engine) shared by server and browser: the server extracts the styles a page
// uses and renders them as <style> elements; the browser renders the same elements and marks their
// rules as already inserted, so hydration matches and nothing flashes unstyled.
import createCache, { type EmotionCache } from "@emotion/cache";
import { createContext } from "react";

export const EMOTION_KEY = "css";
export const SSR_STYLE_ATTRIBUTE = "data-ssr-emotion";

export interface ServerStyle {
  key: string;
  ids: string[];
  css: string;
}

export const ServerStylesContext = createContext<ServerStyle[]>([]);

export function createEmotionCache(): EmotionCache {
  return createCache({ key: EMOTION_KEY });
}

/** Reads the server's style elements before hydration and tells the cache their rules are in place. */
export function adoptServerStyles(cache: EmotionCache, root: ParentNode): ServerStyle[] {
  return Array.from(root.querySelectorAll<HTMLStyleElement>(`style[${SSR_STYLE_ATTRIBUTE}]`)).map((element) => {
    const [key = EMOTION_KEY, ...ids] = (element.getAttribute(SSR_STYLE_ATTRIBUTE) ?? "").split(" ");
    for (const id of ids) cache.inserted[id] = true;
    return { key, ids, css: element.textContent ?? "" };
  });
}
