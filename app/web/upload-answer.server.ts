// The answer to GET /uploads/<key> (listing photos, avatars), whichever store holds the file: its bytes read from the
// store, or — when object storage has a public address (S3_PUBLIC_URL) — a redirect there. A key that is not one of
// ours, or a file that is not there, is a 404.
import { data } from "@remix-run/node";
import { getUploadStore, type UploadStore } from "~/services/storage/index.server.ts";

export async function uploadAnswer(key: string | null, cacheControl: string, store: UploadStore = getUploadStore()): Promise<Response> {
  if (!key) throw data({ message: "Not found" }, { status: 404 });
  const direct = store.directUrl(key);
  if (direct) return new Response(null, { status: 302, headers: { Location: direct, "Cache-Control": cacheControl } });
  const stored = await store.get(key);
  if (!stored) throw data({ message: "Not found" }, { status: 404 });
  return new Response(stored.bytes, {
    headers: { "Content-Type": stored.contentType, "Content-Length": String(stored.bytes.byteLength), "Cache-Control": cacheControl },
  });
}
