// The watch toggle: a real POST form (works without JavaScript), optimistic with a fetcher when it can be.
// Offline, a signed-in member's toggle goes to the outbox and is sent when the connection returns.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { newActionId } from "~/lib/offline/outbox.ts";
import { isOffline } from "~/lib/offline/online.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { HeartIcon } from "./icons.tsx";
import { useOfflineQueue } from "./pwa/use-offline-queue.ts";
import { useHydrated } from "./use-hydrated.ts";

// The icon toggle sits on every card of a grid, the full one on the listing page: static classes keep them cheap.
const watchIcon = staticClasses("watch", {
  off: { recipe: "button", variants: { variant: "subtle", size: "sm" }, css: { rounded: "full", px: "0", colorPalette: "gray" } },
  on: { recipe: "button", variants: { variant: "subtle", size: "sm" }, css: { rounded: "full", px: "0", colorPalette: "red" } },
  // The "full" toggle of the listing and lot pages: Chakra's <Button variant="outline" colorPalette="gray">, solid red when watching.
  fullOff: { recipe: "button", variants: { variant: "outline" }, css: { colorPalette: "gray" } },
  fullOn: { recipe: "button", variants: { variant: "solid" }, css: { colorPalette: "red" } },
});

export function WatchButton({
  listingId,
  watching,
  title,
  variant = "icon",
}: {
  listingId: number;
  watching: boolean;
  title: string;
  variant?: "icon" | "full";
}) {
  const fetcher = useFetcher<{ watching: boolean; error: string | null }>();
  const location = useLocation();
  const queueOffline = useOfflineQueue();
  // A toggle queued offline: shown until the page's data says otherwise.
  const [queued, setQueued] = useState<boolean | null>(null);
  useEffect(() => setQueued(null), [watching]);
  const pending = fetcher.formData?.get("intent");
  const shown = queued ?? (pending ? pending === "watch" : fetcher.data?.error ? watching : (fetcher.data?.watching ?? watching));
  const label = shown ? `Remove ${title} from watchlist` : `Add ${title} to watchlist`;

  function queueIfOffline(event: FormEvent<HTMLFormElement>) {
    if (!queueOffline || !isOffline()) return;
    event.preventDefault();
    const next = !shown;
    setQueued(next);
    void queueOffline({ id: newActionId(), kind: next ? "watch" : "unwatch", listingId }).then((ok) => {
      if (!ok) setQueued(null);
    });
  }

  return (
    <fetcher.Form method="post" action={`/listings/${listingId}/watch`} onSubmit={queueIfOffline}>
      <input type="hidden" name="intent" value={shown ? "unwatch" : "watch"} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <JsMarker />
      {variant === "icon" ? (
        <button type="submit" aria-label={label} aria-pressed={shown} title={label} className={shown ? watchIcon.on : watchIcon.off}>
          <HeartIcon filled={shown} />
        </button>
      ) : (
        <button type="submit" aria-pressed={shown} className={shown ? watchIcon.fullOn : watchIcon.fullOff}>
          <HeartIcon filled={shown} />
          {shown ? "Watching" : "Watch"}
        </button>
      )}
    </fetcher.Form>
  );
}

/** Tells the action the request came through a fetcher, so it answers with data instead of a redirect. */
function JsMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name="js" value="1" /> : null;
}
