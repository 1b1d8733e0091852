// The listing and auction lot pages remember what a signed-in member opened, for offline use: the copy their loader
// made goes into the browsed listings (the last 100 are kept) and its photos into the image cache. Renders nothing.
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import type { OfflineListing } from "~/lib/offline/contracts.ts";
import { cacheListingImages } from "~/lib/offline/images.ts";
import { claimOwner, rememberBrowsed } from "~/lib/offline/copies.ts";
import { openOfflineDb } from "~/lib/offline/offline-db.ts";

interface RootData {
  user: { id: string } | null;
}

export function RememberBrowsed({ listing }: { listing: OfflineListing | null }) {
  const userId = (useRouteLoaderData("root") as RootData | undefined)?.user?.id ?? null;
  useEffect(() => {
    if (!listing || !userId) return;
    let current = true;
    void (async () => {
      try {
        const db = await openOfflineDb();
        // Copies of another member's (a shared tablet) are wiped before this one is kept.
        await claimOwner(db, userId);
        if (!current) return;
        await rememberBrowsed(db, listing);
        await cacheListingImages(listing.imageUrls);
      } catch (error) {
        console.warn("Could not keep this listing for offline use", error);
      }
    })();
    return () => {
      current = false;
    };
  }, [listing, userId]);
  return null;
}
