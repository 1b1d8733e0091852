// The /admin/exchange-rates forms: set one rate (a currency, its day, units per US dollar read by the
// strict parser of app/lib/strict-numbers.ts: no sign, exponent, hexadecimal or separators), or import a file (its
// bytes are read and bounded by the action). The pricing service checks every entry again.
import { z } from "zod";
import { EXCHANGE_RATE_MESSAGES, parseRate, parseRateDay } from "~/lib/exchange-rates.ts";
import { CURRENCIES } from "~/lib/money.ts";

const SetExchangeRateSchema = z.object({
  intent: z.literal("set"),
  currency: z.enum(CURRENCIES, { errorMap: () => ({ message: EXCHANGE_RATE_MESSAGES.currency }) }),
  date: z
    .string({ required_error: EXCHANGE_RATE_MESSAGES.date })
    .trim()
    .max(20, EXCHANGE_RATE_MESSAGES.date)
    .refine((value) => parseRateDay(value) !== null, EXCHANGE_RATE_MESSAGES.date),
  unitsPerUsd: z
    .string({ required_error: EXCHANGE_RATE_MESSAGES.rate })
    .trim()
    .max(30, EXCHANGE_RATE_MESSAGES.rate)
    .refine((value) => parseRate(value) !== null, EXCHANGE_RATE_MESSAGES.rate),
});

const ImportExchangeRatesSchema = z.object({ intent: z.literal("import") });

export const ExchangeRateActionSchema = z.discriminatedUnion("intent", [SetExchangeRateSchema, ImportExchangeRatesSchema]);

/** The file field of the import form. */
export const RATE_FILE_FIELD = "file";
