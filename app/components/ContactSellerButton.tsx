// Contact Seller on a listing or lot page: a plain POST form (works without JavaScript) that opens the conversation
// with the seller on /messages; visitors are asked to sign in first.
import { Form, useLocation } from "@remix-run/react";
import { staticClasses } from "~/lib/static-styles.ts";
import { MessageIcon } from "./icons.tsx";
import { EmailConfirmationNotice, useNeedsEmailConfirmation } from "./EmailConfirmationBanner.tsx";

// Chakra's <Button variant="outline" colorPalette="blue">, as a static class (app/lib/static-styles.ts).
const contact = staticClasses("contact-seller", {
  button: { recipe: "button", variants: { variant: "outline" }, css: { colorPalette: "blue" } },
});

export function ContactSellerButton({ listingId }: { listingId: number }) {
  const location = useLocation();
  // Messages wait for a confirmed e-mail address: say so instead of a button the server would refuse.
  if (useNeedsEmailConfirmation()) return <EmailConfirmationNotice />;
  return (
    <Form method="post" action={`/listings/${listingId}/contact`}>
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={contact.button}>
        <MessageIcon />
        Contact Seller
      </button>
    </Form>
  );
}
