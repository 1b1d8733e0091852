// Serves stored listing pictures (docs/product/listings.md#limits: cache control 3600 s) from the upload store (the disk or object
// storage). Anything that is not one of our file names is a 404, so no key can reach outside the listing's folder.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { LISTING_IMAGE_CACHE_CONTROL, listingImageKey } from "~/services/listings/index.server.ts";
import { onlyGet, resourceHandler } from "~/web/resource-route.server.ts";
import { uploadAnswer } from "~/web/upload-answer.server.ts";

async function serveListingImage({ params }: LoaderFunctionArgs) {
  return uploadAnswer(listingImageKey(params.id ?? "", params.file ?? ""), LISTING_IMAGE_CACHE_CONTROL);
}

export const loader = resourceHandler(serveListingImage);
/** Only GET: any other method is a 405 with a message (not Remix's "Unexpected Server Error"). */
export const action = onlyGet;
