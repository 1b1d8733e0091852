// /orders: the signed-in buyer's purchases, newest first, with their state.
import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { OrderTable } from "~/components/orders/OrderTable.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { parsePage } from "~/schemas/order.ts";
import { requireUser } from "~/services/auth.server.ts";
import { listPurchases } from "~/services/orders.server.ts";

export const meta: MetaFunction = () => [{ title: "Your orders — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  return listPurchases(getDb(), user.id, page);
}

export default function OrdersPage() {
  const { items, total, page, totalPages } = useLoaderData<typeof loader>();
  return (
    <Container maxW="6xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Your orders
          </Heading>
          <Text color="fg.muted">
            {total === 0 ? "Everything you buy shows here." : `${total} ${total === 1 ? "order" : "orders"}. Open one to pay, follow the shipment or confirm receipt.`}
          </Text>
        </Stack>
        {items.length === 0 ? (
          <Stack gap="3" align="start" borderWidth="1px" rounded="md" p="6">
            <Text>You have not bought anything yet.</Text>
            <Button asChild colorPalette="blue">
              <RemixLink to="/listings">Browse equipment</RemixLink>
            </Button>
          </Stack>
        ) : (
          <OrderTable orders={items} side="purchases" caption="Your purchases" />
        )}
        <Pagination page={page} totalPages={totalPages} hrefFor={(p) => `/orders?page=${p}`} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
