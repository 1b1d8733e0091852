// Serves stored avatar images.
import fs from "node:fs/promises";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/env.server.ts";
import { avatarFilePath } from "~/services/accounts/index.server.ts";
import { onlyGet, resourceHandler } from "~/web/resource-route.server.ts";

async function serveAvatar({ params }: LoaderFunctionArgs) {
  const file = avatarFilePath(getEnv().UPLOADS_DIR, params.file ?? "");
  if (!file) throw data({ message: "Not found" }, { status: 404 });
  try {
    const bytes = await fs.readFile(file);
    return new Response(bytes, {
      headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable" },
    });
  } catch {
    throw data({ message: "Not found" }, { status: 404 });
  }
}

export const loader = resourceHandler(serveAvatar);
/** Only GET: any other method is a 405 with a message (not Remix's "Unexpected Server Error"). */
export const action = onlyGet;
