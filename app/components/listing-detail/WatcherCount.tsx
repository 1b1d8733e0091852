// For the listing's owner (and admins) only: how many people watch it. The loaders send the count to nobody else.
import { HStack, Text } from "@chakra-ui/react";
import { watcherCountText } from "~/lib/watchers.ts";
import { HeartIcon } from "../icons.tsx";

export function WatcherCount({ count }: { count: number }) {
  return (
    <HStack gap="2" color="fg.muted" data-testid="watcher-count">
      <HeartIcon filled={count > 0} />
      <Text fontSize="sm" fontWeight="medium">
        {watcherCountText(count)}
      </Text>
    </HStack>
  );
}
