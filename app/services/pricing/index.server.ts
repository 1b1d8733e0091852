// What the pricing domain offers to routes and the web layer. Price guidance from comparable sales and listings, and the price hints of the listing forms.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export {
  applyReferenceRates,
  currentReferenceFactors,
  type ExchangeRateEntry,
  listExchangeRates,
  parseEcbDailyXml,
  parseExchangeRateCsv,
  recordExchangeRates,
  referenceCurrency,
  toReferenceAmount,
} from "./exchange-rates.server.ts";
export { priceGuidance } from "./price-guidance.server.ts";
export { listingPriceHints } from "./price-hints.server.ts";
