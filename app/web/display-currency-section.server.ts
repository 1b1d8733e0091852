// The loader side of /profile's "Display currency" section (app/components/profile/DisplayCurrencySection.tsx): the
// member's choice, the currency their browser's language gives, and what the last save did (`?currency=`).
import { BROWSER_CURRENCY, DISPLAY_CURRENCY_MESSAGES } from "~/lib/display-currency.ts";
import { currencyOfAcceptLanguage, isCurrency } from "~/lib/money.ts";
import type { CurrentUser } from "~/lib/user.ts";
import { referenceCurrency } from "~/services/pricing/index.server.ts";

export function displayCurrencySection(request: Request, user: Pick<CurrentUser, "displayCurrency">) {
  const chosen = isCurrency(user.displayCurrency) ? user.displayCurrency : null;
  const asked = new URL(request.url).searchParams.get("currency");
  const notice =
    asked === "saved"
      ? { ok: true, message: DISPLAY_CURRENCY_MESSAGES.saved(chosen) }
      : asked === "refused"
        ? { ok: false, message: DISPLAY_CURRENCY_MESSAGES.unknown }
        : null;
  return {
    chosen: chosen ?? BROWSER_CURRENCY,
    browser: currencyOfAcceptLanguage(request.headers.get("Accept-Language")) ?? referenceCurrency(),
    notice,
  };
}
