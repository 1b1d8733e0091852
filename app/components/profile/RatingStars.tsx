// The public profile's star rows (the card's average and each review's rating).
import { Box } from "@chakra-ui/react";
import { StarRow } from "~/components/reviews/SellerRating.tsx";

/** Five stars, the first `value` (rounded) filled; drawn, so the label is what assistive technology reads. */
export function RatingStars({ value, label }: { value: number; label: string }) {
  return (
    <Box as="span" display="inline-flex" color="orange.fg">
      <StarRow value={value} label={label} width="100" height="20" />
    </Box>
  );
}
