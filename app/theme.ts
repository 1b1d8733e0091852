// Tradebench's design system: Chakra's defaults plus a few global rules for keyboard users.
import { createSystem, defaultConfig, type SystemContext } from "@chakra-ui/react";

export const system = createSystem(defaultConfig, {
  theme: {
    semanticTokens: {
      colors: {
        // Chakra's default (red.500 on white, 3.8:1) is too faint for the small text of form errors: AA needs 4.5:1.
        fg: { error: { value: { _light: "{colors.red.700}", _dark: "{colors.red.300}" } } },
      },
    },
  },
  globalCss: {
    ".skip-link": {
      position: "absolute",
      left: "-10000px",
      top: "auto",
      zIndex: "skipLink",
    },
    ".skip-link:focus": {
      left: "4",
      top: "4",
      bg: "bg",
      color: "fg",
      px: "4",
      py: "2",
      rounded: "md",
      outline: "2px solid",
      outlineColor: "blue.focusRing",
    },
    "a:focus-visible, button:focus-visible, [role=button]:focus-visible": {
      outline: "2px solid",
      outlineColor: "blue.focusRing",
      outlineOffset: "2px",
    },
  },
});

/**
 * The system the app renders with. Its global CSS (layer order, reset, the rules above, design tokens) is in the
 * site stylesheet (app/lib/site-stylesheet.server.ts), so <ChakraProvider> must not serialise it again on every
 * render as <Global> styles.
 */
export const renderSystem: SystemContext = { ...system, _global: [], _config: { ...system._config, disableLayers: true } };
