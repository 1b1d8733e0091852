// The closing call to action: Create an Account and Browse Equipment (docs/product/platform.md#public-pages). Signed-in users have an
// account already, so they are offered their next step instead.
import { AppLink } from "~/components/AppLink.tsx";
import { staticClasses } from "~/lib/static-styles.ts";
import { home } from "./home-styles.ts";
import type { HomeViewer } from "./viewer.ts";

const closing = staticClasses("closing", {
  section: { py: { base: "12", md: "16" }, bg: "blue.subtle", borderTopWidth: "1px", borderColor: "blue.muted" },
  container: { recipe: "container", css: { maxW: "3xl", textAlign: "center" } },
  title: { recipe: "heading", variants: { size: "2xl" }, css: { mb: "3" } },
  text: { color: "fg.muted", mb: "6" },
  actions: { display: "flex", alignItems: "center", justifyContent: "center", gap: "3", flexWrap: "wrap" },
});

export function ClosingCallToAction({ viewer }: { viewer: HomeViewer }) {
  return (
    <section aria-labelledby="closing-heading" className={closing.section}>
      <div className={closing.container}>
        <h2 id="closing-heading" className={closing.title}>
          {viewer.signedIn ? "Ready for your next piece of equipment?" : "Ready to buy or sell equipment?"}
        </h2>
        <p className={closing.text}>
          Sellers verified by our staff, payment held in escrow until the equipment arrives, and buyer protection on every purchase.
        </p>
        <div className={closing.actions}>
          {!viewer.signedIn ? (
            <AppLink to="/register" className={home.primaryButtonLg}>
              Create an Account
            </AppLink>
          ) : viewer.canSell ? (
            <AppLink to="/create-listing" className={home.primaryButtonLg}>
              Create Listing
            </AppLink>
          ) : (
            <AppLink to="/dashboard" className={home.primaryButtonLg}>
              Go to Dashboard
            </AppLink>
          )}
          <AppLink to="/listings" className={home.outlineButtonLg}>
            Browse Equipment
          </AppLink>
        </div>
      </div>
    </section>
  );
}
