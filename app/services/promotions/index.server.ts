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
  type NewPromoCode,
  type PromoApplication,
  type PromoApplicationInput,
  type PromoCode,
  type PromoCodesPage,
  type PromoCodeStatistics,
} from "./promo-codes.server.ts";
