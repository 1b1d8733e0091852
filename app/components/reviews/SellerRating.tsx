// A member's rating in one line, for the seller panels of listing, lot and order pages: five drawn stars
// labelled with the mean, and the review count; "No reviews yet" before any. Plain elements (no Chakra component), so
// the listing page keeps its static-class render (docs/decisions/0044).
import { REVIEW_STARS } from "~/lib/reviews.ts";
import { staticClasses } from "~/lib/static-styles.ts";

const look = staticClasses("seller-rating", { stars: { color: "orange.fg", verticalAlign: "-2px", display: "inline-block" } });
const STAR_POINTS = "10,1 12.9,7 19.5,7.6 14.5,12 16,18.5 10,15 4,18.5 5.5,12 0.5,7.6 7.1,7";

/** Five drawn stars, the first `value` (rounded) filled; the label is what assistive technology reads. Also /user/{id}'s. */
export function StarRow({ value, label, width, height, className }: { value: number; label: string; width: string; height: string; className?: string }) {
  const whole = Math.round(value);
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox="0 0 100 20" className={className}>
      <title>{label}</title>
      {REVIEW_STARS.map((star) => (
        <polygon
          key={star}
          points={STAR_POINTS}
          transform={`translate(${(star - 1) * 20} 0)`}
          fill={star <= whole ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.2"
        />
      ))}
    </svg>
  );
}

export function SellerRating({ average, count, className }: { average: number | null; count: number; className?: string }) {
  if (count === 0 || average === null) return <span className={className}>No reviews yet</span>;
  const label = `Rated ${average} out of 5`;
  return (
    <span className={className} data-testid="seller-rating">
      <StarRow value={average} label={label} width="80" height="16" className={look.stars} /> {average} ({count} {count === 1 ? "review" : "reviews"})
    </span>
  );
}
