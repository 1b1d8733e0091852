// GET /events?auction=12&auction=15 (or ?auctions=all): Server-Sent Events for the pages showing those auctions,
// plus the signed-in viewer's own notifications. Each auction change is made personal (who leads) before it leaves.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/web/auth.server.ts";
import { routeIdOf } from "~/web/route-params.server.ts";
import { forViewer, type AuctionChange } from "~/services/auctions/index.server.ts";
import { ALL_AUCTIONS_TOPIC, auctionTopic, getLiveEventBus, trackLiveConnection, userTopic, type LiveEvent } from "~/services/platform/index.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

const MAX_AUCTIONS_PER_STREAM = 60;
const HEARTBEAT_MS = 15_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const auctionIds = [...new Set(url.searchParams.getAll("auction").map(routeIdOf))]
    .filter((id): id is number => id !== null)
    .slice(0, MAX_AUCTIONS_PER_STREAM);
  const user = await getOptionalUser(request);
  const topics = [...(url.searchParams.get("auctions") === "all" ? [ALL_AUCTIONS_TOPIC] : auctionIds.map(auctionTopic)), ...(user ? [userTopic(user.id)] : [])];
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        // Stays: a stream the browser left refuses more bytes; that ends the subscription.
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const deliver = (event: LiveEvent) => {
        let data = event.data;
        if (event.name === "auction") {
          const change = event.data as AuctionChange;
          data = { reason: change.reason, snapshot: forViewer(change.state, user?.id), newBids: change.newBids };
        }
        send(`event: ${event.name}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const bus = getLiveEventBus();
      const unsubscribe = bus.subscribe(topics, deliver);
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      const release = trackLiveConnection();
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        release();
        cleanup = () => {};
      };
      request.signal.addEventListener("abort", () => {
        cleanup();
        // Stays: closing a stream that is already closed throws, and needs nothing more.
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
      // Tell the browser to retry after 3 s if the connection drops, and that the stream is open: once this server
      // hears the other servers' events too (PostgreSQL: LISTEN in place), since a page stops polling on "ready" and
      // would otherwise miss a bid taken elsewhere meanwhile (the first stream of a server that just started).
      void Promise.resolve(bus.listening?.()).then(() => send(`retry: 3000\nevent: ready\ndata: {}\n\n`));
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

/** Only GET: any other method is a 405 with a message (not Remix's "Unexpected Server Error"). */
export const action = onlyGet;
