// Static classes of the offline banner and the pending-changes panel (drawn on every page like the shell, see
// app/lib/static-styles.ts).
import { staticClasses } from "~/lib/static-styles.ts";

export const offlineUi = staticClasses("offline", {
  /** Full width under the header; inverse colours read in both colour modes. */
  banner: {
    bg: "fg",
    color: "bg",
    px: "4",
    py: "2",
    fontSize: "sm",
    fontWeight: "medium",
    textAlign: "center",
  },
  pending: {
    borderBottomWidth: "1px",
    bg: "bg.muted",
    fontSize: "sm",
  },
  pendingInner: { display: "flex", flexDirection: "column", gap: "2", py: "2" },
  pendingRow: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2" },
  summary: {
    cursor: "pointer",
    fontWeight: "semibold",
    minH: "11",
    display: "inline-flex",
    alignItems: "center",
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" },
  },
  list: { listStyleType: "disc", ps: "6", display: "flex", flexDirection: "column", gap: "1" },
  muted: { color: "fg.muted" },
  notice: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2", color: "red.fg", fontWeight: "medium" },
  /** Chakra's outline button, 44 px tall for touch. */
  button: { recipe: "button", variants: { size: "sm", variant: "outline" }, css: { minH: "11" } },
  /** A refusal next to a control that needs a connection (bids, Buy Now, checkout). */
  refusal: { color: "red.fg", fontWeight: "medium", fontSize: "sm" },
});
