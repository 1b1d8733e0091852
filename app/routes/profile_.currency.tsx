// POST /profile/currency: the member's display currency for "≈" amounts beside listing prices (the
// Display currency section of /profile posts here). Answers with a redirect back to the section, which says what was
// saved or refused, with or without JavaScript. Prices, checkout and orders stay in the listing's currency.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { BROWSER_CURRENCY } from "~/lib/display-currency.ts";
import { DisplayCurrencySchema } from "~/schemas/display-currency.ts";
import { setDisplayCurrency } from "~/services/accounts/index.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

const back = (notice: "saved" | "refused") => redirect(`/profile?currency=${notice}#display-currency`);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/profile#display-currency");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseForm(request, DisplayCurrencySchema);
  if (submission.status !== "success") return back("refused");
  const chosen = submission.value.currency;
  await setDisplayCurrency(getDb(), user.id, chosen === BROWSER_CURRENCY ? null : chosen);
  return back("saved");
}

/**
 * Never shown for itself (the loader sends every visit to /profile); being a page route lets a refused body (too
 * large, not a form) answer with the site's error page and its message, as every other form does.
 */
export default function DisplayCurrencyRefusal() {
  return null;
}
