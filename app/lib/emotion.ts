// Emotion (Chakra's style engine) shared by server and browser. The server links the site stylesheet
// (Chakra's global CSS and the static classes, see site-stylesheet.server.ts) and writes the rules of the
// Chakra components a page rendered as <style> elements; the browser renders the same elements and marks
// their rules as already inserted, so hydration matches and nothing flashes unstyled.
import createCache, { type EmotionCache } from "@emotion/cache";
import { createContext } from "react";

export const EMOTION_KEY = "css";
export const SSR_STYLE_ATTRIBUTE = "data-ssr-emotion";
export const SITE_STYLESHEET_ATTRIBUTE = "data-site-stylesheet";

export interface ServerStyle {
  key: string;
  ids: string[];
  css: string;
}

export interface ServerStyles {
  /** The href of the site stylesheet. */
  stylesheet: string | null;
  /** The page's own component rules (rendered by the server into <head>, adopted by the browser). */
  styles: ServerStyle[];
}

export const ServerStylesContext = createContext<ServerStyles>({ stylesheet: null, styles: [] });

export function createEmotionCache(): EmotionCache {
  return createCache({ key: EMOTION_KEY });
}

/** Reads the server's stylesheet link and style elements before hydration and tells the cache their rules are in place. */
export function adoptServerStyles(cache: EmotionCache, root: ParentNode): ServerStyles {
  const stylesheet = root.querySelector<HTMLLinkElement>(`link[${SITE_STYLESHEET_ATTRIBUTE}]`)?.getAttribute("href") ?? null;
  const styles = Array.from(root.querySelectorAll<HTMLStyleElement>(`style[${SSR_STYLE_ATTRIBUTE}]`)).map((element) => {
    const [key = EMOTION_KEY, ...ids] = (element.getAttribute(SSR_STYLE_ATTRIBUTE) ?? "").split(" ");
    for (const id of ids) cache.inserted[id] = true;
    return { key, ids, css: element.textContent ?? "" };
  });
  return { stylesheet, styles };
}
