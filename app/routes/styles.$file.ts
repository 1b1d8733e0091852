// Serves the site stylesheet (Chakra's reset, global rules and tokens, and the static classes). Its name
// carries a hash of its content, so browsers may keep it for a year. A page from an older deployment asks
// for an older name: it gets today's stylesheet, to be checked again next time, rather than no styles at all.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteStylesheet } from "~/web/site-stylesheet.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  // A Response, not data(): Remix words a resource route's thrown data() "Unexpected Server Error".
  if (!/^site-[\w-]+\.css$/.test(file)) throw Response.json({ message: "Not found" }, { status: 404 });
  const stylesheet = siteStylesheet();
  return new Response(stylesheet.css, {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": file === stylesheet.fileName ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}

/** Only GET: any other method is a 405 with a message (not Remix's "Unexpected Server Error"). */
export const action = onlyGet;
