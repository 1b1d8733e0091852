// A lot's own close time, with a countdown on the server's clock while it is open and closes within the hour.
import { Text } from "@chakra-ui/react";
import { formatCountdown } from "~/lib/auctions.ts";
import { COUNTDOWN_WITHIN_MS, formatEventTime } from "~/lib/sale-event-pages.ts";

export function LotClose({ closesAt, open, now }: { closesAt: string; open: boolean; now: number }) {
  const left = Date.parse(closesAt) - now;
  return (
    <>
      <time dateTime={closesAt}>{formatEventTime(closesAt)}</time>
      {open && left > 0 && left <= COUNTDOWN_WITHIN_MS ? (
        <Text as="span" display="block" color="red.fg" fontWeight="semibold" role="timer" aria-atomic="true" data-testid="lot-countdown">
          {formatCountdown(left)} left
        </Text>
      ) : null}
    </>
  );
}
