// /seller/orders: the signed-in seller's sales, newest first, with the success fee and what they receive.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderListPage } from "~/components/orders/OrderListPage.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatRate, SUCCESS_FEE_RATE_BP } from "~/lib/fees.ts";
import { parsePage } from "~/schemas/order.ts";
import { requireUser } from "~/web/auth.server.ts";
import { listSales } from "~/services/orders/index.server.ts";
import { reviewsDueFor } from "~/services/reviews/index.server.ts";

export const meta: MetaFunction = () => [{ title: "Your sales — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [orders, reviewsDue] = await Promise.all([listSales(getDb(), user.id, page), reviewsDueFor(getDb(), user.id)]);
  return { ...orders, reviewsDue: reviewsDue.filter((due) => due.role === "seller") };
}

export default function SellerOrdersPage() {
  const orders = useLoaderData<typeof loader>();
  const { total } = orders;
  return (
    <OrderListPage
      title="Your sales"
      intro={
        <>
          {total === 0 ? "Items you sell show here." : `${total} ${total === 1 ? "sale" : "sales"}.`} Ship paid orders from the order page. The success fee is{" "}
          {formatRate(SUCCESS_FEE_RATE_BP.buy_now)} on Buy Now, {formatRate(SUCCESS_FEE_RATE_BP.auction)} on auctions and{" "}
          {formatRate(SUCCESS_FEE_RATE_BP.hybrid)} on auctions with Buy Now, less any fee exemption; you receive the rest when the buyer confirms receipt.
        </>
      }
      side="sales"
      caption="Your sales"
      orders={orders}
      reviewsDue={orders.reviewsDue}
      pageHref={(p) => `/seller/orders?page=${p}`}
      empty={{ text: "You have not sold anything yet.", to: "/create-listing", label: "Create a listing" }}
      maxW="7xl"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
