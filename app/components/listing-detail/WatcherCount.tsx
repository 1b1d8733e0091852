// For the listing's owner (and admins) only: how many people watch it. The loaders send the count to nobody else.
import { watcherCountText } from "~/lib/watchers.ts";
import { HeartIcon } from "../icons.tsx";
import { watchers } from "./detail-styles.ts";

export function WatcherCount({ count }: { count: number }) {
  return (
    <div className={watchers.root} data-testid="watcher-count">
      <HeartIcon filled={count > 0} />
      <p className={watchers.text}>{watcherCountText(count)}</p>
    </div>
  );
}
