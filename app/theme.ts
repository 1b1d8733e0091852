// Tradebench's design system: Chakra's defaults plus a few global rules for keyboard users.
import { createSystem, defaultConfig } from "@chakra-ui/react";

export const system = createSystem(defaultConfig, {
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
