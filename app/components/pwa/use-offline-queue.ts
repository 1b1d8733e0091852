// Forms that keep working offline (the watch toggle, notes, Remove): while the browser is offline, a signed-in
// member's change goes to the outbox (applied to the offline copies at once) instead of failing; it is sent when
// the connection returns. Returns null for visitors, whose changes need a connection.
import { useRouteLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import type { OutboxAction } from "~/lib/offline/contracts.ts";
import { claimOwner } from "~/lib/offline/copies.ts";
import { openOfflineDb } from "~/lib/offline/offline-db.ts";
import { queueAction } from "~/lib/offline/outbox.ts";

interface RootData {
  user: { id: string } | null;
}

export type QueueOffline = (action: OutboxAction) => Promise<boolean>;

export function useOfflineQueue(): QueueOffline | null {
  const userId = (useRouteLoaderData("root") as RootData | undefined)?.user?.id ?? null;
  const queue = useCallback<QueueOffline>(
    async (action) => {
      if (!userId) return false;
      try {
        const db = await openOfflineDb();
        await claimOwner(db, userId);
        await queueAction(db, action);
        return true;
      } catch (error) {
        console.warn("Could not queue a change made offline", error);
        return false;
      }
    },
    [userId],
  );
  return userId ? queue : null;
}
