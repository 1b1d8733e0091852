// Save Search for visitors: signing in comes first, then back to the same search.
import { AppLink } from "~/components/AppLink.tsx";
import { loginUrl } from "~/lib/http.ts";
import { ui } from "./listings-styles.ts";

export function SaveSearchSignIn({ returnTo }: { returnTo: string }) {
  return (
    <AppLink to={loginUrl(returnTo)} className={ui.outlineButton}>
      Save Search
    </AppLink>
  );
}
