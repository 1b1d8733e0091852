// Serves stored avatar images (from the upload store: the disk or object storage).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { AVATAR_CACHE_CONTROL, avatarKey } from "~/services/accounts/index.server.ts";
import { onlyGet, resourceHandler } from "~/web/resource-route.server.ts";
import { uploadAnswer } from "~/web/upload-answer.server.ts";

async function serveAvatar({ params }: LoaderFunctionArgs) {
  return uploadAnswer(avatarKey(params.file ?? ""), AVATAR_CACHE_CONTROL);
}

export const loader = resourceHandler(serveAvatar);
/** Only GET: any other method is a 405 with a message (not Remix's "Unexpected Server Error"). */
export const action = onlyGet;
