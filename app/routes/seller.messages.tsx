// /seller/messages (docs/product/dashboards.md#seller Quick Actions): the seller's conversations about their own listings, in
// /messages' own conversation list (each opens in /messages), unanswered ones first, with the response rate and response
// time the public profile shows (sellerResponseFigures, one rule, one place). Every member may open it (empty for those
// who sell nothing), like /seller/orders.
import { Box, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatCard } from "~/components/dashboards/DashboardParts.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { ConversationList } from "~/components/messages/ConversationList.tsx";
import { getDb } from "~/db.server.ts";
import { formatResponseRate, formatResponseTime } from "~/lib/profiles.ts";
import { listConversations, sellerResponseFigures, type ConversationSummary } from "~/services/messaging/index.server.ts";
import { requireUser } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "Messages about your listings — Tradebench" }];

/** Waiting for the seller: the newest message is the other member's. */
function unanswered(conversation: ConversationSummary): boolean {
  return conversation.lastMessage !== null && !conversation.lastMessage.fromViewer;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const now = new Date();
  const [conversations, figures] = await Promise.all([listConversations(db, user.id), sellerResponseFigures(db, user.id, now)]);
  const aboutListings = conversations.filter((conversation) => conversation.viewerIs === "seller" && conversation.listingId !== null);
  // Unanswered first; each group keeps /messages' order (latest message first).
  const ordered = [...aboutListings.filter(unanswered), ...aboutListings.filter((conversation) => !unanswered(conversation))];
  return { conversations: ordered, unansweredCount: aboutListings.filter(unanswered).length, figures, serverNow: now.toISOString() };
}

export default function SellerMessagesPage() {
  const { conversations, unansweredCount, figures, serverNow } = useLoaderData<typeof loader>();
  return (
    <Container maxW="4xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Messages about your listings
        </Heading>
        <SimpleGrid as="section" aria-label="Your response figures" columns={{ base: 1, sm: 3 }} gap="4">
          <StatCard label="Awaiting your answer" value={String(unansweredCount)} />
          <StatCard
            label="Response rate"
            value={formatResponseRate(figures.responseRate)}
            help={`Over ${figures.conversations} ${figures.conversations === 1 ? "conversation" : "conversations"}`}
          />
          <StatCard label="Response time" value={formatResponseTime(figures.responseTimeMs)} />
        </SimpleGrid>
        {conversations.length === 0 ? (
          <Text color="fg.muted">No conversations yet</Text>
        ) : (
          <Box as="section" aria-label="Conversations">
            <ConversationList conversations={conversations} selectedId={null} search="" serverNow={serverNow} />
          </Box>
        )}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
