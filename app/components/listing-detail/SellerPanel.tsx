// Who sells: avatar or initials, company or full name linking to their profile, their rating from buyers' reviews,
// and the Verified Seller badge.
import { initials, publicName } from "~/lib/user.ts";
import { SellerRating } from "../reviews/SellerRating.tsx";
import { ShieldCheckIcon } from "../icons.tsx";
import { panel, seller as look } from "./detail-styles.ts";

export interface SellerPanelData {
  firstName: string;
  lastName: string;
  companyName: string;
  avatarUrl: string | null;
  isVerified: boolean;
  /** With an id, the name links to /user/{id}; with a count, the rating shows. */
  id?: string;
  ratingCount?: number;
  ratingAverage?: number | null;
}

/** The seller's public name (company, else full name). */
function sellerName(seller: SellerPanelData): string {
  return publicName(seller, "Tradebench seller");
}

export function SellerPanel({ seller }: { seller: SellerPanelData }) {
  const name = sellerName(seller);
  return (
    <section aria-labelledby="seller-heading" className={panel.root}>
      <div className={panel.body}>
        <h2 id="seller-heading" className={panel.heading}>
          Seller
        </h2>
        <div className={look.who}>
          <div className={look.avatar}>
            <span className={look.avatarFallback}>{initials({ firstName: seller.firstName, lastName: seller.lastName, email: name })}</span>
            {seller.avatarUrl ? <img src={seller.avatarUrl} alt="" className={look.avatarImage} /> : null}
          </div>
          <div className={look.lines}>
            <p className={look.name} data-testid="seller-name">
              {seller.id ? (
                <a href={`/user/${seller.id}`} className={look.profileLink}>
                  {name}
                </a>
              ) : (
                name
              )}
            </p>
            {seller.ratingCount !== undefined ? (
              <SellerRating average={seller.ratingAverage ?? null} count={seller.ratingCount} className={look.rating} />
            ) : null}
            {seller.isVerified ? (
              <span className={look.verified}>
                <ShieldCheckIcon />
                Verified Seller
              </span>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
