// The watch toggle: a real POST form (works without JavaScript), optimistic with a fetcher when it can be.
import { Button } from "@chakra-ui/react";
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { staticClasses } from "~/lib/static-styles.ts";
import { HeartIcon } from "./icons.tsx";

// The icon toggle sits on every card of a grid: static classes keep its render cheap.
const watchIcon = staticClasses("watch", {
  off: { recipe: "button", variants: { variant: "subtle", size: "sm" }, css: { rounded: "full", px: "0", colorPalette: "gray" } },
  on: { recipe: "button", variants: { variant: "subtle", size: "sm" }, css: { rounded: "full", px: "0", colorPalette: "red" } },
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
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "watch" : (fetcher.data?.error ? watching : (fetcher.data?.watching ?? watching));
  const label = shown ? `Remove ${title} from watchlist` : `Add ${title} to watchlist`;
  return (
    <fetcher.Form method="post" action={`/listings/${listingId}/watch`}>
      <input type="hidden" name="intent" value={shown ? "unwatch" : "watch"} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <JsMarker />
      {variant === "icon" ? (
        <button type="submit" aria-label={label} aria-pressed={shown} title={label} className={shown ? watchIcon.on : watchIcon.off}>
          <HeartIcon filled={shown} />
        </button>
      ) : (
        <Button type="submit" aria-pressed={shown} variant={shown ? "solid" : "outline"} colorPalette={shown ? "red" : "gray"}>
          <HeartIcon filled={shown} />
          {shown ? "Watching" : "Watch"}
        </Button>
      )}
    </fetcher.Form>
  );
}

/** Tells the action the request came through a fetcher, so it answers with data instead of a redirect. */
function JsMarker() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name="js" value="1" /> : null;
}
