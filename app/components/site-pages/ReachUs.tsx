// How a reader reaches Tradebench from a policy page: the trust & safety mailbox and phone from the server's
// configuration, else the contact form.
import { Link } from "@chakra-ui/react";
import { CONTACT_PAGE } from "~/lib/contact-page.ts";
import { PageLink } from "./PolicyPage.tsx";

export interface TrustAndSafetyLines {
  email: string | null;
  phone: string | null;
}

export function ReachTrustAndSafety({ contact }: { contact: TrustAndSafetyLines }) {
  const { email, phone } = contact;
  if (email || phone) {
    return (
      <>
        Contact our trust &amp; safety team
        {email ? (
          <>
            {" "}
            by e-mail at{" "}
            <Link href={`mailto:${email}`} colorPalette="blue" textDecoration="underline">
              {email}
            </Link>
          </>
        ) : null}
        {email && phone ? " or" : null}
        {phone ? (
          <>
            {" "}
            by phone on{" "}
            <Link href={`tel:${phone.replace(/[^+0-9]/g, "")}`} colorPalette="blue" textDecoration="underline">
              {phone}
            </Link>
          </>
        ) : null}
        .
      </>
    );
  }
  return <ReachSupport />;
}

/** "Write to our team through the contact form", linked. */
export function ReachSupport() {
  return (
    <>
      Write to our team through the <PageLink to={CONTACT_PAGE}>contact form</PageLink>.
    </>
  );
}
