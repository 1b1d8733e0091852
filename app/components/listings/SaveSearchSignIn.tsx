// Save Search for visitors: signing in comes first, then back to the same search.
import { Link as RemixLink } from "@remix-run/react";
import { loginUrl } from "~/lib/http.ts";
import { ui } from "./listings-styles.ts";

export function SaveSearchSignIn({ returnTo }: { returnTo: string }) {
  return (
    <RemixLink to={loginUrl(returnTo)} className={ui.outlineButton}>
      Save Search
    </RemixLink>
  );
}
