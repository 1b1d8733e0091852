// /seller/orders: the signed-in seller's sales, newest first, with the success fee and what they receive.
import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { OrderTable } from "~/components/orders/OrderTable.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatRate, SUCCESS_FEE_RATE_BP } from "~/lib/fees.ts";
import { parsePage } from "~/schemas/order.ts";
import { requireUser } from "~/services/auth.server.ts";
import { listSales } from "~/services/orders.server.ts";

export const meta: MetaFunction = () => [{ title: "Your sales — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  return listSales(getDb(), user.id, page);
}

export default function SellerOrdersPage() {
  const { items, total, page, totalPages } = useLoaderData<typeof loader>();
  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Your sales
          </Heading>
          <Text color="fg.muted">
            {total === 0 ? "Items you sell show here." : `${total} ${total === 1 ? "sale" : "sales"}.`} Ship paid orders from the order page. The
            success fee is {formatRate(SUCCESS_FEE_RATE_BP.buy_now)} on Buy Now, {formatRate(SUCCESS_FEE_RATE_BP.auction)} on auctions and{" "}
            {formatRate(SUCCESS_FEE_RATE_BP.hybrid)} on auctions with Buy Now, less any fee exemption; you receive the rest when the buyer
            confirms receipt.
          </Text>
        </Stack>
        {items.length === 0 ? (
          <Stack gap="3" align="start" borderWidth="1px" rounded="md" p="6">
            <Text>You have not sold anything yet.</Text>
            <Button asChild colorPalette="blue">
              <RemixLink to="/create-listing">Create a listing</RemixLink>
            </Button>
          </Stack>
        ) : (
          <OrderTable orders={items} side="sales" caption="Your sales" />
        )}
        <Pagination page={page} totalPages={totalPages} hrefFor={(p) => `/seller/orders?page=${p}`} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
