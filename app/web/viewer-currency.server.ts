// The viewer's currency for "≈ {amount}" beside listing prices (docs/decisions/0069), the one place every
// page that shows a buyer a listing price asks: the member's choice on /profile, else the browser's Accept-Language,
// else the reference currency. With the factors in force, it is what ApproxPrice (app/components/ApproxPrice.tsx)
// and the cards need. Checkout and orders never use it: they are in the listing's currency only.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { currencyOfAcceptLanguage, isCurrency, type ApproxPrices, type Currency } from "~/lib/money.ts";
import type { CurrentUser } from "~/lib/user.ts";
import { currentReferenceFactors } from "~/services/pricing/index.server.ts";

type Rates = Awaited<ReturnType<typeof currentReferenceFactors>>;

/** The currency the viewer reads approximate amounts in. */
function viewerCurrency(request: Request, user: Pick<CurrentUser, "displayCurrency"> | null, reference: Currency): Currency {
  if (user && isCurrency(user.displayCurrency)) return user.displayCurrency;
  return currencyOfAcceptLanguage(request.headers.get("Accept-Language")) ?? reference;
}

/** What ApproxPrice needs, from rates already read. */
export function approxPricesFor(request: Request, user: Pick<CurrentUser, "displayCurrency"> | null, rates: Rates): ApproxPrices {
  return { currency: viewerCurrency(request, user, rates.reference), factors: Object.fromEntries(rates.factors) };
}

/** What ApproxPrice needs: the viewer's currency and the factors in force. */
export async function viewerApproxPrices(db: Kysely<Database>, request: Request, user: Pick<CurrentUser, "displayCurrency"> | null): Promise<ApproxPrices> {
  return approxPricesFor(request, user, await currentReferenceFactors(db));
}
