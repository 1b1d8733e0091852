// /profile's display-currency form: "browser" or one of the marketplace's currencies.
import { z } from "zod";
import { DISPLAY_CURRENCY_CHOICES, DISPLAY_CURRENCY_MESSAGES } from "~/lib/display-currency.ts";

export const DisplayCurrencySchema = z.object({
  currency: z.enum(DISPLAY_CURRENCY_CHOICES, { errorMap: () => ({ message: DISPLAY_CURRENCY_MESSAGES.unknown }) }),
});
