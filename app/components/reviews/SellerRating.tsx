// A member's rating in one line, for the seller panels of listing, lot and order pages (issue 22): five drawn stars
// labelled with the mean, and the review count; "No reviews yet" before any. Plain elements (no Chakra component), so
// the listing page keeps its static-class render (docs/decisions/0044).
import { staticClasses } from "~/lib/static-styles.ts";

const look = staticClasses("seller-rating", { stars: { color: "orange.fg", verticalAlign: "-2px", display: "inline-block" } });
const STAR_POINTS = "10,1 12.9,7 19.5,7.6 14.5,12 16,18.5 10,15 4,18.5 5.5,12 0.5,7.6 7.1,7";

export function SellerRating({ average, count, className }: { average: number | null; count: number; className?: string }) {
  if (count === 0 || average === null) return <span className={className}>No reviews yet</span>;
  const whole = Math.round(average);
  const label = `Rated ${average} out of 5`;
  return (
    <span className={className} data-testid="seller-rating">
      <svg role="img" aria-label={label} width="80" height="16" viewBox="0 0 100 20" className={look.stars}>
        <title>{label}</title>
        {[1, 2, 3, 4, 5].map((star) => (
          <polygon
            key={star}
            points={STAR_POINTS}
            transform={`translate(${(star - 1) * 20} 0)`}
            fill={star <= whole ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.2"
          />
        ))}
      </svg>{" "}
      {average} ({count} {count === 1 ? "review" : "reviews"})
    </span>
  );
}
