// The Chakra system the app renders with, without the theme's code in the first load.
//
// The theme (app/theme.ts: Chakra's base config, tokens and the recipes of the components the app uses) is ~116 KB of
// JavaScript, ~30 KB gzipped, and the pages a buyer lands on (/, /listings, /listings/{id}) never read it: they are
// drawn with static classes (docs/decisions/0023). So the root's <ChakraProvider> gets this proxy, which answers the
// two properties the provider reads by itself and makes the system from the theme when a Chakra component first asks
// for it. The theme module registers its factory here when it loads: the server imports it at start (the site
// stylesheet is compiled from it); the browser loads it on its own (docs/decisions/0040):
// - before hydrating a page whose server render used Chakra components (entry.client.tsx),
// - when the browser is idle after the first load (so a later navigation finds it),
// - and, as a last resort, when a component renders before it arrived: reading the system then suspends the render
//   (React waits for the module; navigations are transitions, so the current page stays until the next one is ready).
import type { SystemContext } from "@chakra-ui/react";

/** Marks the moment the browser made the system (tests/e2e/first-load.spec.ts checks which pages never do). */
export const SYSTEM_MADE_MARK = "tradebench:chakra-system";

let makeSystem: (() => SystemContext) | undefined;
let made: SystemContext | undefined;
let themeLoading: Promise<void> | undefined;
let themeFailure: unknown;

/** Called once by app/theme.ts when it loads: how to make the system. */
export function provideSystemFactory(factory: () => SystemContext): void {
  makeSystem = factory;
}

/**
 * Loads the theme's code (once); resolves when it is here or could not load (never rejects: a render waiting for it
 * then throws the failure to the error boundary, and a later call tries again).
 */
export function loadTheme(): Promise<void> {
  themeLoading ??= import("~/theme.ts").then(
    () => {
      themeFailure = undefined;
    },
    (error: unknown) => {
      themeLoading = undefined;
      themeFailure = error;
    },
  );
  return themeLoading;
}

function getSystem(): SystemContext {
  if (made) return made;
  if (!makeSystem) {
    if (themeFailure !== undefined) {
      const failure = themeFailure;
      themeFailure = undefined;
      throw failure;
    }
    // Thrown during a render, the pending import suspends it until the theme's code is here.
    throw loadTheme();
  }
  made = makeSystem();
  if (typeof window !== "undefined") performance.mark(SYSTEM_MADE_MARK);
  return made;
}

/** An object that makes the system when a property is first read, answering `overrides` without making it. */
export function lazySystem(overrides: Partial<Record<keyof SystemContext, unknown>> = {}): SystemContext {
  const read = (key: string | symbol) => (key in overrides ? overrides[key as keyof SystemContext] : Reflect.get(getSystem(), key));
  return new Proxy({} as SystemContext, {
    get: (_target, key) => read(key),
    has: (_target, key) => key in overrides || key in getSystem(),
    ownKeys: () => [...new Set([...Reflect.ownKeys(getSystem()), ...Object.keys(overrides)])],
    getOwnPropertyDescriptor: (_target, key) =>
      key in overrides || key in getSystem() ? { configurable: true, enumerable: true, writable: false, value: read(key) } : undefined,
  });
}

/**
 * The system the app renders with. Its global CSS (layer order, reset, the theme's rules, design tokens) is in the
 * site stylesheet (app/web/site-stylesheet.server.ts), so <ChakraProvider> must not serialise it again on every
 * render as <Global> styles. <ChakraProvider> reads only these two properties: the system itself is made when the
 * first Chakra component renders, so a page drawn with static classes only (/listings) never makes it in the browser,
 * nor loads the theme before it is idle.
 */
export const renderSystem: SystemContext = lazySystem({ _global: [], _config: { disableLayers: true } });
