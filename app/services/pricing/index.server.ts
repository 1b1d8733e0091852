// What the pricing domain offers to routes and the web layer. Price guidance from comparable sales and listings, and the price hints of the listing forms.
// Routes import services through this index; services import each other's files directly.
export * from "./price-guidance.server.ts";
export * from "./price-hints.server.ts";
export {
  applyReferenceRates,
  currentReferenceFactors,
  listExchangeRates,
  parseEcbDailyXml,
  parseExchangeRateCsv,
  recordExchangeRates,
  referenceCurrency,
  type ExchangeRateEntry,
  type ExchangeRatesView,
} from "./exchange-rates.server.ts";
