// The display-currency setting of /profile: its choices and words. Client-safe.
import { CURRENCIES } from "./money.ts";

/** The form's value for "from my browser's language" (stored as null). */
export const BROWSER_CURRENCY = "browser";

export const DISPLAY_CURRENCY_CHOICES = [BROWSER_CURRENCY, ...CURRENCIES] as const;

export const DISPLAY_CURRENCY_MESSAGES = {
  unknown: `Choose your browser's language or one of ${CURRENCIES.join(", ")}`,
  saved: (currency: string | null) =>
    currency === null ? "Saved: approximate prices follow your browser's language." : `Saved: approximate prices are shown in ${currency}.`,
} as const;
