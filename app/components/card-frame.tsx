// The frame every card in a grid shares (listing cards, auction cards): the bordered box, the 4:3 picture or its
// "No image" placeholder with room for badges and the watch toggle on top, and the two-line title.
// Static classes (app/lib/static-styles.ts): a grid renders many cards.
import type { ReactNode } from "react";
import { staticClasses } from "~/lib/static-styles.ts";
import { ImagePlaceholderIcon } from "./icons.tsx";

export const cardFrame = staticClasses("card", {
  root: {
    position: "relative",
    display: "flex",
    flexDirection: "column",
    h: "full",
    overflow: "hidden",
    bg: "bg.panel",
    borderWidth: "1px",
    rounded: "l3",
    _hover: { borderColor: "blue.solid" },
    _focusWithin: { borderColor: "blue.solid" },
  },
  media: { position: "relative", aspectRatio: "4 / 3", bg: "bg.muted" },
  image: { w: "full", h: "full", objectFit: "cover" },
  placeholder: {
    w: "full",
    h: "full",
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    justifyContent: "center",
    gap: "1",
    color: "fg.muted",
    fontSize: "xs",
  },
  watch: { position: "absolute", top: "2", right: "2", zIndex: "1" },
  title: { fontWeight: "semibold", lineClamp: "2" },
});

/**
 * The card's picture (decorative: the title names the item), or the placeholder; `children` lie over it. Pictures
 * load lazily, except a `lead` card's: the first of a results page, the page's largest paint on a phone.
 */
export function CardPicture({ imageUrl, lead = false, children }: { imageUrl: string | null; lead?: boolean; children?: ReactNode }) {
  return (
    <div className={cardFrame.media}>
      {imageUrl ? (
        <img src={imageUrl} alt="" loading={lead ? "eager" : "lazy"} fetchPriority={lead ? "high" : undefined} className={cardFrame.image} />
      ) : (
        <div role="img" aria-label="No image" className={cardFrame.placeholder}>
          <ImagePlaceholderIcon />
          <span>No image</span>
        </div>
      )}
      {children}
    </div>
  );
}
