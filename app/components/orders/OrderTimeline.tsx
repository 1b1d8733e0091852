// What happened to an order, oldest first: each state it reached, when, by whom, and the note given.
import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { formatOrderTime, ORDER_STATUS_LABELS } from "~/lib/orders.ts";
import type { OrderTimelineEntry } from "~/services/orders/index.server.ts";

export function OrderTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
  return (
    <Box as="section" aria-labelledby="timeline-heading">
      <Heading as="h2" size="md" id="timeline-heading" mb="3">
        Timeline
      </Heading>
      <Stack as="ol" gap="0" listStyleType="none" ps="0" aria-label="Order timeline">
        {entries.map((entry, index) => (
          <Box as="li" key={entry.id} position="relative" ps="6" pb={index === entries.length - 1 ? "0" : "4"}>
            <Box position="absolute" left="1" top="1.5" w="2.5" h="2.5" rounded="full" bg="blue.solid" aria-hidden="true" />
            {index < entries.length - 1 ? <Box position="absolute" left="2" top="4" bottom="0" w="0.5" bg="border" aria-hidden="true" /> : null}
            <Text fontWeight="semibold">{index === 0 ? "Order placed" : ORDER_STATUS_LABELS[entry.status]}</Text>
            <Text fontSize="sm" color="fg.muted">
              <time dateTime={entry.createdAt}>{formatOrderTime(entry.createdAt)}</time> · {entry.actor}
            </Text>
            {entry.note ? (
              <Text fontSize="sm" mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
                {entry.note}
              </Text>
            ) : null}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
