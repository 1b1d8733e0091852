// The listing's pictures: one large image and a row of thumbnails.
// Without JavaScript the thumbnails are links (?image=N) and the server shows the chosen picture; once the
// page is interactive they become buttons, the arrow keys step through the pictures while the gallery has
// focus, and a horizontal swipe on a touch screen does the same.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { ChevronLeftIcon, ChevronRightIcon, ImagePlaceholderIcon } from "../icons.tsx";
import { classNames } from "../shell-styles.ts";
import { useHydrated } from "../use-hydrated.ts";
import { gallery } from "./detail-styles.ts";

export interface GalleryImage {
  id: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** A swipe must travel this far (CSS pixels) sideways, and further sideways than up or down. */
const SWIPE_DISTANCE = 40;

function imageAlt(title: string, index: number, count: number): string {
  return count > 1 ? `${title} — image ${index + 1} of ${count}` : title;
}

export function ListingGallery({ title, images, startIndex = 0 }: { title: string; images: GalleryImage[]; startIndex?: number }) {
  const count = images.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), Math.max(count - 1, 0)));
  const hydrated = useHydrated();
  const thumbnails = useRef<Array<HTMLButtonElement | null>>([]);
  const swipe = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  if (count === 0) {
    return (
      <div className={classNames(gallery.frame, gallery.empty)}>
        <div role="img" aria-label="No image available" className={gallery.placeholder}>
          <ImagePlaceholderIcon />
          <p className={gallery.placeholderText}>No image available</p>
        </div>
      </div>
    );
  }

  const current = images[index] ?? images[0]!;
  const show = (next: number, focusThumbnail = false) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    if (focusThumbnail) thumbnails.current[wrapped]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    const onThumbnail = thumbnails.current.includes(event.target as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next, onThumbnail);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === "mouse") return;
    swipe.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointerId !== event.pointerId || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) <= Math.abs(dy)) return;
    show(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <div onKeyDown={onKeyDown}>
      <div
        role="group"
        aria-roledescription="image gallery"
        aria-label={`Photos of ${title}`}
        tabIndex={0}
        className={gallery.viewport}
        data-testid="gallery-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        <div className={gallery.frame}>
          <img src={current.url} alt={imageAlt(title, index, count)} width={current.width} height={current.height} draggable={false} fetchPriority="high" />
        </div>
        {hydrated && count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous image"
              className={classNames(gallery.arrow, gallery.arrowPrevious)}
              tabIndex={-1}
              onClick={() => show(index - 1)}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              aria-label="Next image"
              className={classNames(gallery.arrow, gallery.arrowNext)}
              tabIndex={-1}
              onClick={() => show(index + 1)}
            >
              <ChevronRightIcon />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <>
          <p className={gallery.position} aria-live="polite" data-testid="gallery-position">
            Image {index + 1} of {count}
          </p>
          <ul className={gallery.thumbnails} aria-label="Choose an image">
            {images.map((image, position) => {
              const selected = position === index;
              const label = `Show image ${position + 1} of ${count}`;
              const picture = (
                <span className={classNames(gallery.frame, gallery.thumbnailFrame)}>
                  <img src={image.thumbnailUrl} alt="" loading="lazy" draggable={false} />
                </span>
              );
              return (
                <li key={image.id}>
                  {hydrated ? (
                    <button
                      type="button"
                      ref={(element: HTMLButtonElement | null) => {
                        thumbnails.current[position] = element;
                      }}
                      aria-label={label}
                      aria-current={selected ? "true" : undefined}
                      onClick={() => show(position)}
                      className={gallery.thumbnail}
                    >
                      {picture}
                    </button>
                  ) : (
                    <a href={`?image=${position + 1}`} aria-label={label} aria-current={selected ? "true" : undefined} className={gallery.thumbnail}>
                      {picture}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
