// Serves stored listing pictures (spec 01 §9: cache control 3600 s). Anything that is not one of our
// file names is a 404, so no path can reach outside the listing's folder.
import fs from "node:fs/promises";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/env.server.ts";
import { listingImageFilePath } from "~/services/listings/index.server.ts";
import { onlyGet, resourceHandler } from "~/web/resource-route.server.ts";

async function serveListingImage({ params }: LoaderFunctionArgs) {
  const file = listingImageFilePath(getEnv().UPLOADS_DIR, params.id ?? "", params.file ?? "");
  if (!file) throw data({ message: "Not found" }, { status: 404 });
  try {
    const bytes = await fs.readFile(file);
    return new Response(bytes, {
      headers: {
        "Content-Type": "image/webp",
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": "public, max-age=3600",
      },
    });
  } catch {
    throw data({ message: "Not found" }, { status: 404 });
  }
}

export const loader = resourceHandler(serveListingImage);
/** Only GET: any other method is a 405 with a message (not Remix's "Unexpected Server Error"). */
export const action = onlyGet;
