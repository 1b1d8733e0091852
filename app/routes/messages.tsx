// /messages: the signed-in member's conversations with buyers and sellers (docs/product/messaging.md#rules). The list (latest message
// first, searchable) beside the selected thread (600 px high; on phones the list, then the thread full screen with
// a Back link). The first conversation is selected when none is chosen. New messages arrive live over the shared
// event stream; sending works as a plain form and, with JavaScript, at once through a fetcher.
// ?conversation={id} opens one (403 for anyone but its two members); ?pin={id} keeps the automatically selected
// one in place when the list reorders, without switching a phone to the thread.
import { Box, Container, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { ConversationList } from "~/components/messages/ConversationList.tsx";
import { ThreadPane, type SendAnswer } from "~/components/messages/ThreadPane.tsx";
import { getDb } from "~/db.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { useLiveAuctions } from "~/components/live/use-live-auctions.ts";
import { conversationUrl, MESSAGE_TEXT } from "~/lib/messages.ts";
import { parseMessageSearch, SendMessageSchema } from "~/schemas/message.ts";
import { routeIdOf } from "~/web/route-params.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { emailConfirmationRefusal } from "~/services/accounts/index.server.ts";
import { listConversations, sendMessage, thread } from "~/services/messaging/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { refusalInit, refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { passErrorHeaders } from "~/lib/http.ts";

export const meta: MetaFunction = () => [{ title: "Messages — Tradebench" }];
export const headers = passErrorHeaders;

function forbidden(): never {
  // A conversation that does not exist and one of other people answer alike: nobody learns which ids exist.
  throwRefusal(new DomainError("forbidden", MESSAGE_TEXT.forbidden));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const search = parseMessageSearch(url.searchParams.get("q"));
  const asked = url.searchParams.get("conversation");
  const chosen = routeIdOf(asked);
  if (asked !== null && chosen === null) forbidden();
  const now = new Date();

  // Someone else's conversation reads as one that does not exist (the service's forbidden refusal, on the error page).
  const open = (id: number) => refusalsAnswered(() => thread(db, user.id, id, now), { as: "document" });
  // A chosen conversation is opened (and marked read) before the list is read, so its unread count is current.
  const chosenThread = chosen === null ? null : await open(chosen);
  const conversations = await listConversations(db, user.id, search);
  let selected = chosenThread;
  if (!selected && conversations.length > 0) {
    const pinned = routeIdOf(url.searchParams.get("pin"));
    const target = conversations.find((conversation) => conversation.id === pinned) ?? conversations[0]!;
    selected = await open(target.id);
    target.unreadCount = 0;
  }
  return {
    viewerId: user.id,
    serverNow: now.toISOString(),
    search,
    explicit: chosen !== null,
    conversations,
    selected,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission, fields: form } = await parseForm(request, SendMessageSchema);
  const user = await requireUser(request);
  const js = form.get("js") === "1";
  const typed = typeof form.get("body") === "string" ? String(form.get("body")) : "";
  const refuse = (refusal: DomainError) => data<SendAnswer>({ ok: false, error: refusal.message, body: typed }, refusalInit(refusal));
  // Messages wait for a confirmed e-mail address (docs/decisions/0028); the message stays in the box.
  const unconfirmed = emailConfirmationRefusal(user);
  if (unconfirmed) return refuse(unconfirmed);

  if (submission.status !== "success") {
    if (submission.error?.conversationId) forbidden();
    return refuse(new DomainError("invalid", submission.error?.body?.[0] ?? MESSAGE_TEXT.blank, { field: "body" }));
  }
  const { conversationId, body } = submission.value;
  return refusalsAnswered(
    async () => {
      await sendMessage(getDb(), { conversationId, senderId: user.id, body });
      // Without JavaScript the browser comes back to the conversation (and a reload does not send it again).
      if (!js) throw redirect(conversationUrl(conversationId));
      return data<SendAnswer>({ ok: true, error: null, body: "" });
    },
    {
      as: (refusal): SendAnswer =>
        refusal.kind === "forbidden" || refusal.kind === "not_found" ? forbidden() : { ok: false, error: refusal.message, body: typed },
    },
  );
}

export default function MessagesPage() {
  const { viewerId, serverNow, search, explicit, conversations, selected } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() ?? null;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();

  useLiveAuctions({
    auctionIds: [],
    onMessage: () => {
      // Reload the list and the thread. When the thread was picked automatically, pin it first: a message in another
      // conversation moves that one to the top, and the pane must not jump to it. While the member is already going
      // somewhere (they tapped a conversation, searched, sent), a navigation from here would cancel theirs: then only
      // reload, which makes the page they are going to load fresh data.
      const params = new URLSearchParams(location.search);
      if (navigation.state === "idle" && !explicit && selected && params.get("pin") !== String(selected.conversation.id)) {
        params.set("pin", String(selected.conversation.id));
        navigate(`/messages?${params}`, { replace: true, preventScrollReset: true });
      } else {
        revalidator.revalidate();
      }
    },
  });

  const listHref = search ? `/messages?${new URLSearchParams({ q: search })}` : "/messages";
  return (
    <Container maxW="7xl" py={{ base: "4", md: "8" }}>
      <Heading as="h1" size={{ base: "xl", md: "2xl" }} mb={{ base: "3", md: "5" }} display={{ base: explicit ? "none" : "block", md: "block" }}>
        Messages
      </Heading>
      <Grid templateColumns={{ base: "minmax(0, 1fr)", md: "minmax(0, 20rem) minmax(0, 1fr)", lg: "minmax(0, 24rem) minmax(0, 1fr)" }} gap="4">
        <Box as="section" aria-label="Conversations" display={{ base: explicit ? "none" : "block", md: "block" }} h={{ md: "600px" }} minH="0">
          <ConversationList conversations={conversations} selectedId={selected?.conversation.id ?? null} search={search} serverNow={serverNow} />
        </Box>
        <Box
          as="section"
          aria-labelledby={selected ? "thread-heading" : undefined}
          aria-label={selected ? undefined : "Conversation"}
          display={{ base: explicit ? "block" : "none", md: "block" }}
          h={{ base: "calc(100dvh - 6rem)", md: "600px" }}
          minH="0"
          data-testid="thread-pane"
        >
          {selected ? (
            <ThreadPane
              key={selected.conversation.id}
              thread={selected}
              viewerId={viewerId}
              serverNow={serverNow}
              backHref={listHref}
              refused={refused && !refused.ok ? refused : null}
            />
          ) : (
            <Stack h="full" align="center" justify="center" borderWidth="1px" rounded="md" p="6">
              <Text color="fg.muted">{MESSAGE_TEXT.noneSelected}</Text>
            </Stack>
          )}
        </Box>
      </Grid>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
