// Static classes shared by the header and the footer (see app/lib/static-styles.ts): the page-wide container and
// Chakra's ghost buttons, compiled once into the site stylesheet.
import { staticClasses } from "~/lib/static-styles.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";

/** The look of an unread count (the bell's badge, the Messages link's badge). */
export const UNREAD_BADGE_LOOK = {
  minW: "4.5",
  h: "4.5",
  px: "1",
  rounded: "full",
  bg: "red.solid",
  color: "red.contrast",
  fontSize: "2xs",
  fontWeight: "bold",
  lineHeight: "1.125rem",
  textAlign: "center",
} as const;

/** A panel that hangs under its button in the header: the account menu, the notifications. */
export const HEADER_PANEL_LOOK = {
  position: "absolute",
  top: "calc(100% + 0.25rem)",
  bg: "bg.panel",
  color: "fg",
  borderWidth: "1px",
  rounded: "md",
  boxShadow: "lg",
  zIndex: "dropdown",
  animationName: "fade-in",
  animationDuration: "fast",
} as const;

export const shell = staticClasses("shell", {
  /** Chakra's <Container maxW="7xl">. */
  container: { recipe: "container", css: { maxW: "7xl" } },
  /** Chakra's <IconButton variant="ghost" size="sm">. */
  iconButton: { recipe: "button", variants: { variant: "ghost", size: "sm" }, css: { px: "0", py: "0", _icon: { fontSize: "1.2em" } } },
  /** Chakra's <Button variant="ghost" size="sm">. */
  ghostButton: { recipe: "button", variants: { variant: "ghost", size: "sm" } },
  /** A link in Chakra's plain <Link> look. */
  link: { recipe: "link", css: { fontSize: "sm", color: "fg", [TOUCH]: { minH: TOUCH_TARGET } } },
  mutedText: { fontSize: "sm", color: "fg.muted" },
  srOnly: { srOnly: true },
});

/** Joins class names, skipping empty ones. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
