// A message as plain text: line breaks kept, web addresses as safe links that open in a new tab. Everything is a
// React text node or an <a> built from a parsed http(s) URL; nothing is ever inserted as HTML.
import { Link } from "@chakra-ui/react";
import { linkify, USER_LINK_REL } from "~/lib/linkify.ts";

export function MessageText({ body }: { body: string }) {
  return (
    <>
      {linkify(body).map((segment, index) =>
        segment.kind === "text" ? (
          segment.text
        ) : (
          <Link key={index} href={segment.href} target="_blank" rel={USER_LINK_REL} color="inherit" textDecoration="underline" overflowWrap="anywhere">
            {segment.text}
          </Link>
        ),
      )}
    </>
  );
}
