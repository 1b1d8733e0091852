// Promo codes: created and deactivated by staff, applied by the bulk import's fee.
export {
  applyPromoCode,
  createPromoCode,
  deactivatePromoCode,
  generateUniquePromoCode,
  listPromoCodes,
  previewPromoCode,
  PROMO_AUDIT_ACTIONS,
  promoCodeStatistics,
  redeemPromoCode,
} from "./promo-codes.server.ts";
