// The conversation list of /messages: a search box, then each conversation (other member, listing, last message,
// date, unread count), the latest first, the selected one marked.
import { Badge, Box, Button, chakra, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { formatMessageDate, formatMessageDateTime, MESSAGE_TEXT } from "~/lib/messages.ts";
import { MESSAGE_SEARCH_MAX } from "~/schemas/message.ts";
import type { ConversationSummary } from "~/services/messaging/index.server.ts";
import { SearchIcon } from "../icons.tsx";

function conversationHref(id: number, search: string): string {
  const params = new URLSearchParams({ conversation: String(id) });
  if (search) params.set("q", search);
  return `/messages?${params}`;
}

export function ConversationList({
  conversations,
  selectedId,
  search,
  serverNow,
}: {
  conversations: ConversationSummary[];
  selectedId: number | null;
  search: string;
  serverNow: string;
}) {
  return (
    <Stack gap="3" h="full" minH="0">
      <Form method="get" action="/messages" role="search" aria-label="Search conversations">
        <HStack gap="2">
          <chakra.label htmlFor="conversation-search" srOnly>
            Search conversations
          </chakra.label>
          <Input id="conversation-search" type="search" name="q" defaultValue={search} maxLength={MESSAGE_SEARCH_MAX} placeholder="Search conversations" />
          <Button type="submit" variant="outline" aria-label="Search">
            <SearchIcon />
          </Button>
        </HStack>
      </Form>
      {conversations.length === 0 ? (
        <Box borderWidth="1px" rounded="md" p="6" textAlign="center" color="fg.muted" data-testid="conversations-empty">
          {search ? MESSAGE_TEXT.noMatches : MESSAGE_TEXT.noConversations}
        </Box>
      ) : (
        // The scrolling list paints its own background: the conversations scrolled out of it still lie, clipped, below the
        // 600 px column (past the page's end when the list is long), where the page's background does not reach.
        <Box as="ul" listStyleType="none" overflowY="auto" flex="1" minH="0" borderWidth="1px" rounded="md" bg="bg" aria-label="Conversations">
          {conversations.map((conversation) => {
            const selected = conversation.id === selectedId;
            return (
              <Box as="li" key={conversation.id} borderBottomWidth="1px" _last={{ borderBottomWidth: "0" }}>
                <RemixLink
                  to={conversationHref(conversation.id, search)}
                  aria-current={selected ? "page" : undefined}
                  preventScrollReset
                  data-testid="conversation-link"
                  style={{ display: "block" }}
                >
                  <Box
                    px="3"
                    py="3"
                    bg={selected ? "blue.subtle" : undefined}
                    _hover={{ bg: selected ? "blue.subtle" : "bg.muted" }}
                    borderInlineStartWidth="3px"
                    borderInlineStartColor={selected ? "blue.solid" : "transparent"}
                  >
                    <HStack justify="space-between" gap="2" align="baseline">
                      <Text fontWeight={conversation.unreadCount > 0 ? "bold" : "semibold"} truncate>
                        {conversation.otherPartyName}
                      </Text>
                      <Text as="span" fontSize="xs" color="fg.muted" flexShrink="0">
                        <time dateTime={conversation.lastMessageAt} title={formatMessageDateTime(conversation.lastMessageAt)}>
                          {formatMessageDate(conversation.lastMessageAt, Date.parse(serverNow))}
                        </time>
                      </Text>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted" truncate>
                      {conversation.listingTitle}
                    </Text>
                    <HStack justify="space-between" gap="2">
                      <Text fontSize="sm" truncate color={conversation.unreadCount > 0 ? "fg" : "fg.muted"}>
                        {conversation.lastMessage
                          ? `${conversation.lastMessage.fromViewer ? "You: " : ""}${conversation.lastMessage.excerpt}`
                          : "No messages yet"}
                      </Text>
                      {conversation.unreadCount > 0 ? (
                        <Badge colorPalette="blue" variant="solid" rounded="full" flexShrink="0" data-testid="unread-count">
                          {conversation.unreadCount}
                          <Box as="span" srOnly>
                            {" "}
                            unread
                          </Box>
                        </Badge>
                      ) : null}
                    </HStack>
                  </Box>
                </RemixLink>
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
