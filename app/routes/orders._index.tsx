// /orders: the signed-in buyer's purchases, newest first, with their state.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderListPage } from "~/components/orders/OrderListPage.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { parsePage } from "~/schemas/order.ts";
import { requireUser } from "~/web/auth.server.ts";
import { listPurchases } from "~/services/orders/index.server.ts";
import { reviewsDueFor } from "~/services/reviews/index.server.ts";

export const meta: MetaFunction = () => [{ title: "Your orders — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [orders, reviewsDue] = await Promise.all([listPurchases(getDb(), user.id, page), reviewsDueFor(getDb(), user.id)]);
  return { ...orders, reviewsDue: reviewsDue.filter((due) => due.role === "buyer") };
}

export default function OrdersPage() {
  const orders = useLoaderData<typeof loader>();
  const { total } = orders;
  return (
    <OrderListPage
      title="Your orders"
      intro={
        total === 0
          ? "Everything you buy shows here."
          : `${total} ${total === 1 ? "order" : "orders"}. Open one to pay, follow the shipment or confirm receipt.`
      }
      side="purchases"
      caption="Your purchases"
      orders={orders}
      reviewsDue={orders.reviewsDue}
      pageHref={(p) => `/orders?page=${p}`}
      empty={{ text: "You have not bought anything yet.", to: "/listings", label: "Browse equipment" }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
