// The frame of a paged staff review queue (reported reviews, seller verifications): the heading, what the last
// decision did or why it was refused, how many are waiting, the items one card each, and the pages.
import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import type { Key, ReactNode } from "react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { Pagination } from "~/components/listings/Pagination.tsx";

export interface ReviewQueueProps<Item> {
  title: string;
  /** What the last decision did, from the `done` parameter. */
  done: string | null;
  /** Why the last decision was refused. */
  formError: string | undefined;
  /** "3 reported reviews". */
  countText: string;
  emptyText: string;
  items: readonly Item[];
  itemKey: (item: Item) => Key;
  renderItem: (item: Item) => ReactNode;
  page: number;
  totalPages: number;
  /** The queue's address of a page. */
  path: string;
}

export function ReviewQueue<Item>({
  title,
  done,
  formError,
  countText,
  emptyText,
  items,
  itemKey,
  renderItem,
  page,
  totalPages,
  path,
}: ReviewQueueProps<Item>) {
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {done ? <FormSuccess>{done}</FormSuccess> : null}
      {formError ? <FormErrors errors={[formError]} /> : null}
      <Text aria-live="polite">{countText}</Text>
      {items.length === 0 ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        <Stack as="ul" gap="5" listStyleType="none">
          {items.map((item) => (
            <Box as="li" key={itemKey(item)} borderWidth="1px" rounded="md" p="4">
              {renderItem(item)}
            </Box>
          ))}
        </Stack>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={(to) => `${path}${to > 1 ? `?page=${to}` : ""}`} />
    </Stack>
  );
}
