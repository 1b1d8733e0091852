// The thread pane of /messages: who the conversation is with and about which listing, the messages (the latest at
// the bottom) and the send box. The send box is a plain POST form; with JavaScript it sends through a fetcher and
// shows the message at once.
import { Box, Button, chakra, Heading, HStack, Link, Stack, Text, Textarea } from "@chakra-ui/react";
import { Link as RemixLink, useFetcher } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { conversationUrl, formatMessageDate, formatMessageDateTime, GENERAL_CONVERSATION_TITLE, MESSAGE_MAX_LENGTH, MESSAGE_TEXT } from "~/lib/messages.ts";
import type { ConversationThread } from "~/services/messaging/index.server.ts";
import { ChevronLeftIcon } from "../icons.tsx";
import { MessageText } from "./MessageText.tsx";

/** What the send action answers a fetcher (and a form without JavaScript, when it refuses). */
export interface SendAnswer {
  ok: boolean;
  error: string | null;
  /** The text sent back when refused, so nothing typed is lost. */
  body: string;
}

// Layout effects warn during server rendering; the scroll position only matters in the browser.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

interface ShownMessage {
  key: string;
  body: string;
  createdAt: string;
  mine: boolean;
  pending: boolean;
}

export function ThreadPane({
  thread,
  viewerId,
  serverNow,
  backHref,
  refused,
}: {
  thread: ConversationThread;
  viewerId: string;
  serverNow: string;
  backHref: string;
  /** The refusal of a send made without JavaScript (the page came back with it). */
  refused: SendAnswer | null;
}) {
  const { conversation } = thread;
  const fetcher = useFetcher<SendAnswer>();
  const [text, setText] = useState(refused?.body ?? "");
  const [clientError, setClientError] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  // The newest message id when the last send started: the sent message shows as pending until one newer than it,
  // from the viewer and with its text, has arrived (by the reload after the send or by the live stream, whichever
  // comes first).
  const sentAfter = useRef(0);
  const action = conversationUrl(conversation.id);

  // A refused send gives the text back to the box.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setText(fetcher.data.body);
  }, [fetcher.state, fetcher.data]);

  const pendingBody = fetcher.state !== "idle" ? fetcher.formData?.get("body") : null;
  const shown: ShownMessage[] = thread.messages.map((message) => ({
    key: String(message.id),
    body: message.body,
    createdAt: message.createdAt,
    mine: message.senderId === viewerId,
    pending: false,
  }));
  const pendingText = typeof pendingBody === "string" ? pendingBody.trim() : "";
  const arrived = thread.messages.some((message) => message.id > sentAfter.current && message.senderId === viewerId && message.body === pendingText);
  if (pendingText && !arrived) {
    shown.push({ key: "pending", body: pendingText, createdAt: serverNow, mine: true, pending: true });
  }

  // Keep the newest message in view when the thread opens and whenever one arrives.
  const lastKey = shown.at(-1)?.key ?? "";
  useBrowserLayoutEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [conversation.id, lastKey, shown.length]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) {
      setClientError(MESSAGE_TEXT.blank);
      return;
    }
    if (fetcher.state !== "idle") return;
    setClientError(null);
    sentAfter.current = thread.messages.at(-1)?.id ?? 0;
    const form = new FormData(event.currentTarget);
    form.set("body", text);
    form.set("js", "1");
    fetcher.submit(form, { method: "post", action, preventScrollReset: true });
    setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  const error = clientError ?? (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null) ?? refused?.error ?? null;
  const now = Date.parse(serverNow);

  return (
    <Stack gap="0" h="full" minH="0" borderWidth="1px" rounded="md" overflow="hidden" bg="bg">
      <Stack gap="1" px="4" py="3" borderBottomWidth="1px">
        <Link asChild display={{ base: "inline-flex", md: "none" }} fontSize="sm" colorPalette="blue" w="fit-content">
          <RemixLink to={backHref}>
            <ChevronLeftIcon />
            Back to conversations
          </RemixLink>
        </Link>
        <Heading as="h2" size="md" id="thread-heading" truncate>
          <Link asChild colorPalette="blue" variant="underline">
            <RemixLink to={`/user/${conversation.otherPartyId}`}>{conversation.otherPartyName}</RemixLink>
          </Link>
        </Heading>
        <Text fontSize="sm" color="fg.muted" truncate>
          {conversation.listingId === null && conversation.listingTitle === GENERAL_CONVERSATION_TITLE
            ? "Member"
            : conversation.viewerIs === "buyer"
              ? "Seller"
              : "Buyer"}{" "}
          ·{" "}
          {conversation.listingId !== null ? (
            <Link asChild colorPalette="blue" variant="underline">
              <RemixLink to={`/listings/${conversation.listingId}`}>{conversation.listingTitle}</RemixLink>
            </Link>
          ) : (
            conversation.listingTitle
          )}
        </Text>
      </Stack>

      <Box
        ref={log}
        role="log"
        aria-label={`Messages with ${conversation.otherPartyName}`}
        aria-live="polite"
        tabIndex={0}
        flex="1"
        minH="0"
        overflowY="auto"
        px="4"
        py="3"
        bg="bg.subtle"
        _focusVisible={{ outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "-2px" }}
      >
        {shown.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="8">
            {MESSAGE_TEXT.noMessagesYet}
          </Text>
        ) : (
          <Stack as="ol" listStyleType="none" gap="3">
            {shown.map((message) => (
              <Box
                as="li"
                key={message.key}
                alignSelf={message.mine ? "flex-end" : "flex-start"}
                maxW="80%"
                data-testid="message"
                data-mine={message.mine ? "true" : "false"}
                data-pending={message.pending ? "true" : undefined}
                opacity={message.pending ? 0.7 : 1}
              >
                <Box
                  px="3"
                  py="2"
                  rounded="lg"
                  bg={message.mine ? "blue.solid" : "bg.panel"}
                  color={message.mine ? "blue.contrast" : "fg"}
                  borderWidth={message.mine ? "0" : "1px"}
                  whiteSpace="pre-wrap"
                  overflowWrap="anywhere"
                >
                  <Box as="span" srOnly>
                    {message.mine ? "You: " : `${conversation.otherPartyName}: `}
                  </Box>
                  <MessageText body={message.body} />
                </Box>
                <Text fontSize="xs" color="fg.muted" mt="1" textAlign={message.mine ? "end" : "start"}>
                  {message.pending ? (
                    "Sending…"
                  ) : (
                    <time dateTime={message.createdAt} title={formatMessageDateTime(message.createdAt)}>
                      {formatMessageDate(message.createdAt, now)}
                    </time>
                  )}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Box>

      <chakra.form method="post" action={action} onSubmit={onSubmit} px="4" py="3" borderTopWidth="1px" noValidate>
        <input type="hidden" name="conversationId" value={conversation.id} />
        <chakra.label htmlFor="message-body" srOnly>
          Message to {conversation.otherPartyName}
        </chakra.label>
        <HStack align="flex-end" gap="2">
          <Textarea
            id="message-body"
            name="body"
            rows={2}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder="Write a message…"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (clientError) setClientError(null);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "message-error" : undefined}
            resize="none"
          />
          <Button type="submit" colorPalette="blue" loading={fetcher.state === "submitting"} loadingText="Sending">
            Send
          </Button>
        </HStack>
        {error ? (
          <Text id="message-error" role="alert" color="fg.error" fontSize="sm" mt="2">
            {error}
          </Text>
        ) : null}
      </chakra.form>
    </Stack>
  );
}
