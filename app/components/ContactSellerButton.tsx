// Contact Seller on a listing or lot page: a plain POST form (works without JavaScript) that opens the conversation
// with the seller on /messages; visitors are asked to sign in first.
import { Button } from "@chakra-ui/react";
import { Form, useLocation } from "@remix-run/react";
import { MessageIcon } from "./icons.tsx";

export function ContactSellerButton({ listingId }: { listingId: number }) {
  const location = useLocation();
  return (
    <Form method="post" action={`/listings/${listingId}/contact`}>
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <Button type="submit" variant="outline" colorPalette="blue">
        <MessageIcon />
        Contact Seller
      </Button>
    </Form>
  );
}
