// Serves stored avatar images.
import fs from "node:fs/promises";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/env.server.ts";
import { avatarFilePath } from "~/services/accounts/index.server.ts";

export async function loader({ params }: LoaderFunctionArgs) {
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
