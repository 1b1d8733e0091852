// The site stylesheet: Chakra's layer order, reset, global rules and design tokens, then the static classes.
// All of it is the same for every page, so it is compiled once per process and served as a cacheable file
// (/styles/site-<hash>.css) instead of being serialised into every response.
import crypto from "node:crypto";
import createCache from "@emotion/cache";
import { css as serialize, type SerializedStyles } from "@emotion/react";
import { isRecipeStyle, isSlotRecipeStyle, registeredStaticClasses } from "~/lib/static-styles.ts";
import { system } from "~/theme.ts";

export const SITE_STYLESHEET_PATH = "/styles/";

export interface SiteStylesheet {
  fileName: string;
  href: string;
  css: string;
}

let compiled: { version: number; stylesheet: SiteStylesheet } | undefined;

function compile(styles: SerializedStyles): string {
  // A throwaway cache gives Emotion's own compiler (nesting, prefixes) the same treatment <Global> would.
  const cache = createCache({ key: "tb-site" });
  return cache.insert("", styles, cache.sheet, false) ?? "";
}

function buildCss(): string {
  const parts = [system.layers.atRule, compile(serialize(system._global))];
  for (const [name, style] of registeredStaticClasses().classes) {
    const object = isRecipeStyle(style)
      ? system.css(system.getRecipeFn(style.recipe)(style.variants ?? {}), style.css ?? {})
      : isSlotRecipeStyle(style)
        ? system.css(system.getSlotRecipeFn(style.slotRecipe)(style.variants ?? {})[style.slot], style.css ?? {})
        : system.css(style);
    parts.push(compile(serialize({ [`.${name}`]: object })));
  }
  return parts.join("\n");
}

/** The stylesheet for the classes registered so far (all of them once the app's modules are loaded). */
export function siteStylesheet(): SiteStylesheet {
  const { version } = registeredStaticClasses();
  if (compiled?.version !== version) {
    const css = buildCss();
    const hash = crypto.createHash("sha256").update(css).digest("base64url").slice(0, 12);
    const fileName = `site-${hash}.css`;
    compiled = { version, stylesheet: { fileName, href: `${SITE_STYLESHEET_PATH}${fileName}`, css } };
  }
  return compiled.stylesheet;
}
