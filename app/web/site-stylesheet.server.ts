// The site stylesheet: Chakra's layer order, reset, global rules and design tokens, then the static classes.
// All of it is the same for every page, so it is compiled once per process and served as a cacheable file
// (/styles/site-<hash>.css) instead of being serialised into every response. A production build compiles it already
// (vite.config.ts writes build/server/site-stylesheet.json): compiling costs ~0.4 s of CPU, which a starting server
// would otherwise spend on its first page.
import crypto from "node:crypto";
import fs from "node:fs";
import createCache from "@emotion/cache";
import { css as serialize, type SerializedStyles } from "@emotion/react";
import { isRecipeStyle, isSlotRecipeStyle, registeredStaticClasses } from "~/lib/static-styles.ts";
import { system } from "~/theme.ts";

const SITE_STYLESHEET_PATH = "/styles/";

export interface SiteStylesheet {
  fileName: string;
  href: string;
  css: string;
}

let compiled: { version: number; stylesheet: SiteStylesheet } | undefined;

/** The compiled stylesheet with the version of the class registry it was compiled from, as the build saves it. */
export interface PrecompiledSiteStylesheet {
  version: number;
  css: string;
}

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

function named(css: string): SiteStylesheet {
  const hash = crypto.createHash("sha256").update(css).digest("base64url").slice(0, 12);
  const fileName = `site-${hash}.css`;
  return { fileName, href: `${SITE_STYLESHEET_PATH}${fileName}`, css };
}

/** The stylesheet for the classes registered so far (all of them once the app's modules are loaded). */
export function siteStylesheet(): SiteStylesheet {
  const { version } = registeredStaticClasses();
  if (compiled?.version !== version) compiled = { version, stylesheet: named(buildCss()) };
  return compiled.stylesheet;
}

/** What the build saves: the stylesheet of every class the app's modules register. */
export function precompiledSiteStylesheet(): PrecompiledSiteStylesheet {
  return { version: registeredStaticClasses().version, css: siteStylesheet().css };
}

/**
 * Takes the stylesheet the build compiled (`file`, from the same build as the running code), and says whether it
 * did: not when the file is missing or unreadable, nor when it was compiled for another set of classes; the first
 * page then compiles it as before.
 */
export function adoptPrecompiledSiteStylesheet(file: string): boolean {
  let saved: Partial<PrecompiledSiteStylesheet>;
  try {
    saved = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<PrecompiledSiteStylesheet>;
  } catch {
    return false;
  }
  const { version } = registeredStaticClasses();
  if (saved.version !== version || typeof saved.css !== "string" || saved.css === "") return false;
  compiled = { version, stylesheet: named(saved.css) };
  return true;
}
